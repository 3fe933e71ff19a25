import { afterEach, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatWithin } from '../../src/pipeline/formatting.js';
import { editFile } from '../../src/model/tools.js';
import { detectFormatters } from '../../src/run/formatters.js';
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

describe('formatWithin leaves every other file as it was', () => {
  it('puts back what a formatter changed beyond the files it was given (a clean file, a dirty one, a new one)', async () => {
    const r = makeRepo({ 'src/f.js': ORIGINAL, 'src/other.js': 'const  other = 1;\n', 'notes.txt': 'mine\n' });
    cleanups.push(r.cleanup);
    writeFileSync(path.join(r.dir, 'notes.txt'), 'mine, uncommitted\n');
    const ws = new Workspace(r.dir, { protect: [], allowTestEdits: false });
    expect(editFile(ws, 'src/f.js', '  return n+1;', '  return n + 1;')).toBe('Edited src/f.js.');
    // Reaches past its files, as rustfmt does with the modules a file names.
    const reaching = {
      name: 'reaching',
      handles: (f: string) => f.endsWith('.js'),
      command: () => "printf 'const other = 1;\\n' > src/other.js; printf 'x\\n' >> notes.txt; printf 'new\\n' > made.txt",
    };
    const done = await formatWithin(ws, [reaching], ws.changedFiles(), 60_000);
    expect(done.problems).toEqual([]);
    expect(readFileSync(path.join(r.dir, 'src/other.js'), 'utf8')).toBe('const  other = 1;\n');
    expect(readFileSync(path.join(r.dir, 'notes.txt'), 'utf8')).toBe('mine, uncommitted\n');
    expect(existsSync(path.join(r.dir, 'made.txt'))).toBe(false);
    expect(ws.changedFiles()).toEqual(['src/f.js']);
  });

  (spawnSync('rustfmt', ['--version']).status === 0 ? it : it.skip)('real rustfmt: the module a file names stays as it was', async () => {
    const unformatted = 'pub fn  two( )->u32{2}\n';
    const r = makeRepo({
      'Cargo.toml': '[package]\nname = "a"\nversion = "0.1.0"\nedition = "2021"\n',
      'rustfmt.toml': '',
      'src/lib.rs': 'mod other;\npub fn one() -> u32 {\n    1\n}\n',
      'src/other.rs': unformatted,
    });
    cleanups.push(r.cleanup);
    const ws = new Workspace(r.dir, { protect: [], allowTestEdits: false });
    expect(editFile(ws, 'src/lib.rs', '    1\n', '    1+0\n')).toBe('Edited src/lib.rs.');
    const done = await formatWithin(ws, detectFormatters(r.dir), ws.changedFiles(), 60_000);
    expect(done.formatters).toEqual(['rustfmt']);
    expect(readFileSync(path.join(r.dir, 'src/lib.rs'), 'utf8')).toContain('    1 + 0\n');
    expect(readFileSync(path.join(r.dir, 'src/other.rs'), 'utf8')).toBe(unformatted);
  });
});
