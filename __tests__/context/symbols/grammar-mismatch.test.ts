import { afterAll, describe, expect, it } from '@jest/globals';
import { copyFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { loadOutlines, outline } from '../../../src/context/symbols/outline.js';
import { loadParsersFrom } from '../../../src/context/symbols/parser.js';
import { tempDir } from '../../../testkit/tmp.js';

const require = createRequire(import.meta.url);
const wasm = (pkg: string, file: string) =>
  path.join(path.dirname(require.resolve(pkg === 'web-tree-sitter' ? `${pkg}/${file}` : `${pkg}/package.json`)), file);

const t = tempDir('unbreak-grammars-');
afterAll(() => t.cleanup());

describe('a grammar that does not load or does not match is said, not skipped', () => {
  it('names the missing, the broken and the mismatched grammar, and still parses the others', async () => {
    copyFileSync(wasm('web-tree-sitter', 'web-tree-sitter.wasm'), path.join(t.dir, 'web-tree-sitter.wasm'));
    copyFileSync(wasm('tree-sitter-javascript', 'tree-sitter-javascript.wasm'), path.join(t.dir, 'tree-sitter-javascript.wasm'));
    // Python's grammar where Go's should be: it loads, but Go's node names are not in it.
    copyFileSync(wasm('tree-sitter-python', 'tree-sitter-python.wasm'), path.join(t.dir, 'tree-sitter-go.wasm'));
    writeFileSync(path.join(t.dir, 'tree-sitter-rust.wasm'), 'not a wasm module');
    const problems = await loadOutlines(() => loadParsersFrom(t.dir));
    expect(problems.find((p) => p.includes('rust'))).toMatch(/the rust grammar \(tree-sitter-rust\.wasm\) did not load/);
    expect(problems.find((p) => p.includes('go '))).toMatch(/the go grammar does not match the defs, refs and bindings queries/);
    expect(problems.find((p) => p.includes('python'))).toMatch(/tree-sitter-python\.wasm not found/);
    expect(problems.filter((p) => p.includes('javascript'))).toEqual([]);
    expect(outline('a.js', 'function f() { g(); }\n')?.refs.map((r) => r.name)).toEqual(['g']);
    expect(outline('a.go', 'package a\nfunc F() { g() }\n')).toBeUndefined();
  });

  it('a directory without the runtime is one line saying how to get it back', async () => {
    const empty = tempDir('unbreak-no-grammars-');
    try {
      expect(await loadOutlines(() => loadParsersFrom(empty.dir))).toEqual([expect.stringMatching(/web-tree-sitter\.wasm not found.*npm run build/)]);
    } finally {
      empty.cleanup();
    }
  });
});
