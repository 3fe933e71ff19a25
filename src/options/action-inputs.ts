import * as core from '@actions/core';
import os from 'node:os';
import path from 'node:path';
import {
  ConfigError,
  configDefaults,
  intOption,
  parseBoolOption,
  parseDollarsOption,
  parsePriceOption,
  ProblemList,
  resolveConfig,
  type Config,
} from './config.js';
import { OPTIONS } from './table.js';
import type { IntOptionKey } from './table.js';
import type { Mode } from '../deliver/deliver.js';

/** action.yml's inputs, typed. Empty means default (options.ts); a bad value fails naming the input. */
export interface ActionInputs {
  testCommand: string;
  setupCommand?: string;
  testTimeoutSec: number;
  githubToken: string;
  apiKey: string;
  baseUrl: string;
  model: string;
  /** Tokens one model answer may hold. */
  maxCompletionTokens: number;
  maxAttempts: number;
  mode: Mode;
  label: string;
  allowTestEdits: boolean;
  protectedPaths: string[];
  allowForks: boolean;
  allowedBots: string[];
  /** Workflow files to start with workflow_dispatch on the PR branch after a fix is pushed. */
  rerunWorkflows: string[];
  price?: Config['price'];
  /** The self-review after a green run. */
  review: boolean;
  /** Test runs at older commits to name the commit that turned the default branch red. */
  bisectRuns: number;
  /** The comment phrase that asks for a fix (default `/unbreak`). */
  command: string;
  maxTokens: number;
  requestTokens: number;
  modelTimeoutSec: number;
  junitGlob: string;
  targetedReruns: boolean;
  stream: boolean;
  /** US dollars one run may spend (needs `price`). */
  maxCost?: number;
  /** Which half of the two-job setup this step is (handoff-file.ts); `all` does both in one job. */
  phase: Phase;
  /** Where phase fix writes the handoff and phase deliver reads it. */
  handoffDir: string;
}

export type Phase = 'all' | 'fix' | 'deliver';
const PHASES: Phase[] = ['all', 'fix', 'deliver'];

const MODES: Mode[] = ['auto', 'commit', 'suggest', 'comment'];

export function readActionInputs(): ActionInputs {
  const input = (name: string) => core.getInput(name).trim();
  const list = (name: string) =>
    core
      .getMultilineInput(name)
      .map((l) => l.trim())
      .filter(Boolean);
  // Every bad input is named in one run: each parse keeps a fallback and the problems are thrown together.
  const problems = new ProblemList('input');
  const githubToken = input('github-token') || process.env.GITHUB_TOKEN || '';
  if (githubToken) core.setSecret(githubToken);
  const apiKey = input('api-key') || githubToken;
  if (apiKey) core.setSecret(apiKey);
  const keyProblem = jobTokenKeyProblem(input('api-key'), githubToken, input('base-url') || OPTIONS.baseUrl.inputDefault);
  if (keyProblem) problems.add(keyProblem);
  if (!githubToken) {
    problems.add("input 'github-token' is empty: leave it unset to use the job's token, or pass a token with contents and pull-requests write access");
  }
  const testCommand = core.getInput('test-command');
  const phase = (input('phase') || OPTIONS.phase.inputDefault).toLowerCase() as Phase;
  if (!PHASES.includes(phase)) problems.add(`input 'phase' must be one of ${PHASES.join(', ')} (got "${input('phase')}")`);
  // Under workflow_run, no test-command means: reproduce what the failed run ran (ci-plan.ts). The deliver phase runs no tests.
  if (!testCommand.trim() && process.env.GITHUB_EVENT_NAME !== 'workflow_run' && phase !== 'deliver')
    problems.add("input 'test-command' is required (except under workflow_run): the command that runs your tests, e.g. npm test");
  const mode = (input('mode') || OPTIONS.mode.inputDefault).toLowerCase() as Mode;
  if (!MODES.includes(mode)) problems.add(`input 'mode' must be one of ${MODES.join(', ')} (got "${input('mode')}")`);
  const baseUrl = input('base-url') || OPTIONS.baseUrl.inputDefault;
  if (!/^https?:\/\/\S+$/.test(baseUrl)) problems.add(`input 'base-url' must be an http(s) URL (got "${baseUrl}")`);
  const command = input('command') || OPTIONS.command.inputDefault;
  if (/\s/.test(command)) problems.add(`input 'command' is one word, such as /unbreak or /fix-tests (got "${command}")`);
  const setup = core.getInput('setup-command');
  const price = problems.take(() => parsePriceOption(input('price'), 'input'), undefined);
  const maxCost = problems.take(() => parseDollarsOption('maxCost', input('max-cost'), 'input'), undefined);
  const int = (key: IntOptionKey, name: string) => problems.take(() => intOption(key, input(name), 'input'), OPTIONS[key].default);
  const bool = (key: 'allowTestEdits' | 'allowForks' | 'review' | 'stream', name: string) =>
    problems.take(() => parseBoolOption(key, input(name), OPTIONS[key].default, 'input'), OPTIONS[key].default);
  const inputs: ActionInputs = {
    testCommand,
    ...(setup.trim() ? { setupCommand: setup } : {}),
    testTimeoutSec: int('testTimeoutSec', 'test-timeout'),
    githubToken,
    apiKey,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    model: input('model') || OPTIONS.model.inputDefault,
    maxAttempts: int('maxAttempts', 'max-attempts'),
    maxCompletionTokens: int('maxCompletionTokens', 'max-completion-tokens'),
    mode,
    label: input('label') || OPTIONS.label.inputDefault,
    command,
    allowTestEdits: bool('allowTestEdits', 'allow-test-edits'),
    protectedPaths: list('protected-paths'),
    allowForks: bool('allowForks', 'allow-forks'),
    allowedBots: list('allowed-bots'),
    rerunWorkflows: problems.take(() => rerunList(list('rerun-workflows')), []),
    review: bool('review', 'review'),
    maxTokens: int('maxTokens', 'max-tokens'),
    requestTokens: int('requestTokens', 'request-tokens'),
    modelTimeoutSec: int('modelTimeoutSec', 'model-timeout'),
    junitGlob: input('junit') || OPTIONS.junitGlob.default,
    targetedReruns: !problems.take(() => parseBoolOption('targetedReruns', input('full-reruns'), false, 'input'), false),
    stream: bool('stream', 'stream'),
    bisectRuns: int('bisectRuns', 'bisect-runs'),
    ...(price ? { price } : {}),
    ...(maxCost !== undefined ? { maxCost } : {}),
    phase,
    handoffDir: input('handoff-dir') || path.join(process.env.RUNNER_TEMP || os.tmpdir(), 'unbreak-handoff'),
  };
  if (maxCost !== undefined && !price && !input('price')) {
    problems.add("input 'max-cost' needs input 'price' (dollars per million input and output tokens, e.g. 2,8) to know what a request costs");
  }
  problems.check();
  return inputs;
}

/** GitHub Models' own host: the one model server the job's token is a key for. */
const GITHUB_MODELS_HOST = 'models.github.ai';

/**
 * Why the key would be the job's token sent to a server other than GitHub Models, or undefined.
 * An empty `api-key` falls back to the job's token, which holds `contents: write`: any other server
 * would receive it as a bearer token, so an empty key there is a configuration error, not a fallback.
 */
export function jobTokenKeyProblem(apiKeyInput: string, githubToken: string, baseUrl: string): string | undefined {
  let host: string;
  try {
    host = new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return undefined; // base-url's own check names a URL that does not parse
  }
  if (host === GITHUB_MODELS_HOST) return undefined;
  if (!apiKeyInput)
    return `input 'api-key' is empty and base-url ${baseUrl} is not GitHub Models, where alone the job's token is a key: the secret you pass as api-key may be unset, misspelled, or withheld from a fork's PR under pull_request; set it in the repository's secrets (Settings → Secrets and variables → Actions), or leave base-url at GitHub Models`;
  if (githubToken && apiKeyInput === githubToken)
    return `input 'api-key' is the job's token, which goes to GitHub Models only, not to ${baseUrl}: pass that server's own key, e.g. api-key: \${{ secrets.OPENAI_API_KEY }}`;
  return undefined;
}

/** `ci.yml`, `.github/workflows/ci.yml` or several on a line, comma-separated: the file names GitHub's API takes. */
function rerunList(lines: string[]): string[] {
  const names = lines
    .flatMap((l) => l.split(','))
    .map((n) => n.trim().replace(/^\.github\/workflows\//, ''))
    .filter(Boolean);
  for (const name of names) {
    if (!/^[\w.-]+\.ya?ml$/.test(name)) throw new ConfigError(`input 'rerun-workflows' takes workflow file names like ci.yml (got "${name}")`);
  }
  return [...new Set(names)];
}

/** The run's Config from the action's inputs: the checkout at `root`, compared with `base`. */
export function configFromInputs(inputs: ActionInputs, root: string, base: string, instructions?: string): Config {
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
