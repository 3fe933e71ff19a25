import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gitIn } from './repo.js';
import { tempDir } from './tmp.js';

/**
 * Fixture repos built once per test run and copied for each test. Building a PR repo takes some 30 git
 * processes; a copy of the same tree is one directory copy. The templates live in the folder
 * jest.config.js's globalSetup makes (UNBREAK_TEST_TEMPLATES, removed by globalTeardown), shared by the workers:
 * the same options give the same template, built by whichever worker asks first. Without that folder (a
 * test run outside jest's config) every fixture is built afresh.
 *
 * `build(dir)` fills an empty folder and returns what the test needs to know about it (paths inside `dir`,
 * commit ids). `files.rewrite` names the files inside it that hold `dir`'s absolute path (a checkout's remote
 * URL), which a copy points to its own folder; `files.worktrees` the checkouts whose index a copy refreshes (a
 * copied file has a new inode and ctime: without it, git plumbing that trusts the index sees every file changed).
 */
export function fromTemplate<T>(
  prefix: string,
  key: unknown,
  files: { rewrite?: string[]; worktrees: string[] },
  build: (dir: string) => T,
): { dir: string; value: T; cleanup: () => void } {
  const t = tempDir(prefix);
  const root = process.env.UNBREAK_TEST_TEMPLATES;
  if (!root || !existsSync(root)) return { ...t, value: build(t.dir) };
  const name = createHash('sha256')
    .update(`${prefix}\0${JSON.stringify(key)}\0${build.toString()}`)
    .digest('hex')
    .slice(0, 32);
  const template = path.join(root, name);
  const meta = path.join(template, '.template.json');
  if (!existsSync(meta)) {
    // Built aside, then renamed into place: a worker never copies a half-built template.
    const building = path.join(root, `${name}.${process.pid}.${Date.now()}`);
    mkdirSync(building);
    const value = build(building);
    writeFileSync(path.join(building, '.template.json'), JSON.stringify({ dir: building, value }));
    try {
      renameSync(building, template);
    } catch {
      rmSync(building, { recursive: true, force: true }); // another worker's template won the race
    }
  }
  const { dir: builtIn, value } = JSON.parse(readFileSync(meta, 'utf8')) as { dir: string; value: T };
  cpSync(template, t.dir, { recursive: true, verbatimSymlinks: true, filter: (src) => src !== meta });
  const moved = (s: string) => s.split(builtIn).join(t.dir);
  for (const rel of files.rewrite ?? []) {
    const file = path.join(t.dir, rel);
    if (existsSync(file)) writeFileSync(file, moved(readFileSync(file, 'utf8')));
  }
  for (const rel of files.worktrees) gitIn(path.join(t.dir, rel), 'update-index', '-q', '--really-refresh');
  return { ...t, value: JSON.parse(moved(JSON.stringify(value))) as T };
}
