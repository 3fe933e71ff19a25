import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importGraph, importsOf, isBarrel } from '../../src/context/imports.js';

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

function project(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'unbreak-imports-'));
  roots.push(root);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}
const reader = (root: string) => (rel: string) => {
  try {
    return readFileSync(path.join(root, rel), 'utf8');
  } catch {
    return undefined;
  }
};
const isTest = (f: string) => /(^|\/)(tests?\/|test_)|\.test\.|_test\.go$/.test(f);

describe('importsOf', () => {
  it('follows JS re-exports: export { a } from, export * from, and a directory index', () => {
    const root = project({
      'src/index.js': "export { slugify } from './slug.js';\nexport * from './time';\nexport * as fmt from './fmt/index.js';\n",
      'src/slug.js': 'export const slugify = () => 1;\n',
      'src/time.ts': 'export const t = 1;\n',
      'src/fmt/index.js': "export * from './pad.js';\n",
    });
    expect(importsOf(root, 'src/index.js', reader(root)).sort()).toEqual(['src/fmt/index.js', 'src/slug.js', 'src/time.ts']);
  });

  it('finds x.ts behind an ESM import of ./x.js', () => {
    const root = project({ 'src/a.ts': "import { b } from './b.js';\n", 'src/b.ts': 'export const b = 1;\n' });
    expect(importsOf(root, 'src/a.ts', reader(root))).toEqual(['src/b.ts']);
  });

  it('resolves Python relative imports against the package, and from pkg import submodule', () => {
    const root = project({
      'units/__init__.py': 'from .convert import convert\nfrom . import table\n',
      'units/convert.py': 'from .table import FACTORS\n',
      'units/table.py': 'FACTORS = {}\n',
      'tests/test_units.py': 'from units import convert\nimport units.table\n',
    });
    expect(importsOf(root, 'units/__init__.py', reader(root)).sort()).toEqual(['units/convert.py', 'units/table.py']);
    // `convert` is a function and a submodule's name: both are worth a look.
    expect(importsOf(root, 'tests/test_units.py', reader(root)).sort()).toEqual(['units/__init__.py', 'units/convert.py', 'units/table.py']);
  });

  it('resolves ../ in Python (two dots is the parent package)', () => {
    const root = project({ 'pkg/sub/a.py': 'from ..b import x\n', 'pkg/b.py': 'x = 1\n' });
    expect(importsOf(root, 'pkg/sub/a.py', reader(root))).toEqual(['pkg/b.py']);
  });

  it('follows Rust: an integration test to lib.rs, mod and pub use to the module files', () => {
    const root = project({
      'Cargo.toml': '[package]\nname = "kv-conf"\nversion = "0.1.0"\n',
      'src/lib.rs': 'mod escape;\npub mod parse;\npub use escape::unescape;\n',
      'src/escape.rs': 'pub fn unescape() {}\n',
      'src/parse/mod.rs': 'use crate::escape::unescape;\nmod inner;\n',
      'src/parse/inner.rs': '\n',
      'tests/parse.rs': 'use kv_conf::{parse_line, unescape};\n',
    });
    expect(importsOf(root, 'tests/parse.rs', reader(root))).toEqual(['src/lib.rs']);
    expect(importsOf(root, 'src/lib.rs', reader(root)).sort()).toEqual(['src/escape.rs', 'src/parse/mod.rs']);
    expect(importsOf(root, 'src/parse/mod.rs', reader(root)).sort()).toEqual(['src/escape.rs', 'src/parse/inner.rs']);
  });

  it('takes a Go package as its directory, and module-path imports as theirs', () => {
    const root = project({
      'go.mod': 'module example.com/shop\n\ngo 1.19\n',
      'cart/cart.go': 'package cart\nimport "example.com/shop/money"\n',
      'cart/tax.go': 'package cart\n',
      'cart/cart_test.go': 'package cart\n',
      'money/money.go': 'package money\n',
    });
    expect(importsOf(root, 'cart/cart_test.go', reader(root))).toEqual(['cart/cart.go', 'cart/tax.go']);
    expect(importsOf(root, 'cart/cart.go', reader(root))).toEqual(['cart/tax.go', 'money/money.go']);
  });
});

describe('isBarrel', () => {
  it('says yes to files of imports and re-exports only, in any of the languages', () => {
    expect(isBarrel("// entry\nexport { a, b } from './a.js';\nexport * from './c.js';\n")).toBe(true);
    expect(isBarrel('"""Pkg."""\n\nfrom .a import (\n    x,\n    y,\n)\n__all__ = ["x", "y"]\n')).toBe(true);
    expect(isBarrel('//! crate\nmod a;\npub use a::{b, c};\n')).toBe(true);
  });

  it('says no once a file defines something', () => {
    expect(isBarrel("export * from './a.js';\nexport const x = 1;\n")).toBe(false);
    expect(isBarrel('from .a import x\n\ndef y():\n    return x\n')).toBe(false);
  });
});

describe('importGraph', () => {
  it('walks from the tests through a barrel without counting it as a step, nearest first, never into tests', () => {
    const root = project({
      'test/a.test.js': "import { total } from '../src/index.js';\nimport { helper } from './helper.test.js';\n",
      'test/helper.test.js': "import '../src/unrelated.js';\n",
      'src/index.js': "export * from './cart.js';\n",
      'src/cart.js': "import { fmt } from './money.js';\nexport const total = 1;\n",
      'src/money.js': "import { round } from './round.js';\nexport const fmt = 1;\n",
      'src/round.js': 'export const round = 1;\n',
      'src/unrelated.js': '\n',
    });
    const graph = importGraph(root, ['test/a.test.js'], reader(root), isTest, 2);
    expect(graph).toEqual([
      { file: 'src/index.js', depth: 1 },
      { file: 'src/cart.js', depth: 1 },
      { file: 'src/money.js', depth: 2 },
    ]);
  });
});
