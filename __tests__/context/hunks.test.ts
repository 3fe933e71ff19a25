import { describe, expect, it } from '@jest/globals';
import { isLowValueFile, isSourceFile, isVersionBump, parseDiff } from '../../src/context/hunks.js';

const DIFF = [
  'diff --git a/package.json b/package.json',
  '--- a/package.json',
  '+++ b/package.json',
  '@@ -2,3 +2,3 @@',
  '   "name": "x",',
  '-  "version": "1.0.0",',
  '+  "version": "1.1.0",',
  '   "private": true',
  '@@ -9,3 +9,4 @@',
  '   "devDependencies": {',
  '-    "eslint": "^8.56.0"',
  '+    "eslint": "^8.57.0",',
  '+    "prettier": "^3.2.5"',
  '   }',
  '@@ -20,2 +21,3 @@',
  '   "scripts": {',
  '+    "build": "tsc"',
  '   }',
  'diff --git a/src/a.js b/src/a.js',
  '--- a/src/a.js',
  '+++ b/src/a.js',
  '@@ -0,0 +1,2 @@',
  '+export const a = 1;',
  '+export const b = 2;',
].join('\n');

describe('parseDiff', () => {
  it('gives each hunk its file, new-side lines and whether it removes lines', () => {
    const hunks = parseDiff(DIFF);
    expect(hunks.map((h) => [h.file, h.newStart, h.newEnd, h.removes])).toEqual([
      ['package.json', 2, 4, true],
      ['package.json', 9, 12, true],
      ['package.json', 21, 23, false],
      ['src/a.js', 1, 2, false],
    ]);
  });
});

describe('isVersionBump', () => {
  it('is a manifest hunk whose changed lines are all versions (own or dependencies)', () => {
    const [own, deps, script, src] = parseDiff(DIFF);
    expect(isVersionBump(own!)).toBe(true);
    expect(isVersionBump(deps!)).toBe(true);
    expect(isVersionBump(script!)).toBe(false);
    expect(isVersionBump(src!)).toBe(false);
  });

  it('knows Cargo.toml and pyproject.toml', () => {
    const toml = (file: string) =>
      parseDiff(`diff --git a/${file} b/${file}\n--- a/${file}\n+++ b/${file}\n@@ -3 +3 @@\n-version = "0.4.2"\n+version = "0.5.0"`)[0]!;
    expect(isVersionBump(toml('Cargo.toml'))).toBe(true);
    expect(isVersionBump(toml('sub/pyproject.toml'))).toBe(true);
    expect(isVersionBump(toml('src/config.toml'))).toBe(false);
  });
});

describe('isLowValueFile / isSourceFile', () => {
  it('puts lockfiles, build output and generated code apart from source', () => {
    for (const f of [
      'package-lock.json',
      'sub/Cargo.lock',
      'go.sum',
      'poetry.lock',
      'dist/index.js',
      'app.min.js',
      'api_pb2.py',
      '__snapshots__/a.test.js.snap',
    ])
      expect(isLowValueFile(f)).toBe(true);
    for (const f of ['src/index.js', 'lib.rs', 'pkg/mod.go', 'units/__init__.py']) {
      expect(isLowValueFile(f)).toBe(false);
      expect(isSourceFile(f)).toBe(true);
    }
    expect(isSourceFile('README.md')).toBe(false);
    expect(isSourceFile('dist/index.js')).toBe(false);
  });
});
