import { describe, it, expect } from '@jest/globals';
import { readOutput } from '../../../src/failures/collect.js';
import { judge } from '../../../src/engine/verify.js';
import type { CommandRun } from '../../../src/run/command.js';
import type { TestReport } from '../../../src/failures/test-report.js';
import { byId, emptyProject } from '../../../testkit/readers.js';
import { run as commandRun } from '../../../testkit/fakes.js';

// tape 5.10.2 on fastify/deepmerge (`npx tape test/*.js`); see fixtures/readers/README.md.
const { root, fixture } = emptyProject();
const text = (name: string) => fixture(`readers/tape/${name}.txt`);
const read = (name: string): TestReport => readOutput(text(name), root);

describe('tape: `# name` comments are the tests, the points under them their assertions', () => {
  it('names the tests whose assertions failed, not the assertions', () => {
    const r = read('deepmerge-dates');
    expect(r.format).toBe('node-test-tap');
    expect(r.failures.map((f) => f.id)).toEqual([
      'should replace Date with RegExp',
      'should treat dates like primitives',
      'should treat dates like primitives and should not clone even with clone option',
      'dates should copy correctly in an array',
    ]);
    const dates = byId(r, 'should treat dates like primitives');
    // Both failing assertions of the test, each with tape's expected/actual.
    expect(dates.message).toMatch(/^should be deeply equivalent\nexpected: \{ key: Wed Sep 28 2016.*\nactual: \{ key: \{\} \}\n\nshould be strictly equal\n/);
    expect(dates).toMatchObject({ file: 'test/index.test.js', actual: '{ key: {} }' });
    expect(dates.locations[0]).toEqual({ file: 'test/index.test.js', line: 414, column: 5 });
    expect(r.passed).toContain('should replace dates with arrays');
    expect(r.passed).not.toContain('should be deeply equivalent');
  });

  it('counts tests, not assertions (tape\'s "# tests" counts assertions)', () => {
    const pass = read('deepmerge-pass');
    expect(pass.failures).toEqual([]);
    expect(text('deepmerge-pass')).toMatch(/^# tests 147$/m);
    // 70 `# name` lines besides the summary; two names are used twice, so 68 distinct ids.
    expect(pass.total).toBe(70);
    expect(pass.passed).toHaveLength(68);
    expect(pass.passed).toEqual(expect.arrayContaining(['should replace Date with RegExp', 'should work on another simple array']));
  });

  it('puts a throw that killed the process on the test that was running', () => {
    const r = read('deepmerge-concat-length');
    expect(r.failures.map((f) => [f.id, f.message])).toEqual([['should work on another simple array', 'RangeError: Invalid array length']]);
    expect(r.failures[0]!.locations.map((l) => `${l.file}:${l.line}`)).toEqual(['index.js:54', 'index.js:151', 'test/index.test.js:279']);
  });

  it('judges the pristine run fixed against the failing one: same ids, seen passing', () => {
    const run = (exitCode: number): CommandRun => commandRun(exitCode, { command: 'npx tape test/*.js', output: '', durationMs: 1 });
    for (const broken of ['deepmerge-dates', 'deepmerge-concat-length']) {
      const verdict = judge({ run: run(1), report: read(broken), scope: 'full' }, { run: run(0), report: read('deepmerge-pass'), scope: 'full' });
      expect(verdict.reasons).toEqual([]);
      expect(verdict.fixed).toBe(true);
    }
  });
});
