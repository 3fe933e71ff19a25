import { realpathSync } from 'node:fs';
import path from 'node:path';
import { closest, distance } from 'fastest-levenshtein';
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
} from './config.js';
import { checkRecordPath, checkReplayFile } from './flag-files.js';
import { OPTIONS, parseArgsOptions, type OptionSpec } from './table.js';
import { HELP, parseCommandLine, VERSION } from './help.js';
import { detectTestCommand } from '../run/detect.js';
import { isCommit } from '../git/base.js';
import { GIT_PROGRAM } from '../git/binary.js';
import { workTreeRoot } from '../git/work-tree.js';

/**
 * The command line read into the run's Config: flags, the variables that stand in for them
 * (UNBREAK_API_KEY, OPENAI_BASE_URL, UNBREAK_MODEL) and the test command found in the repository
 * when --test is not given. Every bad value is named at once.
 */
/** A command line that cannot be read (unknown flag, missing value): exit 2 with the message. */
export class UsageError extends Error {}

/** What the command line asked for, and how the test command was found. */
export interface Parsed {
  config: Config;
  detected: boolean;
  /** --try-local: the CLI points the run at its stand-in model (cli/stand-in-model.ts). */
  tryLocal: boolean;
}

export async function parseCli(argv: string[], cwd: string): Promise<Parsed> {
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
  if (!testCommand?.trim()) throw new ConfigError(noTestCommand(str('test') !== undefined, root, cwd));
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
  const tryLocal = bool('try-local') ?? false;
  if (!apiKey && !replay && !tryLocal) {
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
  return { config, detected: given === undefined, tryLocal };
}

/** --help or --version: the text to print, and exit 0. */
export class HelpRequest extends Error {}

/**
 * No --test and nothing detected. Detection and the tests both work at the repository's root, so
 * from a subfolder (a monorepo's package) the message names that root, and the command that would
 * run the package's own tests from it.
 */
function noTestCommand(emptyFlag: boolean, root: string, cwd: string): string {
  const start = `no test command: pass --test "<command>"${emptyFlag ? ' (--test was empty)' : ''}`;
  const shown = realpathOr(root);
  const rel = path.relative(shown, realpathOr(cwd));
  const inPackage = rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? detectTestCommand(cwd) : undefined;
  if (inPackage) {
    const dir = rel.split(path.sep).join('/');
    return `${start} (nothing found to detect at ${shown}, the repository's root, where tests run; for the package in ${dir}: --test "cd ${dir} && ${inPackage}")`;
  }
  return `${start} (nothing found to detect at ${shown}: package.json with a test script, Cargo.toml, go.mod or a pytest setup)`;
}

function realpathOr(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

/**
 * An action input's name typed as a flag (--test-command, --api-key, --review false): the flag or
 * variable that stands for it on the command line, from the options table so a new input is covered.
 */
function inputHint(option: string): string | undefined {
  const name = option.replace(/^--/, '').split('=')[0]!;
  const spec = Object.values(OPTIONS as Record<string, OptionSpec>).find((o) => o.input === name);
  if (!spec || spec.flag === `--${name}`) return undefined;
  const said = `unknown option --${name}`;
  if (spec.flag) return `${said}: that is the action input; on the command line use ${spec.flag}${spec.negates ? ` (for ${name}: false)` : ''}`;
  if (spec.env) return `${said}: that is the action input; on the command line set the ${spec.env} variable`;
  return `${said}: that is an action input with no command-line counterpart${spec.oneSide ? ` (${spec.oneSide})` : ''}`;
}

/** parseArgs errors, said the way a person fixes them. */
function parseArgsMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const unknown = /Unknown option '([^']+)'/.exec(text);
  if (unknown) {
    const asInput = inputHint(unknown[1]!);
    if (asInput) return asInput;
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
