import * as core from '@actions/core';
import { realpathSync } from 'node:fs';
import { ConfigError, configDefaults, resolveConfig, type Config } from '../options/config.js';
import { budgetProblems } from '../options/budget.js';
import type { Outcome, ProgressEvent } from '../engine/types.js';
import { commitMessage, hideCredentials, prepareCheckout } from '../git/checkout.js';
import { deliver } from '../deliver/deliver.js';
import { TRAILER } from '../github/bot.js';
import { readRepo, readTrigger, type RepoRef } from '../event/trigger.js';
import { readActionInputs, type ActionInputs } from '../options/action-inputs.js';
import { createOctokit, describeGitHubError, type Octokit } from '../github/octokit.js';
import { inert, inertCode } from '../report/inert.js';
import { checkMergeCommit } from './merge-check.js';
import { reproduceRun } from '../event/reproduce-ci/run.js';
import { scriptStep } from '../event/reproduce-ci/script.js';
import { planRun } from '../event/plan.js';
import { bareOutcome } from '../report/bare-outcome.js';
import { runUrlFromEnv, type DeliveryResult } from '../report/report-context.js';
import { statusBody } from '../report/status-body.js';
import { dispatchWorkflows, rerunLines } from '../deliver/rerun.js';
import { StatusComment } from '../report/status-comment.js';
import { writeJobSummary } from '../report/job-summary.js';
import { redactorFor, runPipeline } from '../pipeline/pipeline.js';
import { consoleProgress } from '../report/progress.js';
import { runFixForward } from './fix-forward.js';
import { firstGate, inheritedGate } from '../event/inherited-gate.js';
import { guardRepoState, workTreeRoot } from '../git/work-tree.js';
import { releaseGitState } from '../git/state.js';
import { atCrash, installCrashHandlers, RunFacts } from '../start/crash.js';
import { handOff, takeHandoff } from '../deliver/two-job/phases.js';
import { clearHandoff } from '../deliver/two-job/handoff-file.js';

interface Outputs {
  status: string;
  attempts: number;
  delivery: DeliveryResult['delivery'];
  commitSha?: string;
  changedFiles: string[];
}

let outputsWritten = false;

function setOutputs(o: Outputs): void {
  outputsWritten = true;
  core.setOutput('status', o.status);
  core.setOutput('attempts', String(o.attempts));
  core.setOutput('delivery', o.delivery);
  core.setOutput('commit-sha', o.commitSha ?? '');
  core.setOutput('changed-files', o.changedFiles.join('\n'));
}

function configFor(inputs: ActionInputs, root: string, base: string, instructions?: string): Config {
  return resolveConfig(
    {
      ...configDefaults(),
      root,
      testCommand: inputs.testCommand,
      ...(inputs.setupCommand ? { setupCommand: inputs.setupCommand } : {}),
      testTimeoutSec: inputs.testTimeoutSec,
      maxAttempts: inputs.maxAttempts,
      maxCompletionTokens: inputs.maxCompletionTokens,
      model: inputs.model,
      baseUrl: inputs.baseUrl,
      apiKey: inputs.apiKey,
      base,
      allowTestEdits: inputs.allowTestEdits,
      review: inputs.review,
      protect: inputs.protectedPaths,
      maxTokens: inputs.maxTokens,
      requestTokens: inputs.requestTokens,
      modelTimeoutSec: inputs.modelTimeoutSec,
      junitGlob: inputs.junitGlob,
      targetedReruns: inputs.targetedReruns,
      stream: inputs.stream,
      ...(instructions ? { instructions } : {}),
      ...(inputs.price ? { price: inputs.price } : {}),
      ...(inputs.maxCost !== undefined ? { maxCost: inputs.maxCost } : {}),
    },
    'input',
  );
}

/** The status comment's footer: the label and command this workflow answers to, and the action's own README. */
function footerFor(inputs: ActionInputs): { label: string; command: string; docsUrl?: string } {
  const action = process.env.GITHUB_ACTION_REPOSITORY;
  const docsUrl = action && /^[\w.-]+\/[\w.-]+$/.test(action) ? `https://github.com/${action}#readme` : undefined;
  return { label: inputs.label, command: inputs.command, ...(docsUrl ? { docsUrl } : {}) };
}

async function removeLabel(octokit: Octokit, repo: RepoRef, number: number, label: string): Promise<void> {
  try {
    await octokit.rest.issues.removeLabel({ ...repo, issue_number: number, name: label });
  } catch (error) {
    core.warning(describeGitHubError(`removing the "${label}" label`, error, 'pull-requests: write'));
  }
}

/** The action: event → plan → checkout of the PR head → the engine → delivery → report. */
export async function run(): Promise<void> {
  const outputs: Outputs = { status: 'error', attempts: 0, delivery: 'none', changedFiles: [] };
  let status: StatusComment | undefined;
  let removeTrigger: (() => Promise<void>) | undefined;
  let restoreCredentials: (() => Promise<void>) | undefined;
  let prNumber: number | undefined;
  let redact = (text: string) => text;
  const runUrl = runUrlFromEnv();
  const facts = new RunFacts();
  // However the run ends (a cancelled job's SIGINT/SIGTERM, an uncaught error), the job is left in
  // order: the pipeline puts the model's files back (it registers that itself, so it runs first),
  // then the outputs, checkout's credentials, the status comment, the summary and the label.
  installCrashHandlers((line) => core.error(redact(line)));
  const release = atCrash(async (c) => {
    const failed: Outcome = {
      ...bareOutcome('error', `the run was cut short: ${c.reason}`),
      failuresBefore: facts.failuresBefore,
      failuresAfter: facts.failuresAfter,
      usage: facts.usage,
      testRuns: facts.testRuns,
    };
    if (!outputsWritten) setOutputs({ ...outputs, status: 'error', attempts: facts.attempts, delivery: 'none', changedFiles: [] });
    core.setFailed(failed.message);
    releaseGitState();
    await restoreCredentials?.();
    await Promise.allSettled([
      status?.close(statusBody(failed, undefined, { runUrl })),
      writeJobSummary(failed, { delivery: 'none', note: '' }, prNumber, redact, { runUrl }),
      removeTrigger?.(),
    ]);
  });
  try {
    const inputs = readActionInputs();
    // A budget that cannot hold one request is said before anything runs.
    const tooSmall = budgetProblems(inputs, 'input');
    if (tooSmall.length) throw new ConfigError(tooSmall, 'input');
    // Logs, comments, reviews and the summary pass the same filter as what the model sees.
    const redactor = redactorFor({ apiKey: inputs.apiKey }, [inputs.githubToken]);
    redact = (text: string) => redactor.redact(text);
    const repo = readRepo();
    const trigger = readTrigger();
    const octokit = createOctokit(inputs.githubToken);
    const plan = await planRun(trigger, inputs, octokit, repo);
    if (inputs.phase === 'fix') clearHandoff(inputs.handoffDir);

    if (!plan.run) {
      outputs.status = plan.error ? 'error' : 'skipped';
      prNumber = plan.prNumber;
      // Phase fix writes nothing to GitHub (read-only token): the deliver job plans again and says it.
      const speak = inputs.phase !== 'fix';
      if (speak && plan.reply && plan.prNumber !== undefined) {
        await octokit.rest.issues
          .createComment({ ...repo, issue_number: plan.prNumber, body: plan.reply })
          .catch((e: unknown) => core.warning(describeGitHubError('replying on the PR', e, 'pull-requests: write')));
      }
      const asked =
        (trigger.kind === 'pull_request' && trigger.action === 'labeled' && trigger.label === inputs.label) ||
        (trigger.kind === 'issue_comment' && !plan.silent);
      if (speak && asked && plan.prNumber !== undefined && !plan.reply) {
        await new StatusComment(octokit, repo, plan.prNumber, (l) => core.warning(l)).set(
          statusBody(bareOutcome('skipped', plan.reason), undefined, { runUrl, footer: footerFor(inputs) }),
        );
      }
      // Every run explains itself in the job summary, a silent skip included: it is where people look first.
      await writeJobSummary(bareOutcome(plan.error ? 'error' : 'skipped', plan.reason), { delivery: 'none', note: '' }, plan.prNumber, redact, { runUrl });
      if (speak && asked && trigger.kind === 'pull_request' && plan.prNumber !== undefined) await removeLabel(octokit, repo, plan.prNumber, inputs.label);
      if (plan.error) core.setFailed(plan.reason);
      else if (plan.silent) core.info(`unbreak: skipped: ${plan.reason}`);
      else core.notice(`unbreak skipped: ${plan.reason}`);
      setOutputs(outputs);
      return;
    }

    // The default branch is red: the fix goes in a pull request of its own (fix-forward.ts).
    if ('fixForward' in plan) {
      if (inputs.phase !== 'all') throw new ConfigError("input 'phase' fix and deliver cover pull requests; a red default branch needs phase: all");
      const ff = await runFixForward({
        plan: plan.fixForward,
        inputs,
        octokit,
        repo,
        redactor,
        ...(runUrl ? { runUrl } : {}),
        makeConfig: (root, base, commands) => configFor({ ...inputs, ...commands }, root, base),
      });
      Object.assign(
        outputs,
        { status: ff.status, attempts: ff.attempts, delivery: ff.delivery, changedFiles: ff.changedFiles },
        ff.commitSha ? { commitSha: ff.commitSha } : {},
      );
      setOutputs(outputs);
      if (ff.failed) core.setFailed(ff.failed);
      return;
    }

    const pr = plan.pr;
    prNumber = pr.number;
    const log = (line: string) => core.info(redact(line));
    // Phase fix holds a read-only token: the deliver job writes the status comment and removes the label.
    if (inputs.phase !== 'fix') status = new StatusComment(octokit, repo, pr.number, log, redact);
    if (plan.labelTriggered && inputs.phase !== 'fix') removeTrigger = once(() => removeLabel(octokit, repo, pr.number, inputs.label));
    if (plan.commandCommentId !== undefined && inputs.phase !== 'fix') {
      const id = plan.commandCommentId;
      await octokit.rest.reactions
        .createForIssueComment({ ...repo, comment_id: id, content: 'eyes' })
        .catch((e: unknown) => core.warning(describeGitHubError('reacting to the command', e, 'pull-requests: write')));
    }
    await status?.progress(
      inputs.phase === 'deliver' ? `checking the fix job's handoff for #${pr.number}…` : `fetching the head of #${pr.number} and running the tests…`,
      true,
    );

    const root = (await workTreeRoot(process.env.GITHUB_WORKSPACE || process.cwd())) ?? '';
    if (!root) throw new ConfigError('the workspace is not a git repository: run actions/checkout before unbreak');
    const prepared = await core.group('unbreak: check out the PR head', async () => {
      restoreCredentials = once(await hideCredentials(root));
      const p = await prepareCheckout(
        root,
        { number: pr.number, headRef: pr.head.ref, headSha: pr.head.sha, baseRef: pr.base.ref, baseSha: pr.base.sha, sameRepo: !plan.isFork },
        inputs.githubToken,
        log,
      );
      core.info(`head ${p.head}, base ${p.base}`);
      if (p.stashed) core.notice('unbreak stashed local changes to tracked files before switching to the PR head (see git stash list)');
      return p;
    });
    // Phase deliver runs no test: the outcome and the files come from the fix job's handoff, checked again.
    const handed = inputs.phase === 'deliver' ? await takeHandoff({ inputs, octokit, repo, root, pr, head: prepared.head, log }) : undefined;
    const ownFix = (await commitMessage(root, prepared.head)).includes(`${TRAILER}:`);
    // Every fetch is done; from here git state is data the tests may write, put back after each run.
    await guardRepoState(root);

    // workflow_run without test-command: run what the failed CI run ran (CONTRACT section 5).
    const ci =
      !handed && trigger.kind === 'workflow_run' && !inputs.testCommand.trim()
        ? await core.group('unbreak: find what the failed run ran', () => reproduceRun(octokit, repo, trigger.run, root, log))
        : undefined;
    const commands = ci ? { testCommand: ci.plan.test ?? 'true', setupCommand: inputs.setupCommand ?? ci.plan.setup } : {};
    const config = {
      ...configFor({ ...inputs, ...commands, ...(handed ? { testCommand: 'false' } : {}) }, realpathSync(root), prepared.base, plan.instructions),
      // The steps the plan's test command runs: reruns of failing tests run only their steps.
      ...(ci?.plan.test && !handed ? { steps: ci.plan.steps.map(scriptStep) } : {}),
    };
    const progress = consoleProgress(log);
    const onEvent = (event: ProgressEvent) => {
      ci?.observe(event);
      facts.see(event);
      progress(event);
      if (event.kind === 'attempt')
        void status?.progress(
          `attempt ${event.n} of ${event.of}: asking ${inputs.model} to fix ${event.failing} failing test${event.failing === 1 ? '' : 's'}…`,
          true,
        );
      if (event.kind === 'tests') void status?.progress(`tests ran: ${event.result.report.failures.length} failing…`);
    };
    const ownFixGate = (where: string) => () =>
      `the PR's head commit is unbreak's own fix and the tests still fail${where}; not trying again (push a change, or comment /unbreak after fixing it by hand)`;
    // A PR that only inherits a red default branch is left to the fix PR there (fix-forward.ts).
    const inherited = handed
      ? undefined
      : await inheritedGate(octokit, repo, pr, {
          root,
          log: (l) => core.warning(redact(l)),
          ...(trigger.kind === 'workflow_run' && trigger.run.workflow_id !== undefined ? { workflowId: trigger.run.workflow_id } : {}),
          ...(process.env.GITHUB_RUN_ID && /^\d+$/.test(process.env.GITHUB_RUN_ID) ? { runId: Number(process.env.GITHUB_RUN_ID) } : {}),
        });
    const gate = firstGate(ownFix ? ownFixGate('') : undefined, inherited);
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
    if (outcome.status === 'no-failures' && !handed) {
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
          run: (onMerge) =>
            runPipeline(onMerge, { progress: onEvent, redactor, facts, ...(ownFix ? { gate: ownFixGate(` merged with ${pr.base.ref}`) } : {}) }),
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
    }

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
        : handed?.refused
          ? handed.refused
          : await deliver(outcome, toDeliver);
    const reruns =
      delivery.delivery === 'commit' && inputs.rerunWorkflows.length ? await dispatchWorkflows(octokit, repo, pr.head.ref, inputs.rerunWorkflows) : [];
    for (const r of reruns) if (r.error) core.warning(redact(r.error));
    const reportCtx = {
      runUrl,
      rerunsStarted: reruns.some((r) => !r.error),
      extra: rerunLines(reruns),
      footer: footerFor(inputs),
      ...(inputs.price ? { price: inputs.price } : {}),
      ...(inputs.maxCost !== undefined ? { maxCost: inputs.maxCost } : {}),
    };
    await status?.set(statusBody(outcome, delivery, reportCtx));
    // The fix job's summary says where the fix went: the deliver job's summary and the status comment say what became of it.
    const summarised = inputs.phase === 'fix' ? { ...outcome, notes: [...(outcome.notes ?? []), `Delivery: ${delivery.note}.`] } : outcome;
    await writeJobSummary(summarised, delivery, pr.number, redact, reportCtx);

    outputs.status = outcome.status;
    outputs.attempts = outcome.attempts.length;
    outputs.delivery = delivery.delivery;
    if (delivery.commitSha) outputs.commitSha = delivery.commitSha;
    outputs.changedFiles = outcome.changedFiles;
    setOutputs(outputs);
    log(`unbreak: ${outcome.status}: ${outcome.message}${delivery.delivery !== 'none' ? ` (${delivery.note})` : ''}`);
    if (outcome.status === 'error') core.setFailed(outcome.message);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    setOutputs(outputs);
    const failed = bareOutcome('error', message);
    await status?.set(statusBody(failed, undefined, { runUrl }));
    await writeJobSummary(failed, { delivery: 'none', note: '' }, prNumber, redact, { runUrl });
    core.setFailed(message);
  } finally {
    // The config as it was before the tests, then checkout's credentials back into it.
    releaseGitState();
    await restoreCredentials?.();
    await removeTrigger?.();
    release();
  }
}

/** A cleanup that runs at most once, whether the run ends normally or is cut short. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}
