import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The git program every git command runs, found on PATH once, when this module loads: before any
 * command of the pull request runs. Looked up again at each spawn, a `git` that test code writes
 * into a directory on PATH (`~/.local/bin` and `~/.cargo/bin` come before `/usr/bin` on GitHub's
 * runners, and the job's user can write them) would run instead of git, with unbreak's arguments
 * and whatever it writes to git next. Undefined when there is no git on PATH (the spawn then fails
 * with "git not found" as before).
 */
export function findOnPath(name: string, searchPath = process.env.PATH ?? ''): string | undefined {
  for (const dir of searchPath.split(path.delimiter)) {
    // An empty or relative entry means "the current directory", which is the repository: never trusted.
    if (!dir || !path.isAbsolute(dir)) continue;
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

export const GIT_PROGRAM = findOnPath('git') ?? 'git';
