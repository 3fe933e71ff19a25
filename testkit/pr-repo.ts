import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FakeGitHub } from './github-server.js';
import { gitIn, writeFiles } from './repo.js';
import { fromTemplate } from './template.js';

export interface PrRepo {
  /** The author's repository, where the commits were made. */
  src: string;
  /** The bare "origin" on GitHub, with refs/pull/N/head and refs/pull/N/merge. */
  origin: string;
  /** The runner's checkout, as actions/checkout leaves it. */
  work: string;
  headSha: string;
  baseSha: string;
  mergeSha: string;
  number: number;
  headRef: string;
  cleanup: () => void;
}

export interface PrRepoOptions {
  base: Record<string, string>;
  change: Record<string, string>;
  number?: number;
  headRef?: string;
  /** The head lives in a fork: origin has refs/pull/N/head but no branch. */
  fork?: boolean;
  /** How the runner's checkout looks: at the merge commit (pull_request) or on main (issue_comment, workflow_run). */
  checkout?: 'merge' | 'main';
  /** Files main changed after the PR branched off (a commit on main the PR does not have). */
  baseAfter?: Record<string, string>;
}

/**
 * A real PR: base commit on main, the change on a branch, GitHub's refs on a bare origin, a shallow checkout.
 * Built once per test run for the same options, and copied for each test (testkit/template.ts).
 */
export function makePrRepo(options: PrRepoOptions): PrRepo {
  const t = fromTemplate('unbreak-pr-', options, { rewrite: ['work/.git/config', 'work/.git/FETCH_HEAD'], worktrees: ['src', 'work'] }, (dir) =>
    buildPrRepo(dir, options),
  );
  return { ...t.value, cleanup: t.cleanup };
}

function buildPrRepo(dir: string, options: PrRepoOptions): Omit<PrRepo, 'cleanup'> {
  const number = options.number ?? 7;
  const headRef = options.headRef ?? 'feature';
  const src = path.join(dir, 'src');
  const origin = path.join(dir, 'origin.git');
  const work = path.join(dir, 'work');
  mkdirSync(src);
  gitIn(src, 'init', '-q', '-b', 'main');
  writeFiles(src, options.base);
  gitIn(src, 'add', '-A');
  gitIn(src, 'commit', '-q', '-m', 'base');
  const baseSha = gitIn(src, 'rev-parse', 'HEAD');
  gitIn(src, 'checkout', '-q', '-b', headRef);
  writeFiles(src, options.change);
  gitIn(src, 'add', '-A');
  gitIn(src, 'commit', '-q', '-m', 'the change');
  const headSha = gitIn(src, 'rev-parse', 'HEAD');
  if (options.baseAfter) {
    gitIn(src, 'checkout', '-q', 'main');
    writeFiles(src, options.baseAfter);
    gitIn(src, 'add', '-A');
    gitIn(src, 'commit', '-q', '-m', 'main moves on');
  }
  gitIn(src, 'checkout', '-q', '--detach', 'main');
  gitIn(src, 'merge', '-q', '--no-ff', '--no-edit', headRef);
  const mergeSha = gitIn(src, 'rev-parse', 'HEAD');
  gitIn(src, 'checkout', '-q', headRef);

  gitIn(dir, 'init', '-q', '--bare', '-b', 'main', origin);
  gitIn(src, 'push', '-q', origin, 'main:refs/heads/main', `${headSha}:refs/pull/${number}/head`, `${mergeSha}:refs/pull/${number}/merge`);
  if (!options.fork) gitIn(src, 'push', '-q', origin, `${headRef}:refs/heads/${headRef}`);

  // What actions/checkout does: a fresh repo, origin set, one commit fetched shallow, detached.
  mkdirSync(work);
  gitIn(work, 'init', '-q');
  gitIn(work, 'remote', 'add', 'origin', `file://${origin}`);
  if ((options.checkout ?? 'merge') === 'merge') {
    gitIn(work, 'fetch', '-q', '--no-tags', '--depth=1', 'origin', `+${mergeSha}:refs/remotes/pull/${number}/merge`);
    gitIn(work, 'checkout', '-q', '--detach', `refs/remotes/pull/${number}/merge`);
  } else {
    gitIn(work, 'fetch', '-q', '--no-tags', '--depth=1', 'origin', '+refs/heads/main:refs/remotes/origin/main');
    gitIn(work, 'checkout', '-q', '-B', 'main', 'refs/remotes/origin/main');
  }
  return { src, origin, work, headSha, baseSha, mergeSha, number, headRef };
}

/** Registers the PR with the fake GitHub, its files' patches computed by git as GitHub shows them. */
export function registerPr(gh: FakeGitHub, pr: PrRepo, extra: { fork?: boolean; title?: string; body?: string; labels?: string[] } = {}): void {
  const full = `${gh.owner}/${gh.repo}`;
  // The Git Data routes write to this PR's origin, as GitHub writes to the repository.
  gh.origin = pr.origin;
  gh.pulls.set(pr.number, {
    number: pr.number,
    state: 'open',
    title: extra.title ?? 'A change',
    body: extra.body ?? null,
    head: { ref: pr.headRef, sha: pr.headSha, repo: { full_name: extra.fork ? 'someone/shop' : full, fork: Boolean(extra.fork) } },
    base: { ref: 'main', sha: pr.baseSha, repo: { full_name: full, fork: false } },
  });
  const names = gitIn(pr.src, 'diff', '--name-only', pr.baseSha, pr.headSha).split('\n').filter(Boolean);
  gh.files.set(
    pr.number,
    names.map((filename) => {
      const diff = gitIn(pr.src, 'diff', '-U3', pr.baseSha, pr.headSha, '--', filename);
      return { filename, patch: diff.slice(diff.indexOf('@@')) };
    }),
  );
  gh.labels.set(pr.number, extra.labels ?? []);
}

/** Pushes a new commit to the PR branch on origin, as a person would while unbreak works. */
export function pushToBranch(pr: PrRepo, files: Record<string, string>): string {
  writeFiles(pr.src, files);
  gitIn(pr.src, 'add', '-A');
  gitIn(pr.src, 'commit', '-q', '-m', 'someone else pushed');
  gitIn(pr.src, 'push', '-q', pr.origin, `${pr.headRef}:refs/heads/${pr.headRef}`);
  return gitIn(pr.src, 'rev-parse', 'HEAD');
}
