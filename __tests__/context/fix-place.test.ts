import { afterEach, describe, expect, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fixPlace } from '../../src/context/fix-place.js';
import { gitIn, makeRepo } from '../../testkit/repo.js';

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
});

const numbered = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag} ${i + 1}`).join('\n') + '\n';

/** A PR (branch `feature` against main) and a fix made on its head: both diffs as git writes them. */
function place(change: Record<string, string>, fix: Record<string, (text: string) => string>) {
  const base = { 'src/a.js': numbered(60, 'a'), 'src/b.js': numbered(60, 'b'), 'test/a.test.js': numbered(5, 't') };
  const r = makeRepo(base, change);
  cleanups.push(r.cleanup);
  const prDiff = gitIn(r.dir, 'diff', 'main');
  for (const [file, edit] of Object.entries(fix)) {
    const abs = path.join(r.dir, file);
    writeFileSync(abs, edit(gitIn(r.dir, 'show', `HEAD:${file}`) + '\n'));
  }
  return fixPlace(prDiff, gitIn(r.dir, 'diff', 'HEAD'));
}

const prChangesA10 = { 'src/a.js': numbered(60, 'a').replace('a 10\n', 'a ten\n') };

describe('fixPlace: where the fix lies relative to the lines the PR changes', () => {
  it('in the PR’s own lines', () => {
    expect(place(prChangesA10, { 'src/a.js': (t) => t.replace('a ten\n', 'a 10\n') })).toBe('Where the fix is: in the lines this PR changes (`src/a.js`).');
  });

  it('in a file the PR changes, away from its lines', () => {
    expect(place(prChangesA10, { 'src/a.js': (t) => t.replace('a 50\n', 'a fifty\n') })).toBe(
      'Where the fix is: outside the lines this PR changes, in `src/a.js` (a file the PR changes, at other lines).',
    );
  });

  it('in a file the PR does not touch: a test-only PR', () => {
    const testOnly = { 'test/a.test.js': numbered(5, 't') + 't new\n' };
    expect(place(testOnly, { 'src/b.js': (t) => t.replace('b 30\n', 'b thirty\n') })).toBe(
      'Where the fix is: outside the lines this PR changes, in `src/b.js` (a file the PR does not touch).',
    );
  });

  it('in both, each file said once', () => {
    expect(place(prChangesA10, { 'src/a.js': (t) => t.replace('a ten\n', 'a 10\n'), 'src/b.js': (t) => t.replace('b 3\n', 'b three\n') })).toBe(
      'Where the fix is: in the lines this PR changes (`src/a.js`) and outside them, in `src/b.js` (a file the PR does not touch).',
    );
  });

  it('a line inserted right after a line the PR added counts as the PR’s lines', () => {
    expect(place(prChangesA10, { 'src/a.js': (t) => t.replace('a ten\n', 'a ten\na ten and a half\n') })).toBe(
      'Where the fix is: in the lines this PR changes (`src/a.js`).',
    );
  });

  it('says nothing without a PR to compare with, or without a fix', () => {
    expect(fixPlace('', 'diff --git a/x b/x\n')).toBeUndefined();
    expect(place(prChangesA10, {})).toBeUndefined();
  });
});
