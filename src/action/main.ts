import * as core from '@actions/core';
import type { Outcome } from '../engine/types.js';
import { clearHandoff } from '../deliver/two-job/handoff-file.js';
import { planRun } from '../event/plan.js';
import { readRepo, readTrigger } from '../event/trigger.js';
import { releaseGitState } from '../git/state.js';
import { createOctokit } from '../github/octokit.js';

import { budgetProblems } from '../options/budget.js';
import { configFromInputs, readActionInputs } from '../options/action-inputs.js';
import { ConfigError } from '../options/config.js';
import { redactorFor } from '../pipeline/pipeline.js';
import { writeJobSummary } from '../report/job-summary.js';
import { bareOutcome } from '../report/bare-outcome.js';
import { runUrlFromEnv } from '../report/report-context.js';
import { statusBody } from '../report/status-body.js';
import { atCrash, installCrashHandlers } from '../start/crash.js';
import { runFixForward } from './fix-forward.js';
import { runPr } from './pr.js';
import { RunState } from './run-state.js';
import { runSkip } from './skip.js';

/** The action: event → plan → one mode (skip, a pull request, a red default branch) → outputs. */
export async function run(): Promise<void> {
  const state = new RunState();
  const { outputs, facts } = state;
  const runUrl = runUrlFromEnv();
  // However the run ends (a cancelled job's SIGINT/SIGTERM, an uncaught error), the job is left in
  // order: the pipeline puts the model's files back (it registers that itself, so it runs first),
  // then the outputs, checkout's credentials, the status comment, the summary and the label.
  installCrashHandlers((line) => core.error(state.redact(line)));
  const release = atCrash(async (c) => {
    const failed: Outcome = {
      ...bareOutcome('error', `the run was cut short: ${c.reason}`),
      ...pushedNote(state),
      failuresBefore: facts.failuresBefore,
      failuresAfter: facts.failuresAfter,
      usage: facts.usage,
      testRuns: facts.testRuns,
    };
    if (!state.outputsWritten) state.setOutputs({ ...outputs, status: 'error', attempts: facts.attempts, delivery: 'none', changedFiles: [] });
    core.setFailed(failed.message);
    releaseGitState();
    await state.restoreCredentials?.();
    await Promise.allSettled([
      state.status?.close(statusBody(failed, undefined, { runUrl })),
      writeJobSummary(failed, { delivery: 'none', note: '' }, state.prNumber, state.redact, { runUrl }),
      state.removeTrigger?.(),
    ]);
  });
  try {
    const inputs = readActionInputs();
    // A budget that cannot hold one request is said before anything runs.
    const tooSmall = budgetProblems(inputs, 'input');
    if (tooSmall.length) throw new ConfigError(tooSmall, 'input');
    // Logs, comments, reviews and the summary pass the same filter as what the model sees.
    const redactor = redactorFor({ apiKey: inputs.apiKey }, [inputs.githubToken]);
    state.redact = (text: string) => redactor.redact(text);
    const repo = readRepo();
    const trigger = readTrigger();
    const octokit = createOctokit(inputs.githubToken);
    const plan = await planRun(trigger, inputs, octokit, repo);
    if (inputs.phase === 'fix') clearHandoff(inputs.handoffDir);

    switch (plan.kind) {
      case 'skip':
        return await runSkip({ plan, trigger, inputs, octokit, repo, runUrl, state });
      case 'fix-forward': {
        if (inputs.phase !== 'all') throw new ConfigError("input 'phase' fix and deliver cover pull requests; a red default branch needs phase: all");
        const ff = await runFixForward({
          plan,
          inputs,
          octokit,
          repo,
          redactor,
          ...(runUrl ? { runUrl } : {}),
          makeConfig: (root, base, commands) => configFromInputs({ ...inputs, ...commands }, root, base),
        });
        Object.assign(
          outputs,
          { status: ff.status, attempts: ff.attempts, delivery: ff.delivery, changedFiles: ff.changedFiles },
          ff.commitSha ? { commitSha: ff.commitSha } : {},
        );
        state.setOutputs();
        if (ff.failed) core.setFailed(ff.failed);
        return;
      }
      case 'pr':
        return await runPr({ plan, trigger, inputs, octokit, repo, redactor, runUrl, state });
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    state.setOutputs();
    const failed = { ...bareOutcome('error', message), ...pushedNote(state) };
    await state.status?.set(statusBody(failed, undefined, { runUrl }));
    await writeJobSummary(failed, { delivery: 'none', note: '' }, state.prNumber, state.redact, { runUrl });
    core.setFailed(message);
  } finally {
    // The config as it was before the tests, then checkout's credentials back into it.
    releaseGitState();
    await state.restoreCredentials?.();
    await state.removeTrigger?.();
    release();
  }
}

/** When a commit went out before the run failed, the status comment and summary say so: the outputs already do. */
function pushedNote(state: RunState): Pick<Outcome, 'notes'> {
  const sha = state.outputs.commitSha;
  return sha ? { notes: [`A fix was pushed before this: commit ${sha.slice(0, 7)} (the commit-sha output).`] } : {};
}
