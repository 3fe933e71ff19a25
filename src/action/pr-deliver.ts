import * as core from '@actions/core';
import type { Outcome } from '../engine/types.js';
import { deliver } from '../deliver/deliver.js';
import { dispatchWorkflows, rerunLines } from '../deliver/rerun.js';
import { handOff } from '../deliver/two-job/phases.js';
import type { Prepared } from '../git/checkout.js';
import { writeJobSummary } from '../report/job-summary.js';
import { bareOutcome } from '../report/bare-outcome.js';
import type { DeliveryResult } from '../report/report-context.js';
import { statusBody } from '../report/status-body.js';
import { footerFor } from './chores.js';
import type { PrArgs } from './pr.js';

export interface DeliverArgs extends PrArgs {
  root: string;
  prepared: Prepared;
  outcome: Outcome;
  /** Phase deliver: the handoff was refused, and this says why. */
  refused: DeliveryResult | undefined;
  log: (line: string) => void;
}

/**
 * The outcome goes where the mode and the token allow (phase fix: into the handoff), then the
 * status comment, the job summary and the outputs say what happened.
 */
export async function deliverAndReport(a: DeliverArgs): Promise<void> {
  const { plan, inputs, octokit, repo, root, prepared, outcome, refused, log, runUrl, state } = a;
  const pr = plan.pr;
  const redact = state.redact;
  const toDeliver = {
    octokit,
    repo,
    root,
    mode: inputs.mode,
    pr: { number: pr.number, headRef: pr.head.ref, isFork: plan.isFork },
    startHead: prepared.head,
    headTree: prepared.headTree,
    canWrite: plan.canWrite,
    log: (line: string) => core.warning(redact(line)),
    redact,
  };
  const delivery =
    inputs.phase === 'fix'
      ? await handOff(outcome, { inputs, root, pr, head: prepared.head, base: pr.base.sha, redact, log })
      : refused
        ? refused
        : await deliver(outcome, toDeliver);
  const reruns =
    delivery.delivery === 'commit' && inputs.rerunWorkflows.length ? await dispatchWorkflows(octokit, repo, pr.head.ref, inputs.rerunWorkflows) : [];
  for (const r of reruns) if (r.error) core.warning(redact(r.error));
  // The outputs say what was delivered before anything else can fail: a push is never reported as none.
  const outputs = state.outputs;
  outputs.status = outcome.status;
  outputs.attempts = outcome.attempts.length;
  outputs.delivery = delivery.delivery;
  if (delivery.commitSha) outputs.commitSha = delivery.commitSha;
  outputs.changedFiles = outcome.changedFiles;
  state.setOutputs();
  const reportCtx = {
    runUrl,
    rerunsStarted: reruns.some((r) => !r.error),
    extra: rerunLines(reruns),
    footer: footerFor(inputs, a.trigger),
    model: inputs.model,
    ...(inputs.price ? { price: inputs.price } : {}),
    ...(inputs.maxCost !== undefined ? { maxCost: inputs.maxCost } : {}),
  };
  try {
    await state.status?.set(statusBody(outcome, delivery, reportCtx));
    // The fix job's summary says where the fix went: the deliver job's summary and the status comment say what became of it.
    const summarised = inputs.phase === 'fix' ? { ...outcome, notes: [...(outcome.notes ?? []), `Delivery: ${delivery.note}.`] } : outcome;
    await writeJobSummary(summarised, delivery, pr.number, redact, reportCtx);
  } catch (error) {
    if (delivery.delivery === 'none') throw error;
    // Something went out: the comment and summary still say what, from the facts alone.
    const failed = `${delivery.note}; then the report failed: ${error instanceof Error ? error.message : String(error)}`;
    const plain = { ...bareOutcome(outcome.status, outcome.message), changedFiles: outcome.changedFiles, patch: outcome.patch, notes: [failed] };
    await state.status?.set(statusBody(plain, delivery, { runUrl }));
    await writeJobSummary(plain, delivery, pr.number, redact, { runUrl });
    core.setFailed(redact(failed));
    return;
  }
  log(`unbreak: ${outcome.status}: ${outcome.message}${delivery.delivery !== 'none' ? ` (${delivery.note})` : ''}`);
  if (outcome.status === 'error') core.setFailed(outcome.message);
}
