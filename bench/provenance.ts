// What a results file records about its own making, so a figure can be traced to the code that made it.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Provenance {
  /** The commit the run was made on; `+changes` when the code (anything but results files and dist/) differed from it. */
  commit: string;
  /** The command that made it, as a reader would type it. */
  command: string;
}

export function provenance(argv: string[]): Provenance {
  const git = (...args: string[]) => {
    try {
      return execFileSync('git', args, { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      return '';
    }
  };
  const sha = git('rev-parse', 'HEAD') || 'unknown';
  const changed = git('status', '--porcelain', '--untracked-files=no', '--', '.', ':!dist', ':!*.json', ':!README.md');
  const args = argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`));
  return { commit: changed ? `${sha}+changes` : sha, command: ['npm run bench', ...(args.length ? ['--', ...args] : [])].join(' ') };
}

/** The machine a figure was made on, as the results files record it. */
export function machineName(): string {
  return `${os.availableParallelism()} cpus (${os.cpus()[0]?.model.trim() ?? 'unknown'}), node ${process.version}`;
}
