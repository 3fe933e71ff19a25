import { git } from './git.js';

/**
 * `git status --porcelain -z` as [XY, path] pairs. A rename or copy (R or C in either column) is
 * followed by its source path, a field of its own that is not an entry.
 */
export function parseStatus(out: string): [string, string][] {
  const entries: [string, string][] = [];
  const fields = out.split('\0');
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    if (field.length < 4 || field[2] !== ' ') continue;
    const xy = field.slice(0, 2);
    entries.push([xy, field.slice(3)]);
    if (/[RC]/.test(xy)) i++;
  }
  return entries;
}

/**
 * `git status` of the tracked files and the untracked ones (a directory where nothing in it is
 * tracked is one entry). `--untracked-files=normal` whatever the repository's config says (`no`
 * would hide new test files); `--ignore-submodules=all`: no git started inside a submodule, under
 * that submodule's own config (a filter driver named only there).
 */
export async function statusEntries(root: string): Promise<[string, string][]> {
  return parseStatus(await git(['status', '--porcelain', '-z', '--untracked-files=normal', '--ignore-submodules=all'], root));
}

/** `git status` with every untracked file listed on its own. */
export async function statusEveryUntracked(root: string): Promise<[string, string][]> {
  return parseStatus(await git(['status', '--porcelain=v1', '-z', '--untracked-files=all'], root));
}
