import { afterEach, describe, expect, it } from '@jest/globals';
import { editFile, runTool, type ToolFiles } from '../../src/model/tools.js';
import { similarLines } from '../../src/model/similar.js';
import { Workspace, type EditOutcome } from '../../src/workspace/workspace.js';
import { makeRepo } from '../helpers/repo.js';

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
});

const SRC = ['function total(items) {', '  let sum = 0;', '  for (const item of items) sum += item.price;', '  return sum;', '}', ''].join('\n');

describe('the tools word typed outcomes for the model', () => {
  it('an old_text that matched nowhere gets the most similar lines, numbered', () => {
    const r = makeRepo({ 'src/total.js': SRC });
    cleanups.push(r.cleanup);
    const ws = new Workspace(r.dir, { protect: [], allowTestEdits: false });
    const text = editFile(ws, 'src/total.js', '  let total = 0;\n  for (const item of items) total += item.price;', 'x');
    expect(text).toBe(
      [
        'Error: old_text was not found in the file; read the file again and copy the lines exactly (src/total.js)',
        'Did you mean these lines of src/total.js?',
        '2:   let sum = 0;',
        '3:   for (const item of items) sum += item.price;',
      ].join('\n'),
    );
    expect(ws.edits).toEqual([{ path: 'src/total.js', ok: false, kind: 'no-match', error: expect.stringContaining('not found') }]);
  });

  it('offers nothing when no lines are close, and no hint for other refusals', () => {
    const r = makeRepo({ 'src/total.js': SRC });
    cleanups.push(r.cleanup);
    const ws = new Workspace(r.dir, { protect: [], allowTestEdits: false });
    expect(editFile(ws, 'src/total.js', 'import zlib from "zlib";', 'x')).toBe(
      'Error: old_text was not found in the file; read the file again and copy the lines exactly (src/total.js)',
    );
    expect(editFile(ws, 'src/total.js', 'item', 'it')).toMatch(/^Error: old_text matches 4 places[^\n]*$/);
    expect(similarLines(SRC, '   ')).toBeUndefined();
  });

  it('runs on the narrow ToolFiles interface alone', async () => {
    const calls: string[] = [];
    const files: ToolFiles = {
      read: () => ({ ok: true, rel: 'a.js', text: 'one\ntwo\n' }),
      edit: (p): EditOutcome => (calls.push(`edit ${p}`), { ok: false, path: p, kind: 'protected', detail: `${p} is a protected path` }),
      locate: (p) => ({ ok: false, kind: 'outside', reason: `${p} is outside the repository` }),
      listFiles: async () => ['a.js'],
      search: async () => undefined,
    };
    expect(await runTool(files, 'read_file', '{"path":"a.js"}')).toBe('1: one\n2: two');
    expect(await runTool(files, 'edit_file', '{"path":"a.js","old_text":"one","new_text":"1"}')).toBe('Error: a.js is a protected path');
    expect(await runTool(files, 'list_files', '{"path":"../x"}')).toBe('Error: ../x is outside the repository');
    expect(await runTool(files, 'search', '{"query":"zzz"}')).toBe('No matches for "zzz".');
    expect(calls).toEqual(['edit a.js']);
  });
});
