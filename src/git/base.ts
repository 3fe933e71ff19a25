import { git } from './git.js';

export interface BaseRef {
  /** A commit to diff against. */
  sha: string;
  /** How it was found, for the log. */
  label: string;
}

async function tryGit(args: string[], root: string, input?: string): Promise<string | undefined> {
  try {
    const out = await git(args, root, input === undefined ? {} : { input });
    return out || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The commits `names` resolve to (`<name>^{commit}`, as `rev-parse --verify` would), all with one
 * git: undefined for a name that is no commit here.
 */
async function commitsOf(root: string, names: string[]): Promise<(string | undefined)[]> {
  // One name a line: a name with a line break in it is asked on its own.
  if (names.some((n) => /[\n\r]/.test(n))) return Promise.all(names.map((n) => tryGit(['rev-parse', '--verify', '-q', `${n}^{commit}`], root)));
  // Answers are flushed one by one, so a name git dies on (`@{upstream}` with none configured)
  // answers nothing and ends the batch: the names after it are asked on their own.
  const out = await git(['cat-file', '--batch-check=%(objectname) %(objecttype)'], root, {
    input: `${names.map((n) => `${n}^{commit}`).join('\n')}\n`,
    okCodes: [128],
  }).catch(() => '');
  const lines = out ? out.split('\n') : [];
  const answered = names.slice(0, lines.length).map((_, i) => /^([0-9a-f]{40,64}) commit$/.exec(lines[i]!)?.[1]);
  // Nothing answered: not a repository git can read (the first name is HEAD or the only one).
  if (!answered.length || answered.length >= names.length - 1) return names.map((_, i) => answered[i]);
  return [...answered, undefined, ...(await commitsOf(root, names.slice(answered.length + 1)))];
}

/** Where the branch's change may start, in order; `@{upstream}` last of the batch (it may end it), first in the order. */
const CANDIDATES = ['@{upstream}', 'origin/HEAD', 'origin/main', 'origin/master', 'main', 'master'];

/** The commit the branch's change is measured from (`--base`: given, else the merge base with the upstream or default branch, else HEAD). */
export async function resolveBase(root: string, explicit?: string): Promise<BaseRef | undefined> {
  const names = explicit ? ['HEAD', explicit] : ['HEAD', ...CANDIDATES.slice(1), 'HEAD~1', CANDIDATES[0]!];
  const [head, ...rest] = await commitsOf(root, names);
  // In the order of CANDIDATES, then the last commit.
  const shas = explicit ? rest : [rest.at(-1), ...rest.slice(0, -1)];
  if (explicit) {
    const sha = shas[0];
    if (!sha) return undefined;
    const mb = head ? await tryGit(['merge-base', sha, head], root) : undefined;
    return { sha: mb ?? sha, label: `merge base with ${explicit}` };
  }
  if (!head) return undefined;
  for (const [i, ref] of CANDIDATES.entries()) {
    const sha = shas[i];
    // The merge base of HEAD with itself is HEAD, which is no answer here: no git process for it.
    if (!sha || sha === head) continue;
    const mb = await tryGit(['merge-base', sha, head], root);
    if (mb && mb !== head) return { sha: mb, label: `merge base with ${ref}` };
  }
  const parent = shas[CANDIDATES.length];
  if (parent) return { sha: parent, label: 'the last commit' };
  return { sha: head, label: 'HEAD' };
}

/** Whether `ref` names a commit here. */
export async function isCommit(root: string, ref: string): Promise<boolean> {
  return (await tryGit(['rev-parse', '--verify', '-q', `${ref}^{commit}`], root)) !== undefined;
}

/** The work tree's text changes against the base, with some context. */
export async function diffAgainst(root: string, base: BaseRef, committed = false): Promise<string> {
  // `committed`: the caller knows no tracked file differs from HEAD (git status listed none), so
  // HEAD's tree gives the same diff as the work tree without a stat of every file.
  return (await tryGit(['diff', '--no-color', '--no-ext-diff', '--no-textconv', '-U4', base.sha, ...(committed ? ['HEAD'] : []), '--'], root)) ?? '';
}
