import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from './tmp.js';

export const GIT_ENV = {
  GIT_AUTHOR_NAME: 'Test Author',
  GIT_AUTHOR_EMAIL: 'author@example.com',
  GIT_COMMITTER_NAME: 'Test Author',
  GIT_COMMITTER_EMAIL: 'author@example.com',
};

export function gitIn(dir: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: dir, env: { ...process.env, ...GIT_ENV }, encoding: 'utf8' }).trim();
}

export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [rel, content] of Object.entries(files)) {
    const abs = path.join(dir, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  }
}

/** A real git repo: `base` committed on main, then `change` committed on a branch (the "PR"). */
export function makeRepo(base: Record<string, string>, change: Record<string, string> = {}): { dir: string; cleanup: () => void } {
  const t = tempDir('unbreak-repo-');
  gitIn(t.dir, 'init', '-q', '-b', 'main');
  writeFiles(t.dir, base);
  gitIn(t.dir, 'add', '-A');
  gitIn(t.dir, 'commit', '-q', '-m', 'base');
  if (Object.keys(change).length) {
    gitIn(t.dir, 'checkout', '-q', '-b', 'feature');
    writeFiles(t.dir, change);
    gitIn(t.dir, 'add', '-A');
    gitIn(t.dir, 'commit', '-q', '-m', 'change');
  }
  return t;
}

/** Every file's bytes under dir (except .git), to prove a tree was left byte-identical. */
export function treeSnapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      if (name === '.git') continue;
      const abs = path.join(d, name);
      if (statSync(abs).isDirectory()) walk(abs);
      else out[path.relative(dir, abs)] = readFileSync(abs).toString('base64');
    }
  };
  walk(dir);
  return out;
}
