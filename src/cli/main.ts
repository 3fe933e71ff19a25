import { realpathSync, writeSync } from 'node:fs';
import {
  ConfigError,
  configDefaults,
  DEFAULT_MODEL,
  intOption,
  parseDollarsOption,
  parsePriceOption,
  ProblemList,
  resolveConfig,
  type Config,
} from '../options/config.js';
import { HELP, parseCommandLine, VERSION } from '../start/help.js';
import { parseArgsOptions } from '../options/table.js';
import { closest, distance } from 'fastest-levenshtein';
import type { Outcome, ProgressEvent } from '../engine/types.js';
import { atCrash, crash, installCrashHandlers, RunFacts } from '../start/crash.js';
import { formatCost } from '../model/cost.js';
import { cleanStart } from '../start/clean-start.js';
import { redactorFor, runPipeline } from '../pipeline/pipeline.js';
import { checkRecordPath, checkReplayFile } from '../options/flag-files.js';
import { resultObject } from '../report/result-object.js';
import { consoleProgress } from '../report/progress.js';
import { detectTestCommand } from '../run/detect.js';
import { isCommit } from '../git/base.js';
import { GIT_PROGRAM } from '../git/binary.js';
import { workTreeRoot } from '../git/work-tree.js';
import { driftedFiles, driftMessage } from '../workspace/pin.js';

class UsageError extends Error {}

/** What the command line asked for, and how the test command was found. */
interface Parsed {
  config: Config;
  detected: boolean;
}

async function parseCli(argv: string[], cwd: string): Promise<Parsed> {
  let parsed;
  try {
    parsed = parseCommandLine(argv);
  } catch (error) {
    throw new UsageError(parseArgsMessage(error));
  }
  const v = parsed.values as Record<string, string | boolean | string[] | undefined>;
  const str = (name: string) => v[name] as string | undefined;
  const bool = (name: string) => v[name] as boolean | undefined;
  if (v.help) throw new HelpRequest(HELP);
  if (v.version) throw new HelpRequest(VERSION);

  if (!GIT_PROGRAM) throw new ConfigError('git is not on PATH (a git inside the repository is not used): install git, or put the folder that holds it on PATH');
  const root = await workTreeRoot(cwd);
  if (!root) throw new ConfigError(`${cwd} is not inside a git work tree; run unbreak from your repository (or run git init)`);

  // An empty --test (a variable that was not set) is no --test: the command is detected.
  const given = str('test')?.trim() ? str('test') : undefined;
  const testCommand = given ?? detectTestCommand(root);
  if (!testCommand?.trim()) {
    throw new ConfigError(
      `no test command: pass --test "<command>"${str('test') !== undefined ? ' (--test was empty)' : ''} (nothing found to detect in package.json, Cargo.toml, go.mod or a pytest setup)`,
    );
  }
  // Every bad number is named in one go.
  const problems = new ProblemList('flag');
  const int = (key: Parameters<typeof intOption>[0], flag: string) =>
    problems.take(() => intOption(key, str(flag), 'flag'), (configDefaults() as Record<string, unknown>)[key] as number);
  const testTimeoutSec = int('testTimeoutSec', 'test-timeout');
  const maxAttempts = int('maxAttempts', 'max-attempts');
  const maxTokens = int('maxTokens', 'max-tokens');
  const modelTimeoutSec = int('modelTimeoutSec', 'model-timeout');
  const requestTokens = int('requestTokens', 'request-tokens');
  const price = problems.take(() => parsePriceOption(str('price'), 'flag'), undefined);
  const maxCompletionTokens = int('maxCompletionTokens', 'max-completion-tokens');
  const maxCost = problems.take(() => parseDollarsOption('maxCost', str('max-cost'), 'flag'), undefined);
  problems.check();

  const apiKey = process.env.UNBREAK_API_KEY || process.env.OPENAI_API_KEY || undefined;
  const replay = str('replay');
  const record = str('record');
  const base = str('base');
  if (!apiKey && !replay) {
    throw new ConfigError('no API key: set UNBREAK_API_KEY (or OPENAI_API_KEY) to your model server key (any value for a server that needs none)');
  }
  if (record !== undefined) checkRecordPath(record, cwd);
  if (replay !== undefined) checkReplayFile(replay, cwd);
  if (base !== undefined && !(await isCommit(root, base))) {
    throw new ConfigError(`--base ${base} is not a commit here; pass a branch, tag or sha that exists (git fetch it first)`);
  }
  const baseUrl = str('base-url') ?? (process.env.OPENAI_BASE_URL || undefined);
  if (baseUrl !== undefined && !/^https?:\/\/[^\s/]+\S*$/.test(baseUrl)) {
    // Named where the value came from: a variable set long ago is not a flag the user typed.
    const from = str('base-url') !== undefined ? '--base-url' : 'the OPENAI_BASE_URL variable';
    throw new ConfigError(`${from} is not valid: it must be an http(s) URL, the API root before /chat/completions (got ${JSON.stringify(baseUrl)})`);
  }
  const setup = str('setup');
  const instructions = str('instructions')?.trim();
  const defaults = configDefaults();

  const config: Config = resolveConfig(
    {
      root: realpathSync(root),
      testCommand,
      ...(setup !== undefined ? { setupCommand: setup } : {}),
      testTimeoutSec,
      maxAttempts,
      model: str('model') ?? (process.env.UNBREAK_MODEL || DEFAULT_MODEL),
      ...(baseUrl !== undefined ? { baseUrl: baseUrl.replace(/\/+$/, '') } : {}),
      ...(apiKey ? { apiKey } : {}),
      ...(base !== undefined ? { base } : {}),
      allowTestEdits: bool('allow-test-edits') ?? defaults.allowTestEdits,
      protect: (v.protect as string[] | undefined) ?? defaults.protect,
      dryRun: bool('dry-run') ?? defaults.dryRun,
      json: bool('json') ?? defaults.json,
      maxTokens,
      requestTokens,
      maxCompletionTokens,
      ...(record !== undefined ? { record } : {}),
      ...(replay !== undefined ? { replay } : {}),
      junitGlob: str('junit') ?? defaults.junitGlob,
      targetedReruns: bool('full-reruns') ? false : defaults.targetedReruns,
      stream: bool('stream') ?? defaults.stream,
      review: !(bool('no-review') ?? false),
      modelTimeoutSec,
      ...(instructions ? { instructions } : {}),
      ...(price ? { price } : {}),
      ...(maxCost !== undefined ? { maxCost } : {}),
    },
    'flag',
  );
  return { config, detected: given === undefined };
}

class HelpRequest extends Error {}

/** parseArgs errors, said the way a person fixes them. */
function parseArgsMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const unknown = /Unknown option '([^']+)'/.exec(text);
  if (unknown) {
    // A near miss (--tset) is most likely a typo of a real flag.
    const flags = [...Object.keys(parseArgsOptions()).map((n) => `--${n}`), '--help', '--version'];
    const near = unknown[1]!.startsWith('--') ? closest(unknown[1]!, flags) : undefined;
    const hint = near && distance(unknown[1]!, near) <= 2 ? ` (did you mean ${near}?)` : '';
    return `unknown option ${unknown[1]}${hint}; run unbreak --help for the options`;
  }
  const missing = /Option '(?:-\w, )?(--[\w-]+)(?: <value>)?' argument missing/.exec(text);
  if (missing) return `${missing[1]} needs a value`;
  const ambiguous = /Option '(?:-\w, )?(--[\w-]+)' argument is ambiguous/.exec(text);
  if (ambiguous) return `${ambiguous[1]} needs a value; to pass one that starts with '-', write ${ambiguous[1]}=<value>`;
  const positional = /Unexpected argument '([^']+)'/.exec(text);
  if (positional) return `unexpected argument ${positional[1]}; quote the test command: --test "npm test"`;
  return text.split('\n')[0]!;
}

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
    ({ config, detected } = await parseCli(argv, cwd));
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
  const reviewed = usage.review?.requests ? `, ${usage.review.requests} of them the self-review` : '';
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
