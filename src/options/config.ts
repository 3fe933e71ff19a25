import * as z from 'zod';
import { OPTIONS, optionName, type IntOptionKey } from './table.js';
import { budgetProblems } from './budget.js';

/**
 * One options object for every entry point (CLI, action, benchmark). Entry points turn their raw
 * strings into `RawConfig`; `resolveConfig` validates it and names the flag or input at fault.
 */

// The defaults are options.ts's; these names are how the entry points and the benchmark use them.
export const DEFAULT_MODEL = OPTIONS.model.default;
export const DEFAULT_TEST_TIMEOUT_S = OPTIONS.testTimeoutSec.default;
export const DEFAULT_MAX_ATTEMPTS = OPTIONS.maxAttempts.default;
/** Total tokens (prompt + completion) one run may spend before it stops. */
export const DEFAULT_MAX_TOKENS = OPTIONS.maxTokens.default;
/** Input tokens one request may hold: small enough for free model tiers (8k). */
export const DEFAULT_REQUEST_TOKENS = OPTIONS.requestTokens.default;
export const DEFAULT_MODEL_TIMEOUT_S = OPTIONS.modelTimeoutSec.default;
export const DEFAULT_JUNIT_GLOB = OPTIONS.junitGlob.default;
/** A whole-number option's range, from options.ts. */
const positiveInt = (key: IntOptionKey) => z.number().int().min(OPTIONS[key].min).max(OPTIONS[key].max);

export const ConfigSchema = z.object({
  root: z.string().min(1),
  testCommand: z.string().trim().min(1),
  setupCommand: z.string().trim().min(1).optional(),
  testTimeoutSec: positiveInt('testTimeoutSec'),
  maxAttempts: positiveInt('maxAttempts'),
  model: z.string().trim().min(1),
  baseUrl: z.url({ protocol: /^https?$/ }).optional(),
  apiKey: z.string().optional(),
  base: z.string().trim().min(1).optional(),
  allowTestEdits: z.boolean(),
  protect: z.array(z.string().trim().min(1)),
  dryRun: z.boolean(),
  json: z.boolean(),
  maxTokens: positiveInt('maxTokens'),
  requestTokens: positiveInt('requestTokens'),
  /** Tokens one model answer may hold: sent with every request (`max_tokens` or `max_completion_tokens`). */
  maxCompletionTokens: positiveInt('maxCompletionTokens'),
  record: z.string().min(1).optional(),
  replay: z.string().min(1).optional(),
  junitGlob: z.string().min(1),
  /** Rerun just the failing tests first where the framework allows. */
  targetedReruns: z.boolean(),
  /**
   * The CI steps `testCommand` is made of (workflow_run without test-command, README, "How it finds what CI ran"):
   * reruns of failing tests run only their steps. Set by the action, never by a flag.
   */
  steps: z.array(z.object({ label: z.string(), script: z.string(), dir: z.string(), env: z.record(z.string(), z.string()), shell: z.string() })).optional(),
  stream: z.boolean(),
  /** Seconds one model request may take before it is retried or given up. */
  modelTimeoutSec: positiveInt('modelTimeoutSec'),
  instructions: z.string().optional(),
  /**
   * What the first message holds: `focused` (default) is the budgeted context; `naive` is the whole
   * test log and every file the branch changed, whole, with no budget: the benchmark's baseline.
   */
  contextMode: z.enum(['focused', 'naive']).optional(),
  /** How failures are fed back after an attempt: `structured` (default, expected vs actual per test) or `raw` (the log's tail). */
  feedback: z.enum(['structured', 'raw']).optional(),
  /** The base branch, when the action fixes a failure seen only merged with it (the first message says so). */
  mergedWith: z.string().min(1).optional(),
  /** After a green run, one short model request asks whether the patch fixes the cause or only the tests' symptoms. */
  review: z.boolean().default(true),
  /** US dollars per million input and output tokens, to report what a run cost. */
  price: z.object({ input: z.number().min(0), output: z.number().min(0) }).optional(),
  /** US dollars the run may spend (needs `price`): it stops before a request that could cross this. */
  maxCost: z.number().positive().optional(),
});

export type Config = z.infer<typeof ConfigSchema>;

/**
 * What every entry point uses where its user said nothing (options.ts): the CLI's and the
 * action's own choices (model, base URL) are theirs; the benchmark overrides what it measures.
 */
export function configDefaults() {
  return {
    testTimeoutSec: DEFAULT_TEST_TIMEOUT_S,
    maxAttempts: DEFAULT_MAX_ATTEMPTS,
    allowTestEdits: OPTIONS.allowTestEdits.default,
    protect: [] as string[],
    dryRun: OPTIONS.dryRun.default,
    json: OPTIONS.json.default,
    maxTokens: DEFAULT_MAX_TOKENS,
    requestTokens: DEFAULT_REQUEST_TOKENS,
    maxCompletionTokens: OPTIONS.maxCompletionTokens.default,
    junitGlob: DEFAULT_JUNIT_GLOB,
    targetedReruns: OPTIONS.targetedReruns.default,
    stream: OPTIONS.stream.default,
    modelTimeoutSec: DEFAULT_MODEL_TIMEOUT_S,
    review: OPTIONS.review.default,
  } satisfies Partial<Config>;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
  /** Every problem found, each one line that names its flag or input. */
  readonly problems: string[];
  constructor(problems: string | string[], side?: Side) {
    const list = typeof problems === 'string' ? [problems] : problems;
    super(
      list.length === 1
        ? list[0]!
        : `${list.length} ${side === 'flag' ? 'options' : side === 'input' ? 'inputs' : 'settings'} need changing:\n${list.map((p) => `- ${p}`).join('\n')}`,
    );
    this.problems = list;
  }
}

/**
 * Collects every bad value instead of stopping at the first, so one run names them all: each
 * `take` runs a parse and keeps its fallback when the parse throws a ConfigError.
 */
export class ProblemList {
  readonly problems: string[] = [];
  constructor(private readonly side: Side) {}
  take<T>(parse: () => T, fallback: T): T {
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      this.problems.push(...error.problems);
      return fallback;
    }
  }
  add(problem: string): void {
    this.problems.push(problem);
  }
  /** Throws one ConfigError naming every problem, when there is any. */
  check(): void {
    if (this.problems.length) throw new ConfigError(this.problems, this.side);
  }
}

export type Side = 'flag' | 'input';

const nameOf = optionName;

/** Parses a whole number option, with a message that names the option and the range. */
export function parseIntOption(key: string, raw: string | undefined, fallback: number, min: number, max: number, side: Side): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = raw.trim();
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new ConfigError(`${nameOf(key, side)} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return Number(value);
}

/** A whole-number option with its default and range from options.ts. */
export function intOption(key: IntOptionKey, raw: string | undefined, side: Side): number {
  const o = OPTIONS[key];
  return parseIntOption(key, raw, o.default, o.min, o.max, side);
}

export function parseBoolOption(key: string, raw: string | undefined, fallback: boolean, side: Side): boolean {
  if (raw === undefined || raw.trim() === '') return fallback;
  const v = raw.trim().toLowerCase();
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw new ConfigError(`${nameOf(key, side)} must be true or false (got "${raw}")`);
}

/** `2,8` (or `2/8`): dollars per million input tokens and per million output tokens. */
/** `0.50` (or `$0.50`): US dollars, more than zero. */
export function parseDollarsOption(key: string, raw: string | undefined, side: Side): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = raw.trim().replace(/^\$/, '');
  if (!/^\d+(?:\.\d+)?$/.test(value) || Number(value) <= 0) {
    throw new ConfigError(`${nameOf(key, side)} takes US dollars, a number above 0 such as 0.50 (got "${raw}")`);
  }
  return Number(value);
}

export function parsePriceOption(raw: string | undefined, side: Side): Config['price'] {
  if (raw === undefined || raw.trim() === '') return undefined;
  const parts = raw
    .trim()
    .replace(/\$/g, '')
    .split(/\s*[,/]\s*/);
  const [input, output] = parts.map(Number);
  if (parts.length !== 2 || !parts.every((p) => /^\d+(?:\.\d+)?$/.test(p)) || input === undefined || output === undefined) {
    throw new ConfigError(`${nameOf('price', side)} takes two numbers, dollars per million input and per million output tokens, e.g. 2,8 (got "${raw}")`);
  }
  return { input, output };
}

/**
 * Validates the whole config and names every problem at once (each with its flag or input), so a
 * workflow with three bad inputs fails once, not three runs in a row. `more` holds problems the
 * entry point found while parsing its raw strings.
 */
export function resolveConfig(raw: unknown, side: Side, more: string[] = []): Config {
  const parsed = ConfigSchema.safeParse(raw);
  const problems = [...more];
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (seen.has(key)) continue;
      seen.add(key);
      const value = key ? (raw as Record<string, unknown>)[key] : undefined;
      const got = value === undefined ? 'nothing' : JSON.stringify(value);
      problems.push(`${nameOf(key, side)} is not valid: ${issue.message.toLowerCase()} (got ${got})`);
    }
  } else {
    const config = parsed.data;
    if (config.record && config.replay) problems.push('use --record or --replay, not both');
    if (config.maxCost !== undefined && !config.price) {
      problems.push(
        `${nameOf('maxCost', side)} needs ${nameOf('price', side)} (dollars per million input and output tokens, e.g. 2,8) to know what a request costs`,
      );
    }
    if (!problems.length) problems.push(...budgetProblems(config, side));
  }
  if (problems.length) throw new ConfigError(problems, side);
  return parsed.data!;
}
