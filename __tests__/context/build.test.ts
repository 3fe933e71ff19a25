import { describe, expect, it } from '@jest/globals';
import { selectHunks } from '../../src/context/diff-text.js';

const hunk = (start: number, body: string) => `@@ -${start},3 +${start},3 @@\n ctx\n-${body}\n+${body}!\n ctx`;
const DIFF = [
  'diff --git a/test/a.test.js b/test/a.test.js',
  '--- a/test/a.test.js',
  '+++ b/test/a.test.js',
  hunk(1, 'test change '.repeat(30)),
  'diff --git a/src/noise.js b/src/noise.js',
  '--- a/src/noise.js',
  '+++ b/src/noise.js',
  hunk(10, 'noise '.repeat(60)),
  'diff --git a/src/big.js b/src/big.js',
  '--- a/src/big.js',
  '+++ b/src/big.js',
  hunk(1000, 'the bug'),
].join('\n');

describe('selectHunks', () => {
  it('returns a diff that fits whole', () => {
    expect(selectHunks(DIFF, 10_000, new Set(), () => false)).toBe(DIFF);
  });

  it('keeps the hunks of files the failures lead to first, and names what it left out', () => {
    const out = selectHunks(DIFF, 80, new Set(['src/big.js']), (f) => f.startsWith('test/'));
    expect(out).toContain('+++ b/src/big.js\n@@ -1000,3 +1000,3 @@');
    expect(out).toContain('+the bug!');
    expect(out).not.toContain('test change');
    expect(out).toMatch(/… 2 more hunks not shown, in test\/a\.test\.js, src\/noise\.js$/);
  });
});
