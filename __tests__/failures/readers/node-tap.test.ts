import { describe, it, expect } from '@jest/globals';
import { READERS, readOutput } from '../../../src/failures/collect.js';
import { judge } from '../../../src/engine/verify.js';
import type { CommandRun } from '../../../src/run/command.js';
import type { TestReport } from '../../../src/failures/test-report.js';
import { byId, emptyProject } from '../../../testkit/readers.js';
import { run as commandRun } from '../../../testkit/fakes.js';

// node-tap (the `tap` package) as `npm test` prints it on a pipe; see fixtures/readers/README.md.
// Each version ran in /tmp/tapfix/<v>; here each is replayed in the same empty folder.
const { root, fixture } = emptyProject();
const text = (name: string) => fixture(`readers/node-tap/${name}.txt`);
const read = (name: string): TestReport => readOutput(text(name), root);

const FAILING = ['test/broken.js', 'test/math.js > adds small numbers', 'test/math.js > diff versions test', 'test/math.js > nested group > inner fail'];

describe.each([
  ['tap 16 (TAP 13)', 't16'],
  ['tap 21 (TAP 14)', 't21'],
])('%s', (_label, v) => {
  it('is read as TAP, by the TAP reader alone', () => {
    const output = text(`${v}-fail`);
    const claimed = READERS.filter((r) => r.read({ output, root }) !== undefined).map((r) => r.name);
    expect(claimed).toEqual(['node-test-tap']);
    expect(read(`${v}-fail`).format).toBe('node-test-tap');
  });

  it('counts test cases: not the files, suites or assertions around them, nor skips and todos', () => {
    const r = read(`${v}-fail`);
    expect(r.failures.map((f) => f.id)).toEqual(FAILING);
    // `# time=…` is a directive: never part of a name.
    expect(r.failures.every((f) => !f.id.includes('#'))).toBe(true);
    expect(r.passed).toEqual(['test/math.js > passes', 'test/math.js > nested group > inner pass', 'test/ok.js > all good', 'test/ok.js > also good']);
    expect(r.total).toBe(7);
  });

  it('a file that fails by itself still counts, named as what it is, with its error', () => {
    const broken = byId(read(`${v}-fail`), 'test/broken.js');
    expect(broken).toMatchObject({ name: '(suite failed to run)', file: 'test/broken.js', synthetic: true });
    expect(broken.message).toBe("Error: Cannot find module '../config.json'");
    expect(broken.locations[0]).toEqual({ file: 'test/broken.js', line: 2, column: 16 });
  });

  it('tells the model the failing assertion and where it is', () => {
    const r = read(`${v}-fail`);
    const diff = byId(r, 'test/math.js > diff versions test');
    expect(diff.message).toMatch(/^two plus two\n/);
    expect(diff.locations[0]).toEqual({ file: 'test/math.js', line: 7, column: 5 });
    const inner = byId(r, 'test/math.js > nested group > inner fail');
    expect(inner.message).toMatch(/^should be equivalent\n[\s\S]*-\s+"a": 2,\n\+\s+"a": 1,/);
  });

  it('judges the fixed run fixed: every failing case is seen passing again under the same id', () => {
    const run = (exitCode: number): CommandRun => commandRun(exitCode, { command: 'npm test', output: '', durationMs: 1 });
    const verdict = judge({ run: run(1), report: read(`${v}-fail`), scope: 'full' }, { run: run(0), report: read(`${v}-fixed`), scope: 'full' });
    expect(verdict.reasons).toEqual([]);
    expect(verdict.fixed).toBe(true);
  });
});

describe('TAP test points', () => {
  const tap = (body: string) => readOutput(`TAP version 13\n${body}`, '/repo');

  it('keeps directives and comments out of names, whatever they say', () => {
    const r = tap(
      [
        'not ok 1 - diff versions test # time=60.507ms',
        'ok 2 - parses \\# signs # time=1ms',
        'not ok 3 - flaky one # retry 2',
        'ok 4 - later # SKIP no network',
        'not ok 5 - unfinished # TODO',
        '1..5',
      ].join('\n'),
    );
    expect(r.failures.map((f) => f.id)).toEqual(['diff versions test', 'flaky one']);
    expect(r.passed).toEqual(['parses # signs']);
  });

  it('the semver case: the same test matches across runs whatever its time', () => {
    const before = tap('# Subtest: diff versions test\n    ok 1 - x\n    not ok 2 - y\n    1..2\nnot ok 1 - diff versions test # time=60.507ms\n1..1');
    const after = tap('# Subtest: diff versions test\n    ok 1 - x\n    ok 2 - y\n    1..2\nok 1 - diff versions test # time=12.3ms\n1..1');
    expect(before.failures.map((f) => f.id)).toEqual(['diff versions test']);
    expect(after.passed).toEqual(['diff versions test']);
  });
});
