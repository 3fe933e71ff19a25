import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { keepFormattingWithin, tidyEdit } from '../../src/workspace/tidy.js';
import { Workspace } from '../../src/workspace/workspace.js';
import { editFile } from '../../src/model/tools.js';
import { makeRepo } from '../../testkit/repo.js';

describe('tidyEdit: the diff holds the fix, not churn', () => {
  const file = 'function a() {\n  return 1;\n}\n\nfunction b() {\n  return 2;\n}\n';

  it('keeps a real change as written', () => {
    const edited = file.replace('return 2;', 'return 3;');
    expect(tidyEdit(file, edited)).toBe(edited);
  });

  it('puts back lines the edit changed only in trailing white space', () => {
    const edited = file.replace('function a() {\n', 'function a() {  \n').replace('return 2;', 'return 3;\t');
    expect(tidyEdit(file, edited)).toBe(file.replace('return 2;', 'return 3;\t'));
  });

  it("keeps the file's final newline, and its lack of one", () => {
    expect(tidyEdit(file, file.replace('return 2;', 'return 3;').trimEnd())).toBe(file.replace('return 2;', 'return 3;'));
    const bare = file.trimEnd();
    expect(tidyEdit(bare, `${bare.replace('return 2;', 'return 3;')}\n`)).toBe(bare.replace('return 2;', 'return 3;'));
  });

  it('gives new lines the CRLF a CRLF file uses', () => {
    const crlf = file.replace(/\n/g, '\r\n');
    const edited = crlf.replace('  return 2;\r\n', '  if (x) {\n    return 3;\n  }\n');
    expect(tidyEdit(crlf, edited)).toBe(crlf.replace('  return 2;\r\n', '  if (x) {\r\n    return 3;\r\n  }\r\n'));
  });

  it('leaves indentation changes alone (they can be the fix, in Python)', () => {
    const py = 'def f(x):\n    if x:\n        return 1\n    return 2\n';
    const edited = py.replace('    return 2\n', '        return 2\n');
    expect(tidyEdit(py, edited)).toBe(edited);
  });

  it('leaves new and emptied files as written', () => {
    expect(tidyEdit('', 'new\n')).toBe('new\n');
    expect(tidyEdit('', 'new')).toBe('new');
    expect(tidyEdit(file, '')).toBe('');
  });
});

describe('edits through the workspace are tidied', () => {
  it('the patch holds the changed line only; an edit of white space alone is refused', () => {
    const repo = makeRepo({ 'src/a.js': 'const a = 1;\nconst b = 2;\n' });
    try {
      const ws = new Workspace(repo.dir, { protect: [], allowTestEdits: false });
      expect(editFile(ws, 'src/a.js', 'const a = 1;\nconst b = 2;\n', 'const a = 1;   \nconst b = 3;')).toMatch(/^Edited src\/a.js/);
      expect(readFileSync(path.join(repo.dir, 'src/a.js'), 'utf8')).toBe('const a = 1;\nconst b = 3;\n');
      expect(
        ws
          .patch()
          .split('\n')
          .filter((l) => /^[+-][^+-]/.test(l)),
      ).toEqual(['-const b = 2;', '+const b = 3;']);
      expect(editFile(ws, 'src/a.js', 'const b = 3;\n', 'const b = 3;  \n')).toMatch(/^Error: the edit changes only white space/);
    } finally {
      repo.cleanup();
    }
  });
});

describe("keepFormattingWithin: the formatter's changes, only where the fix changed the file", () => {
  const original = 'const a = {x:1};\nfunction f(n) {\n  return n+1;\n}\nconst b = [1,2];\n';
  const edited = original.replace('return n+1;', 'return n+2;');
  const formatted = 'const a = { x: 1 };\nfunction f(n) {\n  return n + 2;\n}\nconst b = [1, 2];\n';

  it('formats the line the fix changed and leaves the untouched lines as they were', () => {
    expect(keepFormattingWithin(original, edited, formatted)).toBe(original.replace('return n+1;', 'return n + 2;'));
  });

  it('takes a block the formatter rewrote whole when it touches the fix', () => {
    const o = 'call(a,b)\nother( )\n';
    const e = 'call(a, c,d)\nother( )\n';
    const f = 'call(\n  a,\n  c,\n  d,\n)\nother()\n';
    expect(keepFormattingWithin(o, e, f)).toBe('call(\n  a,\n  c,\n  d,\n)\nother( )\n');
  });

  it('changes nothing when the formatter agrees with the fix', () => {
    expect(keepFormattingWithin(original, edited, edited)).toBe(edited);
  });
});
