import * as core from '@actions/core';
import { logLine } from './log-line.js';
import type { Config } from '../options/config.js';
import { ConfigError } from '../options/config.js';
import type { Redactor } from '../context/redact.js';
import type { Outcome, ProgressEvent, TestResult } from '../engine/types.js';
import { authArgs, commitMessage, hideCredentials } from '../git/checkout.js';
import { reproduceRun } from '../event/reproduce-ci/run.js';
import { findCulprit } from '../git/bisect.js';
import { commitMessageFor } from '../deliver/deliver.js';
import { commitIdentity, TRAILER } from '../github/bot.js';
import { createBranch, createCommit, IgnoredFilesError } from '../deliver/git-data.js';
import type { RepoRef } from '../github/repo-ref.js';
import { checkoutRed } from '../git/red-checkout.js';
import { fixForwardLines, fixPrBody, fixPrTitle, type CulpritFinding } from '../deliver/fix-pr-body.js';
import { coveringFix, fixBranch, lookUpRed, pullOfCommit, type FixForwardTarget, type FixPr } from '../event/red-branch.js';
import { noteOnFixPr, openFixPr } from '../deliver/fix-pr.js';
import type { ActionInputs } from '../options/action-inputs.js';
import { describeGitHubError, type Octokit } from '../github/octokit.js';
import type { FixForwardPlan } from '../event/plan.js';
import { bareOutcome } from '../report/bare-outcome.js';
import type { DeliveryResult } from '../report/report-context.js';
import { dispatchWorkflows, rerunLines } from '../deliver/rerun.js';
import { writeJobSummary } from '../report/job-summary.js';
import { runPipeline } from '../pipeline/pipeline.js';
import { consoleProgress } from '../report/progress.js';
import { isSynthetic } from '../failures/test-report.js';
import { driftedFiles, driftMessage, type Pin } from '../workspace/pin.js';
import { guardRepoState, workTreeRoot } from '../git/work-tree.js';
import { releaseGitState } from '../git/state.js';
import { realpathSync } from 'node:fs';

/**
 * The default branch went red (README, "When the default branch goes red"): reproduce on the red commit, fix, name the
 * commit that broke it, and deliver the fix as a pull request from a new branch, never onto the
 * default branch. One pull request per failure: an open fix PR that already lists every failing
 * test gets a comment instead.
 */

export interface FixForwardResult {
  status: Outcome['status'];
  attempts: number;
  delivery: DeliveryResult['delivery'];
  commitSha?: string;
  changedFiles: string[];
  /** Set when the step must fail (an error). */
  failed?: string;
}

export interface FixForwardArgs {
  plan: FixForwardPlan;
  inputs: ActionInputs;
  octokit: Octokit;
  repo: RepoRef;
  redactor: Redactor;
  runUrl?: string;
  /** The run's config for the checkout at `root`, diffing against `base` (commands from the CI run, without test-command). */
  makeConfig: (root: string, base: string, commands?: { testCommand: string; setupCommand?: string }) => Config;
}

export async function runFixForward(a: FixForwardArgs): Promise<FixForwardResult> {
  const redact = (text: string) => a.redactor.redact(text);
  const log = (line: string) => core.info(logLine(redact(line)));
  const warn = (line: string) => core.warning(redact(line));
  const { trigger, defaultBranch } = a.plan;
  const reportCtx = { ...(a.runUrl ? { runUrl: a.runUrl } : {}), model: a.inputs.model, ...(a.inputs.price ? { price: a.inputs.price } : {}) };

  const lookup = await core.group(`unbreak: ${defaultBranch} is red: what GitHub knows`, () => lookUpRed(trigger, defaultBranch, a.octokit, a.repo, warn));
  if ('skip' in lookup || 'error' in lookup) {
    const status = 'skip' in lookup ? 'skipped' : 'error';
    const reason = 'skip' in lookup ? lookup.skip : lookup.error;
    await writeJobSummary(bareOutcome(status, reason), { delivery: 'none', note: '' }, undefined, redact, reportCtx);
    if (status === 'skipped') core.notice(`unbreak skipped: ${reason}`);
    return { status, attempts: 0, delivery: 'none', changedFiles: [], ...(status === 'error' ? { failed: reason } : {}) };
  }
  const target = lookup.target;

  const root = (await workTreeRoot(process.env.GITHUB_WORKSPACE || process.cwd())) ?? '';
  if (!root) throw new ConfigError('the workspace is not a git repository: run actions/checkout before unbreak');
  const restoreCredentials = await hideCredentials(root);
  try {
    // Everything git needs from origin, the history back to the green run included, before any test code runs.
    const red = await core.group(`unbreak: check out the red commit ${target.headSha.slice(0, 7)}`, async () => {
      const auth = await authArgs(root, a.inputs.githubToken);
      const checkout = await checkoutRed(root, auth, { headSha: target.headSha, defaultBranch, ...(target.green ? { greenSha: target.green.sha } : {}) });
      if (checkout.stashed) core.notice('unbreak stashed local changes to tracked files before switching to the red commit (see git stash list)');
      log(`red ${checkout.head}${target.green ? `, last green ${target.green.sha} (${checkout.since.length} commits since)` : ', no green run known'}`);
      return checkout;
    });
    // Every fetch is done; from here git state is data the tests may write, put back after each run.
    await guardRepoState(root);
    const ownFix = (await commitMessage(root, red.head)).includes(`${TRAILER}:`);
    // Without test-command: what the failed CI run ran (README, "How it finds what CI ran"), on the red commit.
    const ci = !a.inputs.testCommand.trim()
      ? await core.group('unbreak: find what the failed run ran', () => reproduceRun(a.octokit, a.repo, trigger.run, root, log))
      : undefined;
    const setupCommand = a.inputs.setupCommand ?? ci?.plan.setup;
    const commands = ci ? { testCommand: ci.plan.test ?? 'true', ...(setupCommand ? { setupCommand } : {}) } : undefined;
    const config = a.makeConfig(realpathSync(root), target.green && red.since.length ? target.green.sha : `${red.head}~1`, commands);

    let covered: FixPr | undefined;
    const gate = (before: TestResult) => {
      covered = coveringFix(
        target.openFixes,
        before.report.failures.map((f) => f.id),
      );
      if (covered)
        return {
          message: `every failing test is already in the open fix pull request #${covered.number}; nothing pushed, nothing opened`,
          notes: [`The open fix pull request: [#${covered.number}](${covered.url}).`],
        };
      if (ownFix) return `the red commit is unbreak's own fix and the tests still fail; not trying again`;
      return undefined;
    };
    const progress = consoleProgress(log);
    let outcome =
      ci?.nothingToRun() ??
      (await core.group('unbreak: fix loop on the red commit', () =>
        runPipeline(config, {
          progress: (e: ProgressEvent) => {
            ci?.observe(e);
            progress(e);
          },
          redactor: a.redactor,
          gate,
        }),
      ));
    if (ci) outcome = await ci.finish(outcome);

    if (covered) {
      const note = await noteOnFixPr(a.octokit, a.repo, covered, target.red, warn);
      const skipped = { ...outcome, notes: [...(outcome.notes ?? []), `Noted on ${covered.url}${note ? ` (${note})` : ''}.`] };
      await writeJobSummary(skipped, { delivery: 'none', note: '' }, undefined, redact, { ...reportCtx, extra: fixForwardLines(target) });
      core.notice(`unbreak skipped: ${outcome.message}`);
      return { status: 'skipped', attempts: 0, delivery: 'none', changedFiles: [] };
    }

    let finding: CulpritFinding | undefined;
    if ((outcome.status === 'fixed' || outcome.status === 'not-fixed') && outcome.before && red.since.length) {
      const flaky = new Set(outcome.flaky ?? []);
      const failing = outcome.before.failures.filter((f) => !flaky.has(f.id));
      const format = outcome.before.format;
      const result = await core.group('unbreak: which commit broke it', () =>
        findCulprit({
          root: config.root,
          commits: red.since,
          failing,
          format,
          testCommand: config.testCommand,
          ...(config.setupCommand ? { setupCommand: config.setupCommand } : {}),
          timeoutMs: config.testTimeoutSec * 1000,
          junitGlob: config.junitGlob,
          // A failure without a test name has nothing to pick: the whole command runs.
          targeted: config.targetedReruns && !failing.some((f) => isSynthetic(f, format)),
          maxRuns: a.inputs.bisectRuns,
          log,
        }),
      );
      const pr = result.culprit ? await pullOfCommit(a.octokit, a.repo, result.culprit) : undefined;
      finding = { result, ...(pr ? { pr } : {}) };
    }

    let delivery: DeliveryResult = { delivery: 'none', note: 'nothing to deliver' };
    let opened: { number: number; url: string } | undefined;
    const extra: string[] = [];
    if (outcome.status === 'fixed' && outcome.patch && outcome.pinned) {
      const branch = fixBranch(target.headSha);
      const made = await deliverPullRequest(a, root, red.tree, outcome, outcome.pinned, target, branch, config.testCommand, finding, reportCtx, warn);
      delivery = made.delivery;
      opened = made.opened;
      if (opened && a.inputs.rerunWorkflows.length) {
        const reruns = await dispatchWorkflows(a.octokit, a.repo, branch, a.inputs.rerunWorkflows);
        for (const r of reruns) if (r.error) warn(r.error);
        extra.push(...rerunLines(reruns));
      }
    }
    if (outcome.status === 'not-fixed' || outcome.status === 'error') {
      const tried = outcome.attempts.map((t) => `- attempt ${t.n}: ${t.summary ? t.summary.replace(/\s+/g, ' ').slice(0, 200) : 'no summary'}`);
      if (tried.length) extra.push(`**What was tried** (nothing was opened or pushed):\n\n${tried.join('\n')}`);
    }
    await writeJobSummary(outcome, delivery, undefined, redact, { ...reportCtx, extra: [...fixForwardLines(target, finding, opened), ...extra] });
    log(`unbreak: ${outcome.status}: ${outcome.message}${delivery.delivery !== 'none' ? ` (${delivery.note})` : ''}`);
    return {
      status: outcome.status,
      attempts: outcome.attempts.length,
      delivery: delivery.delivery,
      ...(delivery.commitSha ? { commitSha: delivery.commitSha } : {}),
      changedFiles: opened ? outcome.changedFiles : [],
      ...(outcome.status === 'error' ? { failed: outcome.message } : {}),
    };
  } finally {
    // The config as it was before the tests, then checkout's credentials back into it.
    releaseGitState();
    await restoreCredentials();
  }
}

/**
 * One commit on the red commit, on a new branch, and a pull request from it. Nothing is left half
 * done: when the PR cannot be opened, the branch is deleted again.
 */
async function deliverPullRequest(
  a: FixForwardArgs,
  root: string,
  baseTree: string,
  outcome: Outcome,
  pins: Pin[],
  target: FixForwardTarget,
  branch: string,
  testCommand: string,
  finding: CulpritFinding | undefined,
  ctx: { runUrl?: string },
  warn: (line: string) => void,
): Promise<{ delivery: DeliveryResult; opened?: { number: number; url: string } }> {
  const none = (note: string) => {
    warn(note);
    return { delivery: { delivery: 'none' as const, note } };
  };
  const drifted = await driftedFiles(root, pins);
  if (drifted.length) return none(driftMessage(drifted));
  const { author, committer } = commitIdentity();
  // Through the Git Data API: the token never reaches a git process once test code has run.
  let sha: string;
  try {
    ({ sha } = await createCommit(a.octokit, a.repo, {
      root,
      baseTree,
      parent: target.headSha,
      pins,
      message: commitMessageFor(outcome, target.headSha),
      author,
      committer,
    }));
  } catch (error) {
    if (error instanceof IgnoredFilesError) return none(error.message);
    return none(describeGitHubError('making the fix commit', error, 'contents: write'));
  }
  try {
    const made = await createBranch(a.octokit, a.repo, branch, sha);
    if (!made.ok) return none(`the branch ${branch} already exists (an earlier fix for this commit?), so nothing was pushed or opened`);
  } catch (error) {
    return none(describeGitHubError(`creating the branch ${branch}`, error, 'contents: write'));
  }
  const body = a.redactor.redact(fixPrBody(outcome, target, { testCommand, ...(finding ? { finding } : {}), ctx }));
  const pr = await openFixPr(a.octokit, a.repo, {
    branch,
    base: target.defaultBranch,
    title: fixPrTitle(outcome, target),
    body,
    label: a.inputs.label,
    log: warn,
  });
  if ('error' in pr) return none(pr.error);
  return {
    delivery: { delivery: 'pull-request', commitSha: sha, note: `opened #${pr.number} from \`${branch}\` into \`${target.defaultBranch}\``, url: pr.url },
    opened: pr,
  };
}
