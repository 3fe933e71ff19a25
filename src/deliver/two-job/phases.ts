import type { Outcome } from '../../engine/types.js';
import { driftedFiles, driftMessage } from '../../workspace/pin.js';
import type { PullRequestPayload } from '../../event/trigger.js';
import type { RepoRef } from '../../github/repo-ref.js';
import { outcomeOf, readHandoff, recheck, writeHandoff } from './handoff-file.js';
import type { ActionInputs } from '../../options/action-inputs.js';
import { describeGitHubError, type Octokit } from '../../github/octokit.js';
import { getPull } from '../../github/pulls.js';
import type { DeliveryResult } from '../../report/report-context.js';

/** The two halves of the two-job setup, as main.ts calls them (the file format and its checks: handoff-file.ts). */

const short = (sha: string) => sha.slice(0, 7);

/** Phase fix: the outcome and what the verifying run saw go to the handoff file; nothing is delivered. */
export async function handOff(
  outcome: Outcome,
  o: { inputs: ActionInputs; root: string; pr: PullRequestPayload; head: string; base: string; redact: (s: string) => string; log: (l: string) => void },
): Promise<DeliveryResult> {
  let refused: string | undefined;
  if (outcome.status === 'fixed') {
    if (!outcome.pinned) refused = 'the fix was not pinned at the end of the verifying run, so nothing was handed on';
    else {
      const drifted = await driftedFiles(o.root, outcome.pinned);
      if (drifted.length) refused = driftMessage(drifted);
    }
  }
  const file = await writeHandoff(o.inputs.handoffDir, {
    root: o.root,
    outcome,
    pr: o.pr.number,
    headSha: o.head,
    baseSha: o.base,
    redact: o.redact,
    ...(refused ? { refused } : {}),
  });
  o.log(`unbreak: wrote ${file} for the deliver job`);
  return { delivery: 'none', note: refused ?? 'handed to the deliver job' };
}

export interface Taken {
  outcome: Outcome;
  /** Set when nothing may be delivered: why. */
  refused?: DeliveryResult;
}

/**
 * Phase deliver: the fix job's handoff, checked against this job's own view: the same pull
 * request, the head this run was started for, still the branch's tip on GitHub now, and every
 * file allowed by this job's inputs (handoff-file.ts `recheck`). No test or setup command runs.
 */
export async function takeHandoff(o: {
  inputs: ActionInputs;
  octokit: Octokit;
  repo: RepoRef;
  root: string;
  pr: PullRequestPayload;
  /** The approved head, checked out. */
  head: string;
  log: (l: string) => void;
}): Promise<Taken> {
  const h = readHandoff(o.inputs.handoffDir);
  const outcome = outcomeOf(h);
  const refuse = (why: string): Taken => {
    o.log(`unbreak: nothing delivered: ${why}`);
    return { outcome: { ...outcome, notes: [...(outcome.notes ?? []), `Nothing was delivered: ${why}.`] }, refused: { delivery: 'none', note: why } };
  };
  if (h.pr !== o.pr.number) return refuse(`the handoff is for pull request #${h.pr}, this run is for #${o.pr.number}`);
  if (h.headSha !== o.head) return refuse(`the fix job tested ${short(h.headSha)}, but this run was started for ${short(o.head)}`);
  let now: { head: string; base: string } | undefined;
  try {
    const data = await getPull(o.octokit, o.repo, o.pr.number);
    now = { head: data.head.sha, base: data.base.sha };
  } catch (error) {
    return refuse(describeGitHubError(`reading pull request #${o.pr.number}`, error, 'pull-requests: read'));
  }
  if (now.head !== h.headSha)
    return refuse(`the branch moved: the fix job tested ${short(h.headSha)}, the branch is now at ${short(now.head)}; start unbreak again for the new head`);
  if (h.refused) return refuse(h.refused);
  if (h.status !== 'fixed') return { outcome };
  const checked = await recheck(h, { root: o.root, head: o.head, protect: o.inputs.protectedPaths, allowTestEdits: o.inputs.allowTestEdits });
  if (!checked.ok) return refuse(checked.reason);
  const notes =
    now.base !== h.baseSha && /^[0-9a-f]{40}$/.test(h.baseSha)
      ? [`The base branch moved since the fix job ran (it saw ${short(h.baseSha)}, it is now at ${short(now.base)}); the fix was tested on the head.`]
      : [];
  return {
    outcome: {
      ...outcome,
      patch: checked.patch,
      changedFiles: checked.changedFiles,
      pinned: checked.pins,
      ...(notes.length ? { notes: [...(outcome.notes ?? []), ...notes] } : {}),
    },
  };
}
