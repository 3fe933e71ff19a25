import { describe, expect, it } from '@jest/globals';
import { replaceOnce } from '../../src/workspace/match.js';

const JS = 'function a() {\n  if (x) {\n    return 1;\n  }\n  return 2;\n}\n';

describe('replaceOnce', () => {
  it('replaces an exact single match', () => {
    expect(replaceOnce(JS, '    return 1;', '    return 3;')).toEqual({ ok: true, content: JS.replace('return 1', 'return 3'), how: 'exact' });
  });

  it('refuses several matches and says how many', () => {
    const r = replaceOnce('a = 1;\na = 1;\n', 'a = 1;', 'a = 2;');
    expect(r).toEqual({ ok: false, kind: 'ambiguous', reason: expect.stringContaining('matches 2 places') });
  });

  it('refuses no match with a hint', () => {
    expect(replaceOnce(JS, 'return 7;', 'x')).toEqual({ ok: false, kind: 'no-match', reason: expect.stringContaining('not found') });
  });

  it('matches LF text in a CRLF file and keeps CRLF', () => {
    const crlf = JS.replace(/\n/g, '\r\n');
    const r = replaceOnce(crlf, '  if (x) {\n    return 1;', '  if (x) {\n    return 4;');
    expect(r.ok && r.content).toBe(crlf.replace('return 1', 'return 4'));
    expect(r.ok && r.how).toBe('line-endings');
  });

  it('matches despite indentation drift and re-indents the replacement to the file', () => {
    const r = replaceOnce(JS, 'if (x) {\n  return 1;\n}', 'if (x) {\n  return 5;\n}');
    expect(r).toEqual({ ok: true, content: JS.replace('return 1', 'return 5'), how: 'whitespace' });
  });

  it('maps tabs from the model to the spaces of the file', () => {
    const r = replaceOnce(JS, '\tif (x) {\n\t\treturn 1;\n\t}', '\tif (x) {\n\t\treturn 6;\n\t}');
    expect(r.ok && r.content).toBe(JS.replace('return 1', 'return 6'));
  });

  it('maps spaces from the model to the tabs of the file', () => {
    const tabbed = 'def f():\n\tif x:\n\t\treturn 1\n\treturn 2\n';
    const r = replaceOnce(tabbed, '    if x:\n        return 1', '    if x:\n        return 0');
    expect(r.ok && r.content).toBe('def f():\n\tif x:\n\t\treturn 0\n\treturn 2\n');
  });

  it('ignores trailing blanks and runs of spaces inside lines', () => {
    const r = replaceOnce('let  total =  a+b;   \nnext();\n', 'let total = a+b;\nnext();', 'let total = a + b;\nnext();');
    expect(r.ok && r.content).toBe('let total = a + b;\nnext();\n');
  });

  it('strips read_file line numbers the model copied', () => {
    const r = replaceOnce(JS, '2:   if (x) {\n3:     return 1;', '2:   if (x) {\n3:     return 9;');
    expect(r.ok && r.content).toBe(JS.replace('return 1', 'return 9'));
    expect(r.ok && r.how).toBe('line-numbers');
  });

  it('refuses an ambiguous loose match', () => {
    const r = replaceOnce('  a();\n    a();\n', 'a();', 'b();');
    expect(r.ok).toBe(false);
  });
});

describe('replaceOnce keeps Python structure', () => {
  const PY = 'def f(x):\n    if x:\n        return 1\n    return 2\n';
  it('re-indents relative to the least indented line of old_text', () => {
    const r = replaceOnce(PY, '    return 1\n  return 2', '    return 10\n  return 20');
    expect(r.ok && r.content).toBe('def f(x):\n    if x:\n        return 10\n    return 20\n');
  });
  it('refuses a loose match whose replacement dedents below old_text', () => {
    const r = replaceOnce(PY, '  if x:\n    return 1', '  if x:\n    return 1\nreturn 3');
    expect(r.ok).toBe(false);
  });
  it('does not loop or crash on whitespace-only old_text', () => {
    expect(replaceOnce(PY, '   \n\n', 'x').ok).toBe(false);
  });
});

describe('replaceOnce keeps what the edit does not change', () => {
  it("keeps the file's own spacing on lines the edit leaves alone", () => {
    const file = 'function f(a,  b) {\n  const s = a + b;   // sum\n  return s;\n}\n';
    const r = replaceOnce(file, 'function f(a, b) {\n  const s = a + b; // sum\n  return s;', 'function f(a, b) {\n  const s = a + b; // sum\n  return s * 2;');
    expect(r.ok && r.content).toBe('function f(a,  b) {\n  const s = a + b;   // sum\n  return s * 2;\n}\n');
  });

  it('tolerates one stale line of context that the edit keeps, and keeps the file version of it', () => {
    const file = 'a();\nb();\nc_new();\nd();\ne();\n';
    const r = replaceOnce(file, 'b();\nc_old();\nd();\ne();', 'b();\nc_old();\nd2();\ne();');
    expect(r).toEqual({ ok: true, content: 'a();\nb();\nc_new();\nd2();\ne();\n', how: 'stale-context' });
  });

  it('does not tolerate a stale line the edit changes', () => {
    const file = 'a();\nb();\nc_new();\nd();\ne();\n';
    expect(replaceOnce(file, 'b();\nc_old();\nd();\ne();', 'b();\nc_changed();\nd();\ne();').ok).toBe(false);
  });
});
