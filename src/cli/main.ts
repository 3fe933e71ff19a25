import { STAND_IN_MODEL, startStandInModel } from './stand-in-model.js';
import { writeSync } from 'node:fs';
import type { Outcome, ProgressEvent } from '../engine/types.js';
import { formatCost } from '../model/cost.js';
import { HelpRequest, parseCli, UsageError } from '../options/cli-flags.js';
import { ConfigError, type Config } from '../options/config.js';
import { redactorFor, runPipeline } from '../pipeline/pipeline.js';
import { consoleProgress } from '../report/progress.js';
import { resultObject } from '../report/result-object.js';
import { atCrash, crash, installCrashHandlers, RunFacts } from '../start/crash.js';
import { cleanStart } from '../start/clean-start.js';
import { driftedFiles, driftMessage } from '../workspace/pin.js';

/** The result line for a run that ended before an outcome (usage error, crash, signal), with what is known of it. */
function errorResult(message: string, facts?: RunFacts): string {
  return JSON.stringify({
    status: 'error',
    attempts: facts?.attempts ?? 0,
    changedFiles: [],
    failuresBefore: facts?.failuresBefore ?? 0,
    failuresAfter: facts?.failuresAfter ?? 0,
    usage: facts ? { ...facts.usage } : { promptTokens: 0, completionTokens: 0, requests: 0 },
    message,
  });
}

export async function main(argv: string[], cwd = process.cwd()): Promise<number> {
  // Known before parsing, so even a usage error answers a --json caller with a result line.
  const wantsJson = argv.includes('--json');
  // However the run ends (a signal, an uncaught error), the model's files are put back (the
  // pipeline registers that) and a --json caller still gets its last line, with what is known.
  const facts = new RunFacts();
  let answered = false;
  installCrashHandlers((line) => process.stderr.write(`${line}\n`));
  atCrash((c) => {
    if (!wantsJson || answered) return;
    answered = true;
    // Synchronous: nothing asynchronous is sure to finish before the exit.
    writeSync(1, `${errorResult(c.reason, facts)}\n`);
  });
  let config: Config;
  let detected: boolean;
  try {
    let tryLocal: boolean;
    ({ config, detected, tryLocal } = await parseCli(argv, cwd));
    if (tryLocal) {
      // No key and no network: the stand-in answers on this machine, and there is nothing to self-review.
      config = { ...config, baseUrl: await startStandInModel(), apiKey: 'stand-in', model: STAND_IN_MODEL, review: false };
      process.stderr.write(
        'unbreak: --try-local: a stand-in model on this machine shows the loop on your failing tests; it reads the failing test and fixes nothing\n',
      );
    }
  } catch (error) {
    if (error instanceof HelpRequest) {
      process.stdout.write(`${error.message}\n`);
      return 0;
    }
    if (error instanceof UsageError || error instanceof ConfigError) {
      process.stderr.write(`unbreak: ${error.message}\n`);
      answered = true;
      if (wantsJson) process.stdout.write(`${errorResult(error.message)}\n`);
      return 2;
    }
    throw error;
  }
  // Before any command runs: no secret stays where test code can read it (handoff.ts). After the
  // command line is read, so that help and usage errors never pay for a second start.
  await cleanStart((line) => process.stderr.write(`${line}\n`));

  // Test output can print credentials; what we echo of it is filtered like what the model sees.
  const redactor = redactorFor(config);
  const print = consoleProgress((line) => process.stderr.write(`${redactor.redact(line)}\n`), {
    testLimitS: config.testTimeoutSec,
    modelLimitS: config.modelTimeoutSec,
    modelRetries: 3,
  });
  const progress = (event: ProgressEvent) => {
    facts.see(event);
    print(event);
  };
  process.stderr.write(`${redactor.redact(`unbreak: test command${detected ? ' (detected)' : ''}: ${config.testCommand}`)}\n`);
  let outcome: Outcome;
  try {
    outcome = await runPipeline(config, { progress, redactor, facts });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`unbreak: error: ${message}\n`);
    answered = true;
    if (config.json) process.stdout.write(`${errorResult(message, facts)}\n`);
    return 1;
  }

  // The fix left in the work tree must be what the verifying run saw.
  const drifted = outcome.pinned ? await driftedFiles(config.root, outcome.pinned) : [];
  if (drifted.length) outcome = { ...outcome, status: 'error', message: driftMessage(drifted) };
  const result = resultObject(outcome, config.price, config.maxCost);
  const usage = outcome.usage;
  const cost = result.cost ? `, ${formatCost(result.cost.usd)}` : '';
  const reviewed =
    (usage.review?.requests ? `, ${usage.review.requests} of them the self-review` : '') +
    (usage.cases?.requests ? `, ${usage.cases.requests} for further cases` : '');
  const tokens = usage.requests
    ? ` (${usage.promptTokens} prompt + ${usage.completionTokens} completion tokens as the server reported them, ${usage.requests} request${usage.requests === 1 ? '' : 's'}${reviewed}${cost})`
    : '';
  process.stderr.write(`unbreak: ${outcome.status}: ${outcome.message}${tokens}\n`);
  if (result.cost?.attempts.length) {
    process.stderr.write(
      `unbreak: cost per attempt: ${result.cost.attempts.map((usd, i) => `${i + 1}: ${usd === null ? 'unknown' : formatCost(usd)}`).join(', ')}\n`,
    );
  }
  if (result.review) {
    const { verdict, reason } = result.review;
    const said = verdict === 'ok' ? 'ok: the patch fixes the cause' : verdict === 'symptom' ? 'the patch treats the symptom' : 'no clear answer';
    process.stderr.write(`${redactor.redact(`unbreak: self-review: ${said}${reason && verdict !== 'ok' ? ` (${reason})` : ''}`)}
`);
  }
  if (outcome.status !== 'flaky' && outcome.flaky?.length)
    process.stderr.write(`unbreak: flaky (passed when run again, left out of the fix): ${outcome.flaky.join(', ')}\n`);
  if (outcome.status === 'fixed') {
    process.stderr.write(
      config.dryRun
        ? `unbreak: --dry-run: the work tree is unchanged; the patch is on stdout\n`
        : `unbreak: the fix is in your work tree (not committed): ${outcome.changedFiles.join(', ')}\n`,
    );
  }
  if (config.dryRun && outcome.patch) process.stdout.write(outcome.patch.endsWith('\n') ? outcome.patch : `${outcome.patch}\n`);
  answered = true;
  if (config.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  return outcome.status === 'fixed' || outcome.status === 'no-failures' || outcome.status === 'flaky' ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const text = error instanceof Error ? error.message : String(error);
    process.stderr.write(`unbreak: internal error: ${error instanceof Error ? (error.stack ?? text) : text}\n`);
    // Files put back, and the result line for a --json caller, as after any crash.
    void crash({ reason: `internal error: ${text.split('\n')[0]}`, code: 1 }, (line) => process.stderr.write(`${line}\n`));
  },
);
