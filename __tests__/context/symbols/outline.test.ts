import { beforeAll, describe, expect, it } from '@jest/globals';
import { loadOutlines, outline } from '../../../src/context/symbols/outline.js';

beforeAll(async () => {
  // Every grammar loads and matches the queries: a problem here is what a run would print.
  expect(await loadOutlines()).toEqual([]);
});

const names = (file: string, text: string) => {
  const o = outline(file, text);
  if (!o) throw new Error(`${file} was not parsed`);
  return { defs: o.defs.map((d) => `${d.name}@${d.start}-${d.end}`), refs: o.refs.map((r) => `${r.name}@${r.line}`) };
};

describe('outline: what a file defines and what it calls, per language', () => {
  it('JavaScript: declarations, arrow functions, methods; calls and member calls', () => {
    const src = [
      'function total(items) {',
      '  return sum(items.map(price));',
      '}',
      'const price = (i) => round(i.cents);',
      'class Cart {',
      '  add(i) {',
      '    this.items.push(i);',
      '  }',
      '}',
      '',
    ].join('\n');
    const o = names('src/cart.js', src);
    expect(o.defs).toEqual(expect.arrayContaining(['total@1-3', 'price@4-4', 'Cart@5-9', 'add@6-8']));
    expect(o.refs).toEqual(expect.arrayContaining(['sum@2', 'map@2', 'round@4', 'push@7']));
  });

  it('TypeScript and TSX parse with their own grammars', () => {
    const ts = names('src/a.ts', 'export function f(x: number): number {\n  return g<number>(x);\n}\n');
    expect(ts.defs).toEqual(['f@1-3']);
    expect(ts.refs).toEqual(['g@2']);
    const tsx = names('src/b.tsx', 'export const View = (p: { n: number }) => <div>{fmt(p.n)}</div>;\n');
    expect(tsx.defs).toEqual(['View@1-1']);
    expect(tsx.refs).toEqual(['fmt@1']);
  });

  it('Python: functions, methods, decorated definitions from the decorator', () => {
    const o = names('pkg/m.py', ['@cache', 'def parse(s):', '    return split(s)', '', 'class T:', '    def run(self):', '        self.step()', ''].join('\n'));
    expect(o.defs).toEqual(expect.arrayContaining(['parse@1-3', 'T@5-7', 'run@6-7']));
    expect(o.refs).toEqual(expect.arrayContaining(['split@3', 'step@7']));
  });

  it('Go: functions, methods and types; calls through a package', () => {
    const o = names(
      'v.go',
      [
        'package v',
        '',
        'type V struct{ n int }',
        '',
        'func (v *V) Inc() int {',
        '\treturn add(v.n, 1)',
        '}',
        '',
        'func New() *V { return &V{n: strconv.Itoa(1)} }',
        '',
      ].join('\n'),
    );
    expect(o.defs).toEqual(expect.arrayContaining(['V@3-3', 'Inc@5-7', 'New@9-9']));
    expect(o.refs).toEqual(expect.arrayContaining(['add@6', 'Itoa@9', 'V@9']));
  });

  it('Rust: fns, structs; calls, paths and macro arguments', () => {
    const o = names(
      'src/lib.rs',
      [
        'pub struct P;',
        'pub fn parse(s: &str) -> u32 {',
        '    let n = Self::digits(s);',
        '    assert!(valid(n));',
        '    n.checked_add(1).unwrap()',
        '}',
        '',
      ].join('\n'),
    );
    expect(o.defs).toEqual(expect.arrayContaining(['P@1-1', 'parse@2-6']));
    expect(o.refs).toEqual(expect.arrayContaining(['digits@3', 'valid@4', 'checked_add@5']));
  });

  it('a file in no parsed language has no outline', () => {
    expect(outline('README.md', '# hi\n')).toBeUndefined();
  });
});
