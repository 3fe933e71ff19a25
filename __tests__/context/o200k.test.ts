import { describe, expect, it } from '@jest/globals';
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { count } from '../../src/context/o200k.js';
import { tempDir } from '../../testkit/tmp.js';

// The exact counter (src/context/o200k.ts, and its build in dist/o200k.cjs) against gpt-tokenizer's
// o200k_base encoder, the reference it replaces for speed: the same count for every text.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NONE = new Set<string>();
const reference = (text: string) => encode(text, { allowedSpecial: NONE, disallowedSpecial: NONE }).length;
const built = (createRequire(import.meta.url)(path.join(ROOT, 'dist/o200k.cjs')) as { count: (text: string) => number }).count;

/** Deterministic random text over many scripts, marks, emoji, digits, whitespace and lone surrogates. */
function randomTexts(n: number): string[] {
  let seed = 42;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const ranges: [number, number][] = [
    [0x20, 0x7e],
    [0x09, 0x0d],
    [0xa0, 0x24f],
    [0x300, 0x36f],
    [0x391, 0x3c9],
    [0x400, 0x4ff],
    [0x5d0, 0x5ea],
    [0x600, 0x6ff],
    [0x900, 0x97f],
    [0xe00, 0xe7f],
    [0x3040, 0x30ff],
    [0x4e00, 0x4fff],
    [0xac00, 0xad00],
    [0x1f300, 0x1f6ff],
    [0x1d400, 0x1d7ff],
    [0xd800, 0xdfff],
    [0xfff0, 0xffff],
  ];
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    let s = '';
    const len = 1 + Math.floor(next() * 200);
    // Mostly one or two scripts per text, as real text is.
    const mine = [ranges[Math.floor(next() * ranges.length)]!, ranges[Math.floor(next() * 3)]!];
    while (s.length < len) {
      const [lo, hi] = next() < 0.1 ? ranges[Math.floor(next() * ranges.length)]! : mine[Math.floor(next() * 2)]!;
      const cp = lo + Math.floor(next() * (hi - lo + 1));
      s += cp >= 0xd800 && cp <= 0xdfff ? String.fromCharCode(cp) : String.fromCodePoint(cp);
      if (next() < 0.15) s += ' ';
    }
    out.push(s);
  }
  return out;
}

function sources(): string[] {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|md)$/.test(e.name)) texts.push(readFileSync(p, 'utf8'));
    }
  };
  walk(path.join(ROOT, 'src'));
  texts.push(readFileSync(path.join(ROOT, 'README.md'), 'utf8'), readFileSync(path.join(ROOT, 'SECURITY.md'), 'utf8'));
  return texts;
}

const SPECIAL = [
  '<|endoftext|> <|im_start|>user<|im_sep|>hi<|im_end|> <|fim_prefix|><|fim_middle|><|fim_suffix|><|endofprompt|>',
  "it's they're we'VE I'M don't",
  '1234567890 12 345 6789\n\n\r\n\t  \n   x',
  'a'.repeat(300),
  `${'QUJD'.repeat(64)}==`,
  '\uD83D\uDE00\uD83D x\uDE00 \uFFFD\uFFFD',
  'ﬁ ﬂ Ǆ ǅ ǆ ʰ ˀ ᾈ ᾼ',
  '',
];

describe('the exact o200k counter', () => {
  it('counts what gpt-tokenizer encodes, from source and from dist/', () => {
    const texts = [...SPECIAL, ...randomTexts(3000), ...sources()];
    const wrong = texts.filter((t) => count(t) !== reference(t) || built(t) !== reference(t));
    expect(wrong.slice(0, 3).map((t) => [JSON.stringify(t.slice(0, 80)), reference(t), count(t), built(t)])).toEqual([]);
  });

  it('counts the same text the same way twice (its cache of pieces changes nothing)', () => {
    const text = sources().join('\n');
    expect(count(text)).toBe(reference(text));
    expect(count(text)).toBe(reference(text));
  });

  it('keeps the table dist/ reads while the bundle loads: bytes written to the file afterwards change no count', () => {
    const text = 'the table is read before any test code runs';
    // A copy of dist's counter, its table overwritten after `readTable` (as the bundle calls it) or before the first count.
    const counterAfter = (read: boolean) => {
      const t = tempDir('unbreak-o200k-');
      try {
        for (const f of ['o200k.cjs', 'o200k.bin']) copyFileSync(path.join(ROOT, 'dist', f), path.join(t.dir, f));
        const mod = createRequire(import.meta.url)(path.join(t.dir, 'o200k.cjs')) as { count: (s: string) => number; readTable: () => void };
        if (read) mod.readTable();
        writeFileSync(path.join(t.dir, 'o200k.bin'), Buffer.alloc(readFileSync(path.join(ROOT, 'dist/o200k.bin')).length, 0xff));
        return mod.count(text);
      } finally {
        t.cleanup();
      }
    };
    expect(counterAfter(true)).toBe(reference(text));
    // Not read in time, the table would be the one on disk now: the check above can fail.
    expect(() => counterAfter(false)).toThrow(/damaged/);
  });

  it('is read by the CLI and action bundles while they load, before they run anything', () => {
    for (const [bundle, ran] of [
      ['cli-main.js', /unknown option --bogus-flag/],
      ['action-main.js', /status/],
    ] as const) {
      const t = tempDir('unbreak-o200k-bundle-');
      try {
        for (const f of [bundle, 'o200k.cjs', 'o200k.bin']) copyFileSync(path.join(ROOT, 'dist', f), path.join(t.dir, f));
        // The counter reads its table with node:fs's readFileSync: say when, then load the bundle as its entry point does.
        const probe = [
          "const fs = require('node:fs');",
          'const real = fs.readFileSync;',
          "fs.readFileSync = function (p, ...rest) { if (String(p).endsWith('o200k.bin')) process.stderr.write('read o200k.bin\\n'); return real.call(this, p, ...rest); };",
          "process.argv = [process.argv[0], 'unbreak', '--bogus-flag'];",
          `import(${JSON.stringify(pathToFileURL(path.join(t.dir, bundle)).href)});`,
        ].join('\n');
        const r = spawnSync(process.execPath, ['-e', probe], { cwd: t.dir, env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8' });
        expect(r.stderr.split('\n')[0]).toBe('read o200k.bin');
        expect(r.stderr.split('read o200k.bin').length).toBe(2);
        expect(`${r.stdout}${r.stderr}`).toMatch(ran);
      } finally {
        t.cleanup();
      }
    }
  });
});
