import { describe, expect, it } from '@jest/globals';
import { coveringFix, fixBranch, fixMarker, parseFixMarker, type FixPr } from '../../src/event/red-branch.js';

const fix = (number: number, ids: string[]): FixPr => ({
  number,
  url: `https://github.example/acme/shop/pull/${number}`,
  headRef: 'unbreak/fix-abc1234',
  baseRef: 'main',
  ids,
});

describe('the fix PR marker', () => {
  it('round-trips the ids, sorted and unique', () => {
    const marker = fixMarker(['b > two', 'a one', 'b > two']);
    expect(parseFixMarker(`Some text\n\n${marker}\nmore`)).toEqual(['a one', 'b > two']);
  });

  it('a test name cannot end the HTML comment or open a tag', () => {
    const marker = fixMarker(['evil --> <img src=x onerror=alert(1)>']);
    expect(marker.indexOf('-->')).toBe(marker.length - 3);
    expect(marker).not.toContain('<img');
    expect(parseFixMarker(marker)).toEqual(['evil --> <img src=x onerror=alert(1)>']);
  });

  it('a body without a marker, or with a broken one, lists nothing', () => {
    expect(parseFixMarker('no marker')).toBeUndefined();
    expect(parseFixMarker('<!-- unbreak-fixes: [not json -->')).toBeUndefined();
    expect(parseFixMarker(null)).toBeUndefined();
  });
});

describe('one fix PR per failure', () => {
  it('a PR covers a run only when its marker lists every failing id', () => {
    const fixes = [fix(12, ['a', 'b']), fix(13, ['a', 'b', 'c'])];
    expect(coveringFix(fixes, ['a'])?.number).toBe(12);
    expect(coveringFix(fixes, ['a', 'c'])?.number).toBe(13);
    expect(coveringFix(fixes, ['a', 'd'])).toBeUndefined();
    expect(coveringFix(fixes, [])).toBeUndefined();
  });

  it('the branch is unbreak/fix- and the first 7 of the red commit', () => {
    expect(fixBranch('0123456789abcdef0123456789abcdef01234567')).toBe('unbreak/fix-0123456');
  });
});
