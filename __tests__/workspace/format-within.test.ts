import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatWithin } from '../../src/pipeline.js';
import { editFile } from '../../src/model/tools.js';
import { detectFormatters } from '../../src/testing/format.js';
import { Workspace } from '../../src/workspace/workspace.js';
import { makeRepo } from '../../testkit/repo.js';

/** The formatter step as the loop runs it: the real prettier, on a real work tree, after a real edit. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
});

const ORIGINAL = 'const  untouched = {a:1};\nexport function f(n) {\n  return n+1;\n}\n';

function prettierRepo(): { dir: string; ws: Workspace } {
  const r = makeRepo({ 'package.json': '{"private":true}\n', '.prettierrc': '{"singleQuote": true}\n', '.gitignore': 'node_modules/\n', 'src/f.js': ORIGINAL });
  cleanups.push(r.cleanup);
  mkdirSync(path.join(r.dir, 'node_modules/.bin'), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules/prettier'), path.join(r.dir, 'node_modules/prettier'));
  symlinkSync('../prettier/bin/prettier.cjs', path.join(r.dir, 'node_modules/.bin/prettier'));
  return { dir: r.dir, ws: new Workspace(r.dir, { protect: [], allowTestEdits: false }) };
}

describe('formatWithin: the repository formatter on the changed files, inside the fix’s lines', () => {
  it('formats the line the fix changed and leaves the unformatted line nobody touched', async () => {
    const { dir, ws } = prettierRepo();
    expect(editFile(ws, 'src/f.js', '  return n+1;', '  return n+"x";')).toBe('Edited src/f.js.');
    const done = await formatWithin(ws, detectFormatters(dir), ws.changedFiles(), 60_000);
    expect(done).toMatchObject({ formatted: ['src/f.js'], formatters: ['prettier'], problems: [] });
    expect(readFileSync(path.join(dir, 'src/f.js'), 'utf8')).toBe(ORIGINAL.replace('  return n+1;', "  return n + 'x';"));
    expect(ws.patch()).not.toContain('+const');
  });

  it('leaves the model’s text when the formatter fails (a syntax error), and says why', async () => {
    const { dir, ws } = prettierRepo();
    editFile(ws, 'src/f.js', '  return n+1;', '  return n+;');
    const done = await formatWithin(ws, detectFormatters(dir), ws.changedFiles(), 60_000);
    expect(done.formatted).toEqual([]);
    expect(done.problems).toEqual([expect.stringMatching(/^prettier failed \(exit 2\): /)]);
    expect(readFileSync(path.join(dir, 'src/f.js'), 'utf8')).toBe(ORIGINAL.replace('  return n+1;', '  return n+;'));
  });

  it('changes nothing when the fix is already formatted', async () => {
    const { dir, ws } = prettierRepo();
    editFile(ws, 'src/f.js', '  return n+1;', '  return n + 2;');
    const done = await formatWithin(ws, detectFormatters(dir), ws.changedFiles(), 60_000);
    expect(done.formatted).toEqual([]);
    expect(readFileSync(path.join(dir, 'src/f.js'), 'utf8')).toBe(ORIGINAL.replace('  return n+1;', '  return n + 2;'));
  });
});
