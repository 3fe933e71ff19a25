import { chmodSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { commonDirOf } from './work-tree.js';
import { configRecords } from './config-records.js';
import { git } from './git.js';
import { hasCommit } from './objects.js';
import { treeOf } from './trees.js';

/**
 * Turns the checkout actions/checkout leaves (shallow, detached at the merge commit, or on the
 * default branch for issue_comment) into the PR's head, with enough history to diff against the
 * base. All git calls take argument arrays; credentials go in a per-command header, never in a URL,
 * and only in this step, before any code of the PR runs.
 */

export interface PrRefs {
  number: number;
  headRef: string;
  headSha: string;
  baseRef: string;
  baseSha: string;
  /** The head branch lives in this repository (not a fork). */
  sameRepo: boolean;
}

export interface Prepared {
  /** The commit the tests run on and a fix would go on top of: the head the event approved. */
  head: string;
  /** The head's tree id, read before any test code ran: a fix commit is this tree plus the pinned files. */
  headTree: string;
  /** What the change is diffed against (merge base where history allows, else the base tip). */
  base: string;
  /** Local changes to tracked files that were stashed first, if any. */
  stashed: boolean;
  /** GitHub's merge commit of the PR (refs/pull/N/merge), fetched up front; undefined when GitHub has none. */
  merge?: string;
  /** The branch's tip on origin when it is not the approved head (a commit pushed after the event). */
  newerTip?: string;
}

const DEPTH = '100';

/**
 * `-c` options that authenticate a fetch from an https origin with the given token. Used only in
 * prepareCheckout, before any code of the PR runs; the header is tied to the origin's host, and
 * only when that is the GitHub server the job runs on (GITHUB_SERVER_URL), never to what
 * `remote.origin.url` was made to say.
 */
export async function authArgs(root: string, token: string): Promise<string[]> {
  // The URL as written, as the fetch reads it (git.ts: no `url.*.insteadOf` or include reaches it), not as `remote get-url` rewrites it.
  const url = await git(['config', '--no-includes', '--get', 'remote.origin.url'], root).catch(() => '');
  const m = /^(https?:\/\/[^/]+)\//.exec(url);
  if (!m || !token) return [];
  const server = process.env.GITHUB_SERVER_URL ? new URL(process.env.GITHUB_SERVER_URL).origin : 'https://github.com';
  if (new URL(m[1]!).origin !== server) return [];
  const key = `http.${m[1]}/.extraheader`;
  const basic = Buffer.from(`x-access-token:${token}`).toString('base64');
  // The empty value first clears any header actions/checkout persisted, so only one is sent.
  return ['-c', `${key}=`, '-c', `${key}=AUTHORIZATION: basic ${basic}`];
}

/**
 * Every network operation of the run, done before any of the PR's code runs: the approved head,
 * the base and GitHub's merge commit are fetched here, with the token in a per-command header.
 * After this no git command is given a credential (delivery goes through the REST API).
 */
export async function prepareCheckout(root: string, pr: PrRefs, token: string, log: (line: string) => void = () => undefined): Promise<Prepared> {
  const auth = await authArgs(root, token);
  const fetch = (...args: string[]) => git([...auth, 'fetch', '--no-tags', '--quiet', ...args], root, { network: true });
  const shallow = (await git(['rev-parse', '--is-shallow-repository'], root)) === 'true';
  const depth = shallow ? ['--depth', DEPTH] : [];
  const have = (sha: string) => hasCommit(root, sha);

  // The branch itself where it lives here (it is what a fix is pushed to); refs/pull/N/head,
  // which GitHub keeps for every PR, for a fork's.
  const sources = pr.sameRepo ? [`refs/heads/${pr.headRef}`, `refs/pull/${pr.number}/head`] : [`refs/pull/${pr.number}/head`];
  // The head, the base and GitHub's merge commit in one fetch where all three are there (the usual
  // case: one connection, one git, instead of three). A fetch that names a ref origin lacks fetches
  // nothing, and then each is fetched on its own below, as each may be missing.
  const headRef = `+${sources[0]}:refs/remotes/unbreak/head`;
  const baseRef = `+refs/heads/${pr.baseRef}:refs/remotes/unbreak/base`;
  const mergeRef = `+refs/pull/${pr.number}/merge:refs/remotes/unbreak/merge`;
  const together = await fetch(...depth, 'origin', headRef, baseRef, mergeRef).then(
    () => true,
    () => false,
  );
  let fetched = together;
  for (const source of together ? [] : sources) {
    try {
      await fetch(...depth, 'origin', `+${source}:refs/remotes/unbreak/head`);
      fetched = true;
      break;
    } catch {
      continue;
    }
  }
  if (!fetched) throw new Error(`could not fetch the head of pull request #${pr.number} (${sources.join(' or ')}) from origin`);
  const tip = await git(['rev-parse', 'refs/remotes/unbreak/head^{commit}'], root);
  // The tests run on the commit the event approved, not on whatever the branch holds now: a
  // commit pushed after a maintainer's label or command is not what they approved.
  let head = tip;
  let newerTip: string | undefined;
  if (pr.headSha && /^[0-9a-f]{40,64}$/i.test(pr.headSha) && tip !== pr.headSha) {
    if (!(await have(pr.headSha))) await fetch(...depth, 'origin', `+${pr.headSha}:refs/remotes/unbreak/approved`).catch(() => undefined);
    if (!(await have(pr.headSha)))
      throw new Error(
        `the head ${pr.headSha.slice(0, 12)} this run was started for is not on origin any more (the branch is at ${tip.slice(0, 12)}); nothing was tested`,
      );
    head = pr.headSha;
    newerTip = tip;
    log(`the branch is at ${tip.slice(0, 12)}, newer than the head ${head.slice(0, 12)} this run was started for: testing ${head.slice(0, 12)}`);
  }
  const headTree = await treeOf(root, head);
  if (!together) {
    try {
      await fetch(...depth, 'origin', baseRef);
    } catch {
      await fetch(...depth, 'origin', pr.baseSha).catch(() => undefined);
    }
  }
  // GitHub's merge commit, which the PR's CI tests: tested later if the head passes. None while the PR conflicts.
  let merge: string | undefined;
  try {
    if (!together) await fetch(...(shallow ? ['--depth', '1'] : []), 'origin', mergeRef);
    merge = await git(['rev-parse', 'refs/remotes/unbreak/merge^{commit}'], root);
  } catch {
    merge = undefined;
  }

  let stashed = false;
  const dirty = await git(['status', '--porcelain', '--untracked-files=no'], root);
  if (dirty.trim()) {
    await git(['stash', 'push', '--quiet', '-m', 'unbreak: local changes before switching to the PR head'], root, { env: BOT_IDENTITY });
    stashed = true;
  }
  await git(['checkout', '--quiet', '--detach', head], root);

  const baseTip = (await git(['rev-parse', '--verify', '-q', 'refs/remotes/unbreak/base^{commit}'], root).catch(() => '')) || pr.baseSha;
  const mergeBase = () => git(['merge-base', baseTip, head], root).catch(() => undefined);
  let base = await mergeBase();
  if (!base && shallow) {
    // Long-lived branches: deepen both sides once, then settle for the base tip.
    await fetch('--deepen', '1000', 'origin', `+${sources[0]}:refs/remotes/unbreak/head`).catch(() => undefined);
    await fetch('--deepen', '1000', 'origin', `+refs/heads/${pr.baseRef}:refs/remotes/unbreak/base`).catch(() => undefined);
    base = await mergeBase();
  }
  base ??= baseTip;
  return { head, headTree, base, stashed, ...(merge ? { merge } : {}), ...(newerTip ? { newerTip } : {}) };
}

/** Who `git stash` says made the stash: the global config (and its user.name) is not read. */
const BOT_IDENTITY = {
  GIT_AUTHOR_NAME: 'github-actions[bot]',
  GIT_AUTHOR_EMAIL: '41898282+github-actions[bot]@users.noreply.github.com',
  GIT_COMMITTER_NAME: 'github-actions[bot]',
  GIT_COMMITTER_EMAIL: '41898282+github-actions[bot]@users.noreply.github.com',
};

/** The full message of a commit, '' when unknown. */
export async function commitMessage(root: string, sha: string): Promise<string> {
  return git(['log', '-1', '--format=%B', sha], root).catch(() => '');
}

/**
 * Takes the credentials actions/checkout saved out of reach of the PR's test code for the length
 * of the run (unbreak authenticates its own git calls), and returns how to put them back for the
 * job's later steps. Older checkout writes an `extraheader` into .git/config; v6 writes it to
 * `$RUNNER_TEMP/git-credentials-*.config`, pulled in by `includeIf "gitdir:…".path`, which
 * `git config --local` does not follow, so those files are moved out of the way too.
 */
export async function hideCredentials(root: string): Promise<() => Promise<void>> {
  // One listing for both: the headers themselves, and the files included (which may hold them).
  const listed = await git(['config', '--local', '--null', '--get-regexp', '^(http\\..*\\.extraheader|include(if\\..*)?\\.path)$'], root).catch(() => '');
  const records = configRecords(listed).map(({ key, value }) => ({ key, value: value ?? '' }));
  const entries = records.filter((r) => /^http\..*\.extraheader$/i.test(r.key));
  for (const key of new Set(entries.map((e) => e.key))) await git(['config', '--local', '--unset-all', key], root).catch(() => undefined);
  const included = records.filter((r) => /^include(if\..*)?\.path$/i.test(r.key)).map((r) => r.value);
  const files = included.length ? await hideIncludedCredentials(root, included) : [];
  return async () => {
    for (const { key, value } of entries) await git(['config', '--local', '--add', key, value], root).catch(() => undefined);
    for (const { file, bytes, mode } of files) {
      try {
        writeFileSync(file, bytes, { mode });
        chmodSync(file, mode);
      } catch {
        // The job's later steps lose the credentials; nothing here can do better.
      }
    }
  };
}

/** Included config files (`include.path`, `includeIf.*.path`) that hold credentials, removed until restored. */
async function hideIncludedCredentials(root: string, included: string[]): Promise<{ file: string; bytes: Buffer; mode: number }[]> {
  // Relative to the file that names them: the repository's config, in the common git dir.
  const gitDir = await commonDirOf(root).catch(() => path.join(root, '.git'));
  const hidden: { file: string; bytes: Buffer; mode: number }[] = [];
  const seen = new Set<string>();
  for (const value of included) {
    const file = path.resolve(gitDir, value.replace(/^~(?=\/)/, homedir()));
    if (seen.has(file)) continue;
    seen.add(file);
    try {
      const info = statSync(file);
      if (!info.isFile() || info.size > 1024 * 1024) continue;
      const bytes = readFileSync(file);
      if (!/extraheader|credential|password|token/i.test(bytes.toString('utf8'))) continue;
      unlinkSync(file);
      hidden.push({ file, bytes, mode: info.mode & 0o777 });
    } catch {
      continue;
    }
  }
  return hidden;
}
