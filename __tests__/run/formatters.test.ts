import { afterEach, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readFileSync, symlinkSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { detectFormatters, runFormatters } from '../../src/run/formatters.js';
import { keepFormattingWithin } from '../../src/workspace/tidy.js';
import { makeRepo, writeFiles } from '../../testkit/repo.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
});
function repo(files: Record<string, string>): string {
  const r = makeRepo(files);
  cleanups.push(r.cleanup);
  return r.dir;
}
const has = (tool: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** The fix as the model left it, then the repo's formatter, kept to the lines the fix changed. */
async function formatFix(dir: string, file: string, original: string, edited: string): Promise<string> {
  writeFiles(dir, { [file]: edited });
  const formatters = detectFormatters(dir);
  expect(await runFormatters(dir, formatters, [file])).toEqual([]);
  return keepFormattingWithin(original, edited, readFileSync(path.join(dir, file), 'utf8'));
}

describe("the repository's own formatter", () => {
  it('nothing configured: nothing runs', () => {
    expect(detectFormatters(repo({ 'package.json': '{}', 'a.py': 'x=1\n', 'src/lib.rs': 'fn a(){}\n' }))).toEqual([]);
  });

  it('prettier, the project’s own, on the lines the fix changed only', async () => {
    const original = 'const a = {x:1};\nexport function f(n) {\n  return n+1;\n}\n';
    const dir = repo({ 'package.json': '{"private":true}\n', '.prettierrc': '{"semi": true, "singleQuote": true}\n', 'src/f.js': original });
    mkdirSync(path.join(dir, 'node_modules/.bin'), { recursive: true });
    symlinkSync(path.join(ROOT, 'node_modules/prettier'), path.join(dir, 'node_modules/prettier'));
    symlinkSync('../prettier/bin/prettier.cjs', path.join(dir, 'node_modules/.bin/prettier'));
    expect(detectFormatters(dir).map((f) => f.name)).toEqual(['prettier']);
    const out = await formatFix(dir, 'src/f.js', original, original.replace('return n+1;', 'return n+"x";'));
    expect(out).toBe(original.replace('return n+1;', "return n + 'x';"));
  });

  (has('gofmt') || has('go') ? it : it.skip)('gofmt for a Go module (on PATH, or beside the go command)', async () => {
    const original = 'package a\n\nfunc F(n int) int {\n\treturn n+1\n}\n\nvar  X = 1\n';
    const dir = repo({ 'go.mod': 'module example.com/a\n\ngo 1.19\n', 'a.go': original });
    const out = await formatFix(dir, 'a.go', original, original.replace('\treturn n+1', '    return n*2'));
    expect(out).toBe(original.replace('\treturn n+1', '\treturn n * 2'));
  });

  (has('rustfmt') ? it : it.skip)('rustfmt where rustfmt.toml asks for it', async () => {
    const original = 'pub fn f(n: u32) -> u32 {\n    n+1\n}\n\npub fn  g() {}\n';
    const dir = repo({ 'Cargo.toml': '[package]\nname = "a"\nversion = "0.1.0"\nedition = "2021"\n', 'rustfmt.toml': '', 'src/lib.rs': original });
    const out = await formatFix(dir, 'src/lib.rs', original, original.replace('    n+1', '  n*2'));
    expect(out).toBe(original.replace('    n+1', '    n * 2'));
  });

  it('a formatter that fails says so in one line', async () => {
    const dir = repo({ 'go.mod': 'module example.com/a\n', 'a.go': 'package a\nfunc {\n' });
    const problems = await runFormatters(dir, [{ name: 'gofmt', handles: () => true, command: () => 'echo "a.go:2:6: expected name" >&2; exit 2' }], ['a.go']);
    expect(problems).toEqual(['gofmt failed (exit 2): a.go:2:6: expected name']);
  });
});
