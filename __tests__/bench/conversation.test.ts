import { describe, expect, it } from '@jest/globals';
import { seenAround, seenRuns, uniqueWindow, windowUniqueAsSeen, type WireMessage } from '../../bench/conversation.js';

// The benchmark's "first request holds the lines to change" figure and the scripted model's
// decision to edit or to read both rest on what counts as seen.

const FILE = ['function a() {', '  return 1;', '}', '', 'function b() {', '  return 1;', '}'];
const user = (content: string): WireMessage => ({ role: 'user', content });

describe('seenRuns', () => {
  it('reads numbered lines as one run and breaks it where the numbering jumps', () => {
    const runs = seenRuns([user('1: function a() {\n2:   return 1;\n5: function b() {\n6:   return 1;')]);
    expect(runs).toEqual([
      ['function a() {', 'return 1;'],
      ['function b() {', 'return 1;'],
    ]);
  });

  it('takes the new side of a diff and skips removed lines', () => {
    const runs = seenRuns([user('```diff\n@@ -1,3 +1,3 @@\n function a() {\n-  return 0;\n+  return 1;\n }\n```')]);
    expect(runs).toEqual([['function a() {', 'return 1;', '}']]);
  });

  it('ignores what the assistant and the system said', () => {
    expect(
      seenRuns([
        { role: 'assistant', content: '1: function a() {' },
        { role: 'system', content: 'function a() {' },
      ]),
    ).toEqual([]);
  });

  it('reads tool results', () => {
    expect(seenRuns([{ role: 'tool', content: '1: function a() {\n2:   return 1;' }])).toEqual([['function a() {', 'return 1;']]);
  });
});

describe('seenAround', () => {
  it('is undefined when no run shows the lines', () => {
    expect(seenAround(seenRuns([user('1: function a() {')]), FILE, 1, 1)).toBeUndefined();
  });

  it('widens to the lines the run shows around the change', () => {
    const runs = seenRuns([user('4: \n5: function b() {\n6:   return 1;\n7: }')]);
    expect(seenAround(runs, FILE, 5, 5)).toEqual([3, 6]);
  });

  it('forgives indentation', () => {
    expect(seenAround([['function b() {', 'return 1;']], FILE, 5, 5)).toEqual([4, 5]);
  });
});

describe('uniqueWindow (the figure: unique in the file)', () => {
  it('grows a repeated line until the window occurs once in the file', () => {
    expect(uniqueWindow(FILE, 5, 5, 3, 6)).toEqual([4, 5]);
  });

  it('is undefined when the seen stretch is too small to be unique', () => {
    expect(uniqueWindow(FILE, 5, 5, 5, 6)).toBeUndefined();
  });
});

describe('windowUniqueAsSeen (the model: unique in what it was shown)', () => {
  it('takes a repeated line alone when the conversation showed it once', () => {
    const runs = seenRuns([user('5: function b() {\n6:   return 1;\n7: }')]);
    expect(windowUniqueAsSeen(runs, FILE, 5, 5, 4, 6)).toEqual([5, 5]);
  });

  it('grows it when one run shows it twice', () => {
    const runs = [FILE.map((l) => l.trim())];
    expect(windowUniqueAsSeen(runs, FILE, 5, 5, 0, 6)).toEqual([4, 5]);
  });

  it('widens by the margin after an ambiguous edit, and gives up when the seen stretch is exhausted', () => {
    const runs = seenRuns([user('5: function b() {\n6:   return 1;\n7: }')]);
    expect(windowUniqueAsSeen(runs, FILE, 5, 5, 4, 6, 2)).toEqual([4, 6]);
    expect(windowUniqueAsSeen(runs, FILE, 5, 5, 5, 5, 2)).toBeUndefined();
  });
});
