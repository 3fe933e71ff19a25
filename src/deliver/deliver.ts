import type { Outcome } from '../engine/types.js';
import { commitTree } from '../git/objects.js';
import { driftedFiles, driftMessage, type Pin } from '../workspace/pin.js';
import { branchTip, createCommit, fastForward, IgnoredFilesError, localTree } from './git-data.js';
import type { RepoRef } from '../github/repo-ref.js';
import { inert } from '../report/inert.js';
import { describeGitHubError, statusOf, type Octokit } from '../github/octokit.js';
import { fixedCount } from '../report/verdict.js';
import { patchComment } from '../report/status-body.js';
import type { DeliveryResult } from '../report/report-context.js';
import { fenced } from '../report/fence.js';
import { planSuggestions, prRanges } from './suggestions.js';
import { commitIdentity, TRAILER } from '../github/bot.js';
import { createComment } from '../github/issues.js';
import { createReview, listPullFiles } from '../github/pulls.js';

export type Mode = 'auto' | 'commit' | 'suggest' | 'comment';

export interface DeliveryContext {
  octokit: Octokit;
  repo: RepoRef;
  root: string;
  mode: Mode;
  pr: { number: number; headRef: string; isFork: boolean };
  /** The head the run started from: a push happens only on top of it. */
  startHead: string;
  /** False where the token cannot write to the PR (a fork's PR under pull_request). */
  canWrite: boolean;
  /** The tree of `startHead`, recorded before any test ran: the fix commit's tree is this plus the pinned files. */
  headTree: string;
  log: (line: string) => void;
  /** Filters what is posted (credential-shaped text in test names or context lines). */
  redact: (text: string) => string;
}

export async function deliver(outcome: Outcome, ctx: DeliveryContext): Promise<DeliveryResult> {
  if (outcome.status !== 'fixed' || !outcome.patch) return { delivery: 'none', note: 'nothing to deliver' };
  // Only what the verifying run saw goes out, by any channel.
  if (!outcome.pinned) return { delivery: 'none', note: 'the fix was not pinned at the end of the verifying run, so nothing was delivered' };
  const drifted = await driftedFiles(ctx.root, outcome.pinned);
  if (drifted.length) {
    ctx.log(driftMessage(drifted));
    return { delivery: 'none', note: driftMessage(drifted) };
  }
  if (!ctx.canWrite) return { delivery: 'summary', note: 'this token cannot write to the pull request, so the patch is in the job summary' };
  let mode = ctx.mode;
  if (mode === 'auto') mode = ctx.pr.isFork ? 'suggest' : 'commit';
  if (mode === 'commit' && ctx.pr.isFork) {
    ctx.log("the PR's head is in a fork, which this token cannot push to: delivering as suggestions");
    mode = 'suggest';
  }
  if (mode === 'commit' && outcome.unconfirmed) {
    // A fix the self-review could not confirm is offered, never pushed.
    ctx.log(`not pushing: ${outcome.unconfirmed}; delivering as suggestions`);
    mode = 'suggest';
  }
  if (mode === 'commit') return commitFix(outcome, ctx);
  if (mode === 'suggest') return suggestFix(outcome, ctx);
  return commentFix(outcome, ctx, 'unbreak found a fix that makes the tests pass:');
}

export function commitMessageFor(outcome: Outcome, startHead: string): string {
  // Flaky tests (failed, then passed when run again) were left out of the fix: it is not credited with them.
  const flaky = new Set(outcome.flaky ?? []);
  const failures = (outcome.before?.failures ?? []).filter((f) => !flaky.has(f.id));
  const n = fixedCount(outcome);
  const subject = `unbreak: fix ${n} failing test${n === 1 ? '' : 's'}`;
  const fixed = failures.slice(0, 10).map((f) => `- ${inert(f.id, 'commit')}`);
  if (failures.length > 10) fixed.push(`- … and ${failures.length - 10} more`);
  const summary = outcome.attempts.at(-1)?.summary?.trim();
  const body = [
    `Makes these tests pass again:\n${fixed.join('\n')}`,
    `Changed: ${outcome.changedFiles.join(', ')}`,
    ...(outcome.mergedWith ? [`They failed only merged with ${outcome.mergedWith}; the fix was seen passing on the merge and on this branch.`] : []),
    // Inert after wrapping: a wrapped line must not start a trailer either.
    ...(summary ? [inert(wrap(summary.slice(0, 1500), 72), 'commit')] : []),
  ];
  return `${subject}\n\n${body.join('\n\n')}\n\n${TRAILER}: ${startHead}\n`;
}

function wrap(text: string, width: number): string {
  return text
    .split('\n')
    .map((para) => {
      const lines: string[] = [];
      let line = '';
      for (const word of para.split(/\s+/)) {
        if (line && line.length + word.length + 1 > width) {
          lines.push(line);
          line = word;
        } else line = line ? `${line} ${word}` : word;
      }
      if (line) lines.push(line);
      return lines.join('\n');
    })
    .join('\n');
}

async function commitFix(outcome: Outcome, ctx: DeliveryContext): Promise<DeliveryResult> {
  const branch = ctx.pr.headRef;
  const moved = (now: string) =>
    commentFix(
      outcome,
      ctx,
      `The branch \`${branch}\` moved (unbreak tested ${short(ctx.startHead)}, the branch is now at ${short(now)}), so nothing was pushed. The fix for ${short(ctx.startHead)}, as a patch:`,
      `the branch moved (unbreak tested ${short(ctx.startHead)}, the branch is at ${short(now)}), so the fix is in a comment`,
    );
  let remote: string | undefined;
  try {
    remote = await branchTip(ctx.octokit, ctx.repo, branch);
  } catch (error) {
    ctx.log(describeGitHubError(`reading the branch ${branch}`, error, 'contents: read'));
  }
  if (remote === undefined) return commentFix(outcome, ctx, `The branch \`${branch}\` is gone, so nothing was pushed. unbreak's fix, as a patch:`);
  if (remote !== ctx.startHead) return moved(remote);
  const { author, committer } = commitIdentity();
  let sha: string;
  try {
    // The tree recorded before any test ran, the pinned blobs, and the head that was tested as parent.
    ({ sha } = await createCommit(ctx.octokit, ctx.repo, {
      root: ctx.root,
      baseTree: ctx.headTree,
      parent: ctx.startHead,
      pins: outcome.pinned ?? [],
      message: commitMessageFor(outcome, ctx.startHead),
      author,
      committer,
    }));
  } catch (error) {
    if (error instanceof IgnoredFilesError) {
      ctx.log(error.message);
      return { delivery: 'none', note: error.message };
    }
    const text = error instanceof Error ? error.message : String(error);
    ctx.log(`could not make the fix commit: ${text}`);
    return commentFix(
      outcome,
      ctx,
      statusOf(error) === 403 || statusOf(error) === 401
        ? `unbreak could not write to the repository (${text.slice(0, 200)}): give the workflow \`permissions: contents: write\`, or a token that may push, in the github-token input. The fix, as a patch:`
        : `unbreak could not make a commit of its fix (${text.slice(0, 200)}). The fix, as a patch:`,
      'the commit failed, so the fix is in a comment',
    );
  }
  try {
    // Fast-forward only, one branch, never a tag: GitHub refuses the update if the branch moved.
    const update = await fastForward(ctx.octokit, ctx.repo, branch, sha);
    if (!update.ok) {
      if (update.reason === 'gone') return commentFix(outcome, ctx, `The branch \`${branch}\` is gone, so nothing was pushed. unbreak's fix, as a patch:`);
      const now = await branchTip(ctx.octokit, ctx.repo, branch).catch(() => undefined);
      return moved(now ?? 'a newer commit');
    }
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    const denied = statusOf(error) === 403 || statusOf(error) === 401 || /denied|permission|not allowed|protected branch/i.test(text);
    ctx.log(`updating ${branch} failed: ${text}`);
    return commentFix(
      outcome,
      ctx,
      denied
        ? `unbreak could not push to \`${branch}\` (${text.slice(0, 200)}): give the workflow \`permissions: contents: write\`, or a token that may push, in the github-token input. The fix, as a patch:`
        : `unbreak could not push to \`${branch}\` (${text.slice(0, 200)}). The fix, as a patch:`,
      'the push failed, so the fix is in a comment',
    );
  }
  return { delivery: 'commit', commitSha: sha, note: `pushed ${short(sha)} to \`${branch}\`` };
}

export { IgnoredFilesError };

/**
 * A commit of `startHead` + the pinned blobs, made locally (the merge check compares trees with
 * it; nothing made here is ever pushed). See `localTree` for what the tree may hold.
 */
export async function buildCommit(root: string, startHead: string, pins: Pin[], message: string, env: Record<string, string>): Promise<string> {
  const tree = await localTree(root, `${startHead}^{tree}`, pins);
  return commitTree(root, tree, startHead, message, env);
}

async function suggestFix(outcome: Outcome, ctx: DeliveryContext): Promise<DeliveryResult> {
  let files: { filename: string; patch?: string }[] = [];
  try {
    files = await listPullFiles(ctx.octokit, ctx.repo, ctx.pr.number);
  } catch (error) {
    ctx.log(describeGitHubError('listing the PR files', error, 'pull-requests: read'));
  }
  const plan = planSuggestions(outcome.patch, prRanges(files));
  const body = [
    `unbreak found a fix that makes the ${fixedCount(outcome)} failing test${fixedCount(outcome) === 1 ? '' : 's'} pass${plan.comments.length ? '; accept the suggestions below' : ''}.`,
    ...(modelSummary(outcome) ? [`The model's account of its fix:\n\n> ${modelSummary(outcome)}`] : []),
    ...(plan.outside ? [`Changes outside this PR's diff, which GitHub cannot suggest inline:\n\n${fenced(plan.outside, 'diff', 4)}`] : []),
  ].join('\n\n');
  try {
    const data = await createReview(ctx.octokit, ctx.repo, ctx.pr.number, {
      commitId: ctx.startHead,
      body: ctx.redact(body),
      comments: plan.comments.map((c) => ({ ...c, body: ctx.redact(c.body) })),
    });
    return {
      delivery: 'suggestion',
      note: `suggested in a review (${plan.comments.length} suggestion${plan.comments.length === 1 ? '' : 's'})`,
      ...(data.html_url ? { url: data.html_url } : {}),
    };
  } catch (error) {
    const status = statusOf(error);
    ctx.log(describeGitHubError('posting the review', error, 'pull-requests: write'));
    if (status === 403) return { delivery: 'summary', note: 'the token cannot review this PR, so the patch is in the job summary' };
    return commentFix(
      outcome,
      ctx,
      "GitHub did not accept the suggestions, so here is unbreak's fix as a patch:",
      'the review was refused, so the fix is in a comment',
    );
  }
}

async function commentFix(outcome: Outcome, ctx: DeliveryContext, why: string, note = 'the fix is in a comment'): Promise<DeliveryResult> {
  try {
    const data = await createComment(ctx.octokit, ctx.repo, ctx.pr.number, ctx.redact(patchComment(outcome.patch, why)));
    return { delivery: 'comment', note, ...(data.html_url ? { url: data.html_url } : {}) };
  } catch (error) {
    ctx.log(describeGitHubError('posting the patch comment', error, 'pull-requests: write'));
    return { delivery: 'summary', note: 'the patch could not be posted, so it is in the job summary' };
  }
}

/** The last attempt's own words, inert and on one quoted paragraph. */
function modelSummary(outcome: Outcome): string {
  const text = outcome.attempts.at(-1)?.summary?.trim() ?? '';
  return inert(text.slice(0, 1500)).replace(/\s*\n\s*/g, ' ');
}

function short(sha: string): string {
  return sha.slice(0, 7);
}
