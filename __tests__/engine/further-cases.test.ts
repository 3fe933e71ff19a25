import { afterEach, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { casesPath, isFurtherCase } from '../../src/engine/cases-file.js';
import { weighCasesRun } from '../../src/engine/further-cases.js';
import type { TestResult } from '../../src/engine/types.js';
import { readOutput } from '../../src/failures/collect.js';
import { casesFromAnswer, casesMessage } from '../../src/model/cases-request.js';
import { Workspace } from '../../src/workspace/workspace.js';
import { makeRepo, treeSnapshot } from '../../testkit/repo.js';
import { tempDir } from '../../testkit/tmp.js';

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.reverse()) c();
  cleanups = [];
});

describe('where the further cases are written', () => {
  const none = () => false;
  it.each([
    ['test_ledger.py', 'test_ledger_unbreak.py'],
    ['tests/test_convert.py', 'tests/test_convert_unbreak.py'],
    ['tests/convert_test.py', 'tests/convert_unbreak_test.py'],
    ['test/slug.test.js', 'test/slug.unbreak.test.js'],
    ['src/date.spec.ts', 'src/date.unbreak.spec.ts'],
    ['lib/test-parse.mjs', 'lib/test-parse-unbreak.mjs'],
    ['pct_test.go', 'pct_unbreak_test.go'],
    ['internal/fx/fx_test.go', 'internal/fx/fx_unbreak_test.go'],
    ['test/router.js', 'test/router_unbreak.js'],
    ['tests/roster.rs', 'tests/roster_unbreak.rs'],
    ['src/lib.rs', 'tests/unbreak_cases.rs'],
    ['crates/vat/src/rates/mod.rs', 'crates/vat/tests/unbreak_cases.rs'],
  ])('%s → %s', (test, cases) => {
    expect(casesPath(test, none)).toBe(cases);
  });

  it('takes the next free name, and writes none for a language it does not ask in', () => {
    expect(casesPath('test_a.py', (rel) => rel === 'test_a_unbreak.py')).toBe('test_a_unbreak2.py');
    expect(casesPath('spec/money_spec.rb', none)).toBeUndefined();
  });
});

describe('the answer holding the cases', () => {
  it('is the fenced block, the longest of several, with or without a language', () => {
    expect(casesFromAnswer('```python\nimport x\n\ndef test_unbreak_a():\n    assert x.f(2) == 4\n```')).toBe(
      'import x\n\ndef test_unbreak_a():\n    assert x.f(2) == 4\n',
    );
    expect(casesFromAnswer('Here:\n```\nshort\n```\nand\n~~~go\npackage p\n\nfunc TestUnbreakA(t *testing.T) {}\n~~~\n')).toContain('package p');
    expect(casesFromAnswer('I would test 21 items at 10 a page.')).toBeUndefined();
    expect(casesFromAnswer('```\n\n```')).toBeUndefined();
  });

  it('asks with the failing tests, their file and the code before the fix, and never the patch', () => {
    const text = casesMessage(
      {
        path: 'test/pages.unbreak.test.js',
        failures: [{ id: 'test/pages.test.js > partial page', message: 'Expected 3, got 2' }],
        testFile: { path: 'test/pages.test.js', text: 'assert.equal(pages(25, 10), 3);\n' },
        sources: [{ path: 'src/pages.js', text: 'return Math.floor(items / per);\n' }],
      },
      3000,
    );
    expect(text).toContain('Expected 3, got 2');
    expect(text).toContain('pages(25, 10)');
    expect(text).toContain('Math.floor');
    expect(text).toContain('Write the file test/pages.unbreak.test.js.');
  });
});

/** A recorded run of a real runner, read as the engine reads it, in a folder made for it. */
function recordedRun(output: string, exitCode: number, files: Record<string, string> = {}): TestResult {
  const { dir, cleanup } = tempDir();
  cleanups.push(cleanup);
  for (const [rel, text] of Object.entries(files)) writeFileSync(path.join(dir, rel), text);
  const text = output.replaceAll('@ROOT@', dir).replaceAll(/\/tmp\/unbreak-judge-cases\/[^/\s]+/g, dir);
  return { run: { exitCode, timedOut: false }, report: readOutput(text, dir), scope: 'full' } as unknown as TestResult;
}

const judgeOutput = (name: string) =>
  JSON.parse(readFileSync(path.resolve('bench/judge/outputs', `${name}.cases.json`), 'utf8')) as { output: string; exitCode: number; path: string };
const fixture = (name: string) => readFileSync(path.resolve('__tests__/fixtures/further-cases', name), 'utf8');
const FILE = { path: 'cases', text: '' };

describe('what a run with the further cases shows', () => {
  // Real runs (bench/judge/further.ts): each runner's cases failing on a patch fitted to the tests.
  it.each([
    [
      'go test',
      'h9-go-round-for-ceil',
      { 'go.mod': 'module example.com/pages\n\ngo 1.19\n' },
      ['TestUnbreakSingleItemNeedsOnePage', 'TestUnbreakOneOverAFullPage'],
    ],
    ['pytest', 'h9-py-cents-from-str', {}, ['test_unbreak_whole_euros']],
    ['node --test', 'h9-js-route-param-any', {}, ['unbreak: a parameter is one segment, extra segment does not match']],
    ['cargo test', 'h9-rs-default-set-to-tested', {}, ['unbreak_retries_alone']],
  ])('%s: the cases that fail are counterexamples', (_runner, name, files, some) => {
    const recorded = judgeOutput(name);
    const evidence = weighCasesRun(recordedRun(recorded.output, recorded.exitCode, files), FILE);
    expect(evidence.kind).toBe('counterexample');
    const failing = evidence.kind === 'counterexample' ? evidence.failing.map((f) => f.name) : [];
    for (const n of some) expect(failing.some((f) => f.includes(n))).toBe(true);
  });

  it('every case passing on a right fix is no counterexample', () => {
    const recorded = judgeOutput('h9-go-ceil');
    expect(recorded.exitCode).toBe(0);
    expect(weighCasesRun(recordedRun(recorded.output, 0, { 'go.mod': 'module example.com/pages\n\ngo 1.19\n' }), FILE).kind).toBe('held');
  });

  it.each([
    ['go test', 'go-cases-do-not-compile.txt', { 'go.mod': 'module example.com/pages\n\ngo 1.19\n' }],
    ['pytest', 'pytest-cases-do-not-import.txt', {}],
    ['node --test', 'node-cases-do-not-parse.txt', {}],
    ['cargo test', 'cargo-cases-do-not-compile.txt', {}],
  ])('%s: a cases file that does not compile or load is no evidence', (_runner, name, files) => {
    const evidence = weighCasesRun(recordedRun(fixture(name), 1, files), FILE);
    expect(evidence).toMatchObject({ kind: 'none' });
  });

  it('a failure that is not one of the cases (a flaky test beside them) makes the run no evidence', () => {
    const recorded = JSON.parse(readFileSync(path.resolve('bench/judge/outputs/h9-py-cents-from-str.json'), 'utf8')) as { output: string };
    expect(weighCasesRun(recordedRun(recorded.output, 1), FILE)).toMatchObject({ kind: 'none', why: expect.stringContaining('failed beside them') });
    expect(weighCasesRun(recordedRun('', 1), FILE)).toMatchObject({ kind: 'none' });
  });

  it('names a case by the marker in its name, not by the file a compile error names', () => {
    expect(isFurtherCase({ name: 'TestUnbreakOne' })).toBe(true);
    expect(isFurtherCase({ name: 'example.com/pages [build failed]' })).toBe(false);
    expect(isFurtherCase({ name: 'error[E0425]: cannot find function `unbreak_helper` in this scope' })).toBe(false);
    expect(isFurtherCase({ name: 'test_unbreak_a', synthetic: true })).toBe(false);
  });
});

describe('the cases file in the work tree', () => {
  it('is written where no file is, never in the patch, and taken away with its folders and bytecode', () => {
    const repo = makeRepo({ 'src/a.py': 'x = 1\n', 'test_a.py': 'from src.a import x\n' });
    cleanups.push(repo.cleanup);
    const before = treeSnapshot(repo.dir);
    const ws = new Workspace(repo.dir, { protect: [], allowTestEdits: false });
    expect(ws.edit('src/a.py', 'x = 1', 'x = 2')).toMatchObject({ ok: true });
    expect(ws.writeScratch('test_a.py', 'overwrite')).toContain('exists');
    expect(ws.writeScratch('../outside_unbreak.py', 'x')).toBeDefined();
    expect(ws.writeScratch('tests/deep/test_a_unbreak.py', 'def test_unbreak(): pass\n')).toBeUndefined();
    mkdirSync(path.join(repo.dir, 'tests/deep/__pycache__'));
    writeFileSync(path.join(repo.dir, 'tests/deep/__pycache__/test_a_unbreak.cpython-311-pytest-8.3.2.pyc'), '');
    expect(ws.changedFiles()).toEqual(['src/a.py']);
    expect(ws.patch()).not.toContain('unbreak');
    ws.removeScratch();
    expect(existsSync(path.join(repo.dir, 'tests'))).toBe(false);
    expect(ws.writeScratch('test_a_unbreak.py', 'x')).toBeUndefined();
    ws.restore();
    expect(treeSnapshot(repo.dir)).toEqual(before);
  });
});
