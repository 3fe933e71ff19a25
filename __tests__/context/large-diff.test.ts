import { afterAll, describe, expect, it } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildContext } from '../../src/context/build.js';
import type { TestReport } from '../../src/failures/test-report.js';
import { gitIn, makeRepo } from '../../testkit/repo.js';

// The packed first message for a diff of 2,000 files, pinned byte for byte: how the diff is read,
// ranked and counted may change for speed, what the model is shown must not. The files mix what
// the exact tokenizer decides on: ASCII code, accents, CJK, emoji, long runs without spaces, a
// special-token text, a lockfile, a version bump, test files and hunks that name what fails.
// UPDATE_FIXTURES=1 writes the fixtures anew (only for an intended change of the context).
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

const SOURCE = `export function slug(s) {\n  return s.toLowerCase().replace(/ /g, '_');\n}\n`;
const TEST = `import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { slug } from '../src/slug.js';\ntest('slug joins words with dashes', () => assert.equal(slug('A B'), 'a-b'));\n`;

function generated(i: number): string {
  const kinds = [
    () => `export const v${i} = ${i};\n// ${'line '.repeat(i % 13)}\n`,
    () => `export const café${i} = 'crème brûlée n° ${i}';\nexport const jp${i} = '日本語のテキスト${i}';\n`,
    () => `export const e${i} = '🙂 ${'🚀'.repeat(i % 5)} ok';\n`,
    () => `export const blob${i} = '${'QUJD'.repeat(40 + (i % 90))}';\n`,
    () => `// <|endoftext|> marker ${i}\nexport function slugPart${i}(s) { return s.split(' ').join('-'); }\n`,
    () => `${Array.from({ length: 3 + (i % 9) }, (_, k) => `export const w${i}_${k} = "${'word '.repeat(k)}";`).join('\n')}\n`,
  ];
  return kinds[i % kinds.length]!();
}

let repo: { dir: string; cleanup: () => void } | undefined;
function diffRepo(): { dir: string; diff: string } {
  if (!repo) {
    const change: Record<string, string> = { 'src/slug.js': SOURCE, 'package.json': '{"type":"module","version":"1.1.0"}\n' };
    for (let i = 0; i < 2000; i++) change[i % 97 === 0 ? `test/gen/t${i}.test.js` : `gen/${i % 40}/f${i}.js`] = generated(i);
    change['package-lock.json'] =
      `${JSON.stringify({ lockfileVersion: 3, packages: Object.fromEntries(Array.from({ length: 60 }, (_, k) => [`node_modules/p${k}`, { version: `1.0.${k}` }])) }, null, 2)}\n`;
    repo = makeRepo(
      { 'package.json': '{"type":"module","version":"1.0.0"}\n', 'src/slug.js': SOURCE.replace("'_'", "'-'"), 'test/slug.test.js': TEST },
      change,
    );
  }
  return { dir: repo.dir, diff: gitIn(repo.dir, 'diff', '--no-color', '-U4', 'main', '--') };
}
afterAll(() => repo?.cleanup());

const report: TestReport = {
  format: 'node-test-spec',
  total: 1,
  failures: [
    {
      id: 'test/slug.test.js > slug joins words with dashes',
      file: 'test/slug.test.js',
      name: 'slug joins words with dashes',
      message: "Expected values to be strictly equal:\n\n'a_b' !== 'a-b'",
      expected: 'a-b',
      actual: 'a_b',
      stack: 'at TestContext.<anonymous> (test/slug.test.js:4:60)',
      locations: [{ file: 'test/slug.test.js', line: 4 }],
    },
  ],
};

function pinned(name: string, actual: string): string {
  const file = path.join(FIXTURES, name);
  if (process.env.UPDATE_FIXTURES === '1') writeFileSync(file, actual);
  return readFileSync(file, 'utf8');
}

describe('buildContext on a 2,000-file diff', () => {
  for (const budget of [1500, 6000, 40000]) {
    it(`packs the same first message as before (budget ${budget})`, () => {
      const { dir, diff } = diffRepo();
      expect(diff.split('\ndiff --git ').length).toBe(2003);
      const ctx = buildContext({
        root: dir,
        testCommand: 'node --test',
        report,
        diff,
        baseLabel: 'merge base with main',
        budget,
        isTestFile: (f) => /(^|\/)test\//.test(f),
      });
      const expected = pinned(`large-diff-${budget}.txt`, `${ctx.tokens}\n${JSON.stringify(ctx.shownRanges)}\n${ctx.text}`);
      expect(`${ctx.tokens}\n${JSON.stringify(ctx.shownRanges)}\n${ctx.text}`).toBe(expected);
    });
  }
});
