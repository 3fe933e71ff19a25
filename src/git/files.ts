import { git, gitSync } from './git.js';

/** Named operations that list or search the work tree's files as git sees them: tracked, untracked, ignored, changed. */

/** Whether `rel` is in the index (`ls-files --error-unmatch`). */
export async function isTracked(root: string, rel: string): Promise<boolean> {
  return git(['ls-files', '--error-unmatch', '--', rel], root).then(
    () => true,
    () => false,
  );
}

/** Whether git ignores `rel`, asked synchronously (the guard's path checks are synchronous). */
export function ignoredSync(root: string, rel: string): boolean {
  return gitSync(['check-ignore', '-q', '--', rel], root, { timeoutMs: 10_000 }).status === 0;
}

/** Every tracked path, NUL-terminated, listed synchronously; `status` other than 0 when git could not list them. */
export function trackedListingSync(root: string): { status: number | null; stdout: string } {
  return gitSync(['ls-files', '-z'], root, { maxBuffer: 256 * 1024 * 1024 });
}

/** Tracked and untracked (not ignored) files under a pathspec. */
export async function filesUnder(root: string, pathspec: string): Promise<string[]> {
  return (await git(['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', pathspec], root)).split('\0').filter(Boolean);
}

/** Lines holding a fixed string (`path:line:text`) in text files under a pathspec, tracked or not; git fails when it finds none. */
export async function grepFixed(root: string, query: string, pathspec: string): Promise<string[]> {
  return (await git(['grep', '-n', '-I', '-F', '--untracked', '-e', query, '--', pathspec], root)).split('\n').filter(Boolean);
}

/** Untracked files git does not ignore, in the whole tree or only inside these directories (by literal path). */
export async function untrackedFiles(root: string, dirs?: string[]): Promise<string[]> {
  return (await git(['ls-files', '--others', '--exclude-standard', '-z', ...(dirs ? ['--', ...dirs.map((d) => `:(literal)${d}`)] : [])], root))
    .split('\0')
    .filter(Boolean);
}

/** Tracked files whose work-tree bytes differ from the index (`diff-files`), without looking into submodules. */
export async function unstagedFiles(root: string): Promise<string[]> {
  return (await git(['diff-files', '--ignore-submodules', '--name-only', '-z'], root)).split('\0').filter(Boolean);
}

/** The index as `ls-files --cached -s -z` lists it: "<mode> <id> <stage>\t<path>" records, NUL-separated. */
export async function stageListing(root: string): Promise<string> {
  return git(['ls-files', '--cached', '-s', '-z'], root);
}
