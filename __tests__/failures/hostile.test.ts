import { describe, it, expect } from '@jest/globals';
import { READERS, readReport } from '../../src/failures/collect.js';
import { genericReader } from '../../src/failures/readers/generic.js';
import { findLocations } from '../../src/failures/locations.js';
import type { Reader } from '../../src/failures/test-report.js';
import type { CommandRun } from '../../src/run/command.js';
import { emptyProject } from '../../testkit/readers.js';
import { limit } from '../../testkit/time.js';

// Test output is written by the code under test, so it may be built to stall unbreak itself (issue 18 item 3).
// Stretched on a loaded machine (testkit/time.ts): what is measured is linear against quadratic time, not speed.
const BUDGET_MS = limit(5_000);
const SIZE = 8 * 1024 * 1024;

const { root, fixture: recorded } = emptyProject();
const fixture = (tool: string, name: string) => recorded(`readers/${tool}/${name}`);

/** A real failing run of each format, so every reader gets past its own detection and into its parsing. */
const SAMPLES: Record<string, string> = {
  jest: fixture('jest', 'fail-verbose.txt'),
  vitest: fixture('vitest', 'fail-verbose.txt'),
  'node-test-tap': fixture('node-test', 'node20-tap-fail.txt'),
  'node-test-spec': fixture('node-test', 'node24-spec-fail.txt'),
  mocha: fixture('mocha', 'fail.txt'),
  pytest: fixture('pytest', 'failing.txt'),
  go: fixture('go', 'failing-v.txt'),
  cargo: fixture('cargo', 'failing.txt'),
  generic: fixture('generic', 'node-crash.txt'),
  'node-tap': fixture('node-tap', 't21-fail.txt'),
};

/** The three shapes from the red-team report, repeated up to 8 MB, placed inside a failure of the sample. */
function hostile(sample: string): string {
  const word = 'a'.repeat(6_000); // REF used to backtrack cubically over one long word
  const blanks = ' \n'.repeat(80_000) + '\t \n'.repeat(80_000); // 160 KB+ of whitespace-only lines
  const longLine = `Error: ${'x/'.repeat(400_000)}y.js ${'( '.repeat(200_000)}`;
  const block = [`AssertionError: expected ${word} to equal ${word}.js`, `    at ${word}`, blanks, longLine, ''].join('\n');
  const lines = sample.split('\n');
  // After the first line that reads as a failure, so the hostile text lands in a failure message.
  const at = Math.max(0, lines.findIndex((l) => /fail|error|✖|not ok|panicked/i.test(l)) + 1);
  let middle = '';
  while (middle.length + sample.length < SIZE) middle += block;
  return [...lines.slice(0, at), middle, ...lines.slice(at)].join('\n');
}

function timed(fn: () => unknown): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

describe('readers stay bounded on hostile output', () => {
  const readers: Reader[] = [...READERS, genericReader];
  it.each(readers.map((r) => [r.name, r] as const))('%s finishes 8 MB within the budget', (name, reader) => {
    const output = hostile(SAMPLES[name] ?? SAMPLES.generic!);
    expect(output.length).toBeGreaterThanOrEqual(SIZE);
    expect(timed(() => reader.read({ output, root }))).toBeLessThan(BUDGET_MS);
  });

  it('findLocations is linear in a long word', () => {
    const text = `${'a'.repeat(6_000)} ${'b/'.repeat(100_000)}c ${'d'.repeat(1_000_000)}`;
    expect(timed(() => findLocations(text, '/repo'))).toBeLessThan(BUDGET_MS);
    expect(findLocations(`${'a'.repeat(6_000)} at src/x.js:3:4`, '/repo')).toEqual([{ file: 'src/x.js', line: 3, column: 4 }]);
  });

  it.each(Object.keys(SAMPLES))('readReport finishes 8 MB of hostile %s output within the budget', async (name) => {
    const output = hostile(SAMPLES[name]!);
    const run: CommandRun = {
      command: 'npm test',
      output,
      exitCode: 1,
      timedOut: false,
      notFound: false,
      durationMs: 10,
      startedAt: Date.now(),
      outputBytes: output.length,
      droppedBytes: 0,
    };
    const start = performance.now();
    const report = await readReport(run, root, '__no_junit__/*.xml');
    expect(performance.now() - start).toBeLessThan(BUDGET_MS);
    expect(report.failures.length).toBeGreaterThan(0);
  });
});
