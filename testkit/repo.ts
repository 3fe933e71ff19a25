import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fromTemplate } from './template.js';

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

/**
 * A real git repo: `base` committed on main, then `change` committed on a branch (the "PR"). Built once per
 * test run for the same files, and copied for each test (testkit/template.ts).
 */
export function makeRepo(base: Record<string, string>, change: Record<string, string> = {}): { dir: string; cleanup: () => void } {
  const t = fromTemplate('unbreak-repo-', { base, change }, { worktrees: ['.'] }, (dir) => {
    gitIn(dir, 'init', '-q', '-b', 'main');
    writeFiles(dir, base);
    gitIn(dir, 'add', '-A');
    gitIn(dir, 'commit', '-q', '-m', 'base');
    if (Object.keys(change).length) {
      gitIn(dir, 'checkout', '-q', '-b', 'feature');
      writeFiles(dir, change);
      gitIn(dir, 'add', '-A');
      gitIn(dir, 'commit', '-q', '-m', 'change');
    }
    return null;
  });
  return { dir: t.dir, cleanup: t.cleanup };
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
