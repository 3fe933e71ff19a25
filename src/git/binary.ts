import { accessSync, constants, existsSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The git program every git command runs, found on PATH once, when this module loads: before any
 * command of the pull request runs. Looked up again at each spawn, a `git` that test code writes
 * into a directory on PATH (`~/.local/bin` and `~/.cargo/bin` come before `/usr/bin` on GitHub's
 * runners, and the job's user can write them) would run instead of git, with unbreak's arguments.
 * A directory inside the repository is never searched (`node_modules/.bin`, which `npx` puts on
 * PATH, is the pull request's to fill), nor an empty or relative entry (the current directory).
 * What git answers is still not trusted where it decides what is delivered (workspace/pin.ts): the
 * file found may be one the job's user can overwrite.
 */
export function findOnPath(name: string, searchPath = process.env.PATH ?? '', untrusted: string[] = repositoryDirs()): string | undefined {
  const inside = untrusted.map(real).filter((d): d is string => d !== undefined);
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir || !path.isAbsolute(dir)) continue;
    const where = real(dir);
    if (!where || inside.some((d) => where === d || where.startsWith(d + path.sep))) continue;
    const file = path.join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      if (statSync(file).isFile()) return file;
    } catch {
      // Not here.
    }
  }
  return undefined;
}

function real(dir: string): string | undefined {
  try {
    return realpathSync(dir);
  } catch {
    return undefined;
  }
}

/** The repository unbreak is started in (the nearest folder up from here that holds `.git`) and the job's workspace. */
function repositoryDirs(): string[] {
  const dirs: string[] = [];
  if (process.env.GITHUB_WORKSPACE) dirs.push(process.env.GITHUB_WORKSPACE);
  for (let dir = process.cwd(); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, '.git'))) {
      dirs.push(dir);
      break;
    }
    if (path.dirname(dir) === dir) break;
  }
  return dirs;
}

/** Undefined when no git was found where it may be taken from: every git command then fails, saying so. */
export const GIT_PROGRAM = findOnPath('git');
