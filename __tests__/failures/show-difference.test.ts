import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { jestReader } from '../../src/failures/readers/jest.js';
import { describeFailure } from '../../src/failures/test-report.js';
import { firstDifferentLines, showDifference } from '../../src/failures/show.js';

/** What differs is what the model and people need: never a hunk header alone, never two whole values cut in the middle. */
describe('show what differs', () => {
  it('a long snapshot mismatch (real jest output): the - and + lines with a little context, no hunk header', () => {
    const output = readFileSync(new URL('../fixtures/readers/jest/snapshot-long.txt', import.meta.url), 'utf8');
    const failure = jestReader.read({ output, root: '/tmp/unbreak-fixture/jest-snapshot' })!.failures[0]!; // path as data: the reader only computes paths against it
    const text = describeFailure(failure);
    expect(text).toContain(
      ['```diff', '…', ' row 19: same', ' row 20: same', '-row 21: value 1', '+row 21: value 2', ' row 22: same', ' row 23: same', '```'].join('\n'),
    );
    expect(text).not.toMatch(/expected: '? ?-16,11/);
    expect(text).not.toContain('row 16: same\n  row 17');
  });

  it('multi-line values: only the differing lines, with two lines of context, in order', () => {
    const expected = ['Object {', '  "a": 1,', '  "b": 2,', '  "c": 3,', '  "d": 4,', '  "e": 5,', '}'].join('\n');
    const actual = expected.replace('"d": 4', '"d": 40');
    expect(showDifference(expected, actual)).toBe(['…', '   "b": 2,', '   "c": 3,', '-  "d": 4,', '+  "d": 40,', '   "e": 5,', ' }'].join('\n'));
    expect(showDifference('one', 'two')).toBeUndefined();
  });

  it('a one-line summary shows the first line that differs', () => {
    expect(firstDifferentLines('Object {\n  "port": 80,\n}', 'Object {\n  "port": "80",\n}')).toEqual({ expected: '"port": 80,', actual: '"port": "80",' });
  });
});
