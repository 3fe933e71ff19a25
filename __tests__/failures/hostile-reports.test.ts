import { describe, expect, it } from '@jest/globals';
import { readJunitXml } from '../../src/failures/readers/junit.js';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { READERS, readReport } from '../../src/failures/collect.js';
import type { CommandRun } from '../../src/run/command.js';
import { tempDir } from '../../testkit/tmp.js';
import { genericReader } from '../../src/failures/readers/generic.js';
import { emptyProject } from '../../testkit/readers.js';
import { limit } from '../../testkit/time.js';

// JUnit XML and nested output written by the code under test, built to stall or crash unbreak:
// entity expansion (billion laughs, one big entity used many times), deep nesting. Each must end
// within the budget, with no exception, and a report that still names the real failure when there is one.
const BUDGET_MS = limit(5_000);
const { root } = emptyProject();

const FAILING =
  '<testcase classname="shop.Cart" name="adds up" file="src/cart.test.js"><failure message="expected 3, got 4">AssertionError</failure></testcase>';

function timed<T>(fn: () => T): { ms: number; value: T } {
  const start = performance.now();
  const value = fn();
  return { ms: performance.now() - start, value };
}

function read(text: string) {
  const { ms, value } = timed(() => readJunitXml([{ path: 'junit.xml', text }], root));
  expect(ms).toBeLessThan(BUDGET_MS);
  return value;
}

describe('the JUnit reader on hostile XML', () => {
  it('a billion laughs (entities of entities) is not expanded', () => {
    const entities = ['<!ENTITY lol0 "lol">'];
    for (let i = 1; i <= 9; i++) entities.push(`<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
    const xml = `<?xml version="1.0"?>\n<!DOCTYPE testsuites [\n${entities.join('\n')}\n]>\n<testsuites><testsuite name="&lol9;">${FAILING}<testcase name="&lol9;"><failure message="&lol9;">&lol9;</failure></testcase></testsuite></testsuites>`;
    const report = read(xml);
    expect(JSON.stringify(report ?? {}).length).toBeLessThan(1_000_000);
    expect(report?.failures.map((f) => f.name)).toContain('shop.Cart > adds up');
  });

  it('one big entity referenced many times does not blow up', () => {
    const big = 'x'.repeat(9_000);
    const uses = '&big;'.repeat(200_000);
    const xml = `<?xml version="1.0"?>\n<!DOCTYPE testsuites [<!ENTITY big "${big}">]>\n<testsuites><testsuite name="s">${FAILING}<testcase name="t"><failure message="m">${uses}</failure></testcase></testsuite></testsuites>`;
    const report = read(xml);
    expect(JSON.stringify(report ?? {}).length).toBeLessThan(10_000_000);
  });

  it('the XML escapes of a long, ordinary failure are all read (no cap on their count)', () => {
    const message = 'List&lt;String&gt; &amp; &#60;T&#62; '.repeat(30_000);
    const report = read(
      `<testsuites><testsuite name="s"><testcase classname="shop.Cart" name="adds up"><failure message="m">${message}</failure></testcase></testsuite></testsuites>`,
    );
    expect(report?.failures.map((f) => f.name)).toEqual(['shop.Cart > adds up']);
  });

  it.each([50, 200_000])('suites nested %i deep', (depth) => {
    const xml = `<testsuites>${'<testsuite name="s">'.repeat(depth)}${FAILING}${'</testsuite>'.repeat(depth)}</testsuites>`;
    const report = read(xml);
    // Past the parser's nesting limit the file is not read (the output's own reader still is); below it, the failure is found.
    if (depth <= 50) expect(report?.failures.map((f) => f.name)).toContain('shop.Cart > adds up');
  });

  it('a million elements of other kinds', () => {
    const xml = `<testsuites><testsuite name="s">${FAILING}${'<properties><property name="a" value="b"/></properties>'.repeat(200_000)}</testsuite></testsuites>`;
    const report = read(xml);
    expect(report?.failures.map((f) => f.name)).toContain('shop.Cart > adds up');
  });
});

describe('output readers on deep nesting', () => {
  const nested = [
    ['brackets', `FAIL src/a.test.js\n  ● adds\n    expect(received).toEqual(expected)\n${'['.repeat(500_000)}${']'.repeat(500_000)}\n`],
    // 8 MB of a TAP diagnostics block whose keys nest ever deeper: a nested value's trailing-space trim used to backtrack over every indentation run.
    [
      'YAML blocks',
      `TAP version 13\nnot ok 1 - adds\n  ---\n${Array.from({ length: 2_800 }, (_, i) => `${'  '.repeat(i + 1)}k${i}:`).join('\n')}\n  ...\n1..1\n`,
    ],
    ['indented stack', `not ok 1 - adds\n${Array.from({ length: 20_000 }, (_, i) => `${' '.repeat(i % 4000)}at f${i} (src/a.js:${i}:1)`).join('\n')}\n`],
  ] as const;
  it.each(nested)('%s', (_what, output) => {
    for (const reader of [...READERS, genericReader]) {
      const { ms } = timed(() => reader.read({ output, root }));
      expect([reader.name, ms < BUDGET_MS]).toEqual([reader.name, true]);
    }
  });

  it('the TAP reader reads 8 MB of nested diagnostics in well under the budget (it took 10 s)', () => {
    const output = nested[1][1];
    expect(output.length).toBeGreaterThan(7_500_000);
    const tap = READERS.find((r) => r.name === 'node-test-tap')!;
    expect(timed(() => tap.read({ output, root })).ms).toBeLessThan(limit(2_000));
  });
});

describe('many large JUnit files', () => {
  it('are read up to a total size, within the budget, and their failures still found', async () => {
    const t = tempDir('unbreak-junit-many-');
    try {
      const startedAt = Date.now();
      const filler = '<properties><property name="a" value="b"/></properties>'.repeat(180_000);
      for (let i = 0; i < 10; i++)
        writeFileSync(path.join(t.dir, `junit-${i}.xml`), `<testsuites><testsuite name="s${i}">${FAILING}${filler}</testsuite></testsuites>`);
      const run: CommandRun = {
        command: 'npm test',
        output: '',
        exitCode: 1,
        timedOut: false,
        notFound: false,
        durationMs: 10,
        startedAt,
        outputBytes: 0,
        droppedBytes: 0,
      };
      const start = performance.now();
      const report = await readReport(run, t.dir, 'junit-*.xml');
      // A hang guard, not a timing: reading up to the cap is seconds of real work, which a busy machine stretches.
      expect(performance.now() - start).toBeLessThan(4 * BUDGET_MS);
      expect(report.failures.map((f) => f.name)).toContain('shop.Cart > adds up');
    } finally {
      t.cleanup();
    }
  });
});
