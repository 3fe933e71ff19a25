import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rankSymbols } from '../../../src/context/symbols/graph.js';
import { loadOutlines } from '../../../src/context/symbols/outline.js';
import { gitIn, makeRepo } from '../../../testkit/repo.js';

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
});
beforeAll(async () => {
  expect(await loadOutlines()).toEqual([]);
});

const isTestFile = (f: string) => f.startsWith('test/');

function ranked(files: Record<string, string>, seed: { file: string; line: number }) {
  const r = makeRepo(files);
  cleanups.push(r.cleanup);
  const read = (rel: string) => readFileSync(path.join(r.dir, rel), 'utf8');
  return rankSymbols(gitIn(r.dir, 'ls-files').split('\n'), read, [{ ...seed, weight: 1 }], new Set(), new Set(), new Set(), isTestFile).map((d) => d.name);
}

describe('rankSymbols', () => {
  it('follows a constructed class into its constructor; its methods rank below, and what they call is not followed', () => {
    const cls = [
      'class Range {',
      '  constructor(text) {',
      '    this.parts = parseParts(text);',
      '  }',
      '  format() {',
      '    return formatAll(this.parts);',
      '  }',
      '}',
      'function parseParts(t) {',
      '  return t.split(" ");',
      '}',
      'function formatAll(p) {',
      '  return p.join(" ");',
      '}',
      'module.exports = { Range };',
      '',
    ].join('\n');
    const test = "const { Range } = require('../src/range');\nconst r = new Range('a b');\n";
    const names = ranked({ 'src/range.js': cls, 'test/range.test.js': test }, { file: 'test/range.test.js', line: 2 });
    expect(names).toEqual(expect.arrayContaining(['Range', 'parseParts']));
    // Its methods run later, on the object: ranked below what the constructor calls, and not followed further.
    expect(names.indexOf('format')).toBeGreaterThan(names.indexOf('parseParts'));
    expect(names).not.toContain('formatAll');
  });

  it('counts a call on a one-line function’s own line (an arrow function)', () => {
    const src = 'const total = (xs) => sumAll(xs);\nfunction sumAll(xs) {\n  return xs.length;\n}\nmodule.exports = { total };\n';
    const test = "const { total } = require('../src/total');\ntotal([1]);\n";
    expect(ranked({ 'src/total.js': src, 'test/total.test.js': test }, { file: 'test/total.test.js', line: 2 })).toEqual(['total', 'sumAll']);
  });
});
