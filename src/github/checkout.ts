import { chmodSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { git } from '../workspace/git.js';

/**
 * Turns the checkout actions/checkout leaves (shallow, detached at the merge commit, or on the
 * default branch for issue_comment) into the PR's head, with enough history to diff against the
 * base. All git calls take argument arrays; credentials go in a per-command header, never in a URL.
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
  /** The commit the tests run on and a fix would go on top of. */
  head: string;
  /** What the change is diffed against (merge base where history allows, else the base tip). */
  base: string;
  /** Local changes to tracked files that were stashed first, if any. */
  stashed: boolean;
}

const DEPTH = '100';

/** `-c` options that authenticate fetch and push to an http(s) origin with the given token. */
export async function authArgs(root: string, token: string): Promise<string[]> {
  const url = await git(['remote', 'get-url', 'origin'], root).catch(() => '');
  const m = /^(https?:\/\/[^/]+)\//.exec(url);
  if (!m || !token) return [];
  const key = `http.${m[1]}/.extraheader`;
  const basic = Buffer.from(`x-access-token:${token}`).toString('base64');
  // The empty value first clears any header actions/checkout persisted, so only one is sent.
  return ['-c', `${key}=`, '-c', `${key}=AUTHORIZATION: basic ${basic}`];
}

export async function prepareCheckout(root: string, pr: PrRefs, token: string): Promise<Prepared> {
  const auth = await authArgs(root, token);
  const fetch = (...args: string[]) => git([...auth, 'fetch', '--no-tags', '--quiet', ...args], root);
  const shallow = (await git(['rev-parse', '--is-shallow-repository'], root)) === 'true';
  const depth = shallow ? ['--depth', DEPTH] : [];

  // The branch itself where it lives here (it is what a fix is pushed to); refs/pull/N/head,
  // which GitHub keeps for every PR, for a fork's.
  const sources = pr.sameRepo ? [`refs/heads/${pr.headRef}`, `refs/pull/${pr.number}/head`] : [`refs/pull/${pr.number}/head`];
  let fetched = false;
  for (const source of sources) {
    try {
      await fetch(...depth, 'origin', `+${source}:refs/remotes/unbreak/head`);
      fetched = true;
      break;
    } catch {
      continue;
    }
  }
  if (!fetched) throw new Error(`could not fetch the head of pull request #${pr.number} (${sources.join(' or ')}) from origin`);
  const head = await git(['rev-parse', 'refs/remotes/unbreak/head^{commit}'], root);
  try {
    await fetch(...depth, 'origin', `+refs/heads/${pr.baseRef}:refs/remotes/unbreak/base`);
  } catch {
    await fetch(...depth, 'origin', pr.baseSha).catch(() => undefined);
  }

  let stashed = false;
  const dirty = await git(['status', '--porcelain', '--untracked-files=no'], root);
  if (dirty.trim()) {
    await git(['stash', 'push', '--quiet', '-m', 'unbreak: local changes before switching to the PR head'], root);
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
  return { head, base, stashed };
}

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
  const listed = await git(['config', '--local', '--get-regexp', '^http\\..*\\.extraheader$'], root).catch(() => '');
  const entries = listed
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf(' ');
      return { key: line.slice(0, at), value: line.slice(at + 1) };
    });
  for (const key of new Set(entries.map((e) => e.key))) await git(['config', '--local', '--unset-all', key], root).catch(() => undefined);
  const files = await hideIncludedCredentials(root);
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
async function hideIncludedCredentials(root: string): Promise<{ file: string; bytes: Buffer; mode: number }[]> {
  const raw = await git(['config', '--local', '--null', '--get-regexp', '^include(if\\..*)?\\.path$'], root).catch(() => '');
  const gitDir = path.resolve(root, await git(['rev-parse', '--git-dir'], root).catch(() => '.git'));
  const hidden: { file: string; bytes: Buffer; mode: number }[] = [];
  const seen = new Set<string>();
  for (const record of raw.split('\0').filter(Boolean)) {
    const value = record.slice(record.indexOf('\n') + 1);
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
