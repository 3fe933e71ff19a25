import * as core from '@actions/core';
import { realpathSync } from 'node:fs';
import type { Outcome, ProgressEvent } from '../engine/types.js';
import type { takeHandoff } from '../deliver/two-job/phases.js';
import { firstGate, inheritedGate } from '../event/inherited-gate.js';
import { reproduceRun } from '../event/reproduce-ci/run.js';
import { scriptStep } from '../event/reproduce-ci/script.js';
import type { Prepared } from '../git/checkout.js';
import { configFromInputs } from '../options/action-inputs.js';
import { runPipeline } from '../pipeline/pipeline.js';
import { inert, inertCode } from '../report/inert.js';
import { consoleProgress } from '../report/progress.js';
import { checkMergeCommit } from './merge-check.js';
import type { PrArgs } from './pr.js';

export interface OnHeadArgs extends PrArgs {
  root: string;
  prepared: Prepared;
  /** The PR's head commit is unbreak's own fix (its trailer): the loop guard. */
  ownFix: boolean;
  /** Phase deliver: the fix job's outcome, already checked. */
  handed: Awaited<ReturnType<typeof takeHandoff>> | undefined;
  log: (line: string) => void;
}

/**
 * The outcome on the PR's head: the fix job's handoff (phase deliver), or the fix loop on the
 * test command (or what the failed CI run ran), then the merge with the base when the head is green.
 */
export async function outcomeOnHead(a: OnHeadArgs): Promise<Outcome> {
  const { trigger, inputs, octokit, repo, plan, root, prepared, ownFix, handed, log, state } = a;
  const pr = plan.pr;
  const redactor = a.redactor;
  // workflow_run without test-command: run what the failed CI run ran (README, "How it finds what CI ran").
  const ci =
    !handed && trigger.kind === 'workflow_run' && !inputs.testCommand.trim()
      ? await core.group('unbreak: find what the failed run ran', () => reproduceRun(octokit, repo, trigger.run, root, log))
      : undefined;
  const commands = ci ? { testCommand: ci.plan.test ?? 'true', setupCommand: inputs.setupCommand ?? ci.plan.setup } : {};
  const config = {
    ...configFromInputs({ ...inputs, ...commands, ...(handed ? { testCommand: 'false' } : {}) }, realpathSync(root), prepared.base, plan.instructions),
    // The steps the plan's test command runs: reruns of failing tests run only their steps.
    ...(ci?.plan.test && !handed ? { steps: ci.plan.steps.map(scriptStep) } : {}),
  };
  const progress = consoleProgress(log);
  const onEvent = (event: ProgressEvent) => {
    ci?.observe(event);
    state.facts.see(event);
    progress(event);
    if (event.kind === 'attempt')
      void state.status?.progress(
        `attempt ${event.n} of ${event.of}: asking ${inputs.model} to fix ${event.failing} failing test${event.failing === 1 ? '' : 's'}…`,
        true,
      );
    if (event.kind === 'tests') void state.status?.progress(`tests ran: ${event.result.report.failures.length} failing…`);
  };
  const ownFixGate = (where: string) => () =>
    `the PR's head commit is unbreak's own fix and the tests still fail${where}; not trying again (push a change, or comment /unbreak after fixing it by hand)`;
  // A PR that only inherits a red default branch is left to the fix PR there (action/fix-forward.ts).
  const inherited = handed
    ? undefined
    : await inheritedGate(octokit, repo, pr, {
        root,
        log: (l) => core.warning(state.redact(l)),
        ...(trigger.kind === 'workflow_run' && trigger.run.workflow_id !== undefined ? { workflowId: trigger.run.workflow_id } : {}),
        ...(process.env.GITHUB_RUN_ID && /^\d+$/.test(process.env.GITHUB_RUN_ID) ? { runId: Number(process.env.GITHUB_RUN_ID) } : {}),
      });
  const gate = firstGate(ownFix ? ownFixGate('') : undefined, inherited);
  const facts = state.facts;
  let outcome: Outcome =
    handed?.outcome ??
    ci?.nothingToRun() ??
    (await core.group('unbreak: fix loop', () =>
      runPipeline(config, {
        progress: onEvent,
        redactor,
        facts,
        ...(gate ? { gate } : {}),
      }),
    ));
  if (ci) outcome = await ci.finish(outcome);
  if (outcome.status !== 'no-failures' || handed) return outcome;

  const headOutcome = outcome;
  outcome = await core.group('unbreak: test (and fix) the merge with the base', async () =>
    checkMergeCommit({
      root: config.root,
      config,
      prNumber: pr.number,
      baseRef: pr.base.ref,
      head: prepared.head,
      merge: prepared.merge,
      log,
      headOutcome,
      run: (onMerge) => runPipeline(onMerge, { progress: onEvent, redactor, facts, ...(ownFix ? { gate: ownFixGate(` merged with ${pr.base.ref}`) } : {}) }),
    }),
  );
  // Started by a red check, yet green here: say where the red must come from, rather than just "no failing tests".
  if (outcome.status === 'no-failures' && trigger.kind === 'workflow_run') {
    const url = trigger.run.html_url;
    const red = url && /^https:\/\/[^\s()<>]+$/.test(url) ? `[the failed run](${url})` : 'the failed run';
    const name = trigger.run.name ? ` of ${inert(trigger.run.name)}` : '';
    outcome = {
      ...outcome,
      notes: [
        ...(outcome.notes ?? []),
        `The workflow run${name} that started this failed, but ${inertCode(config.testCommand)} passes here: the failure comes from outside this command (another step or job, the environment or secrets the CI has, or a flaky test); ${red} says which.`,
      ],
    };
  }
  return outcome;
}
