import { afterEach, describe, expect, it } from '@jest/globals';
import { buildNaiveContext } from '../../src/context/naive.js';
import { makeRepo } from '../../testkit/repo.js';

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
});

describe('buildNaiveContext (the benchmark baseline)', () => {
  it('holds the whole log and every file the diff names, whole and numbered, with no budget', () => {
    const r = makeRepo({ 'src/a.js': 'one\r\ntwo\r\n', 'src/b.js': 'b\n', 'test/a.test.js': 't\n' });
    cleanups.push(r.cleanup);
    const log = Array.from({ length: 3000 }, (_, i) => `line ${i}`).join('\n');
    const diff =
      'diff --git a/src/a.js b/src/a.js\n--- a/src/a.js\n+++ b/src/a.js\n@@ -1 +1 @@\n-x\n+one\ndiff --git a/gone.js b/gone.js\n--- a/gone.js\n+++ /dev/null\n';
    const ctx = buildNaiveContext({ root: r.dir, testCommand: 'npm test', log, diff });
    expect(ctx.text).toContain('line 0\n');
    expect(ctx.text).toContain('line 2999');
    expect(ctx.text).toContain('1: one\n2: two\n```');
    expect(ctx.text).not.toContain('src/b.js');
    expect(ctx.shownRanges).toEqual([{ file: 'src/a.js', start: 1, end: 2 }]);
    expect(ctx.tokens).toBeGreaterThan(7000);
  });
});
