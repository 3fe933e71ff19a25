import { z } from 'zod';
// What counts as a secret is one rule (CONTRACT §4), shared with layers that may not reach testing/.
export { isSecretName, scrubEnv } from './testing/env.js';

/**
 * One options object for every entry point (CLI, action, benchmark). Entry points turn their raw
 * strings into `RawConfig`; `resolveConfig` validates it and names the flag or input at fault.
 */

export const DEFAULT_MODEL = 'gpt-4.1';
export const DEFAULT_TEST_TIMEOUT_S = 600;
export const DEFAULT_MAX_ATTEMPTS = 3;
/** Total tokens (prompt + completion) one run may spend before it stops. */
export const DEFAULT_MAX_TOKENS = 400_000;
/** Input tokens one request may hold: small enough for free model tiers (8k). */
export const DEFAULT_REQUEST_TOKENS = 7_000;
export const DEFAULT_MODEL_TIMEOUT_S = 180;
export const DEFAULT_JUNIT_GLOB = '**/{junit,TEST-*,*junit*,test-results,test-report}*.xml';
/**
 * Never edited, whatever the flags: CI definitions, hooks and files that change how git or npm
 * treat the repository (a filter in .gitattributes, a registry or script hook in .npmrc).
 */
export const ALWAYS_PROTECTED = ['.github/**', '.gitlab-ci.yml', '/.husky/**', '.gitmodules', '.gitattributes', '.gitignore', '.npmrc', '/action.yml', '/action.yaml'];

const positiveInt = (min: number, max: number) => z.number().int().min(min).max(max);

export const ConfigSchema = z.object({
  root: z.string().min(1),
  testCommand: z.string().trim().min(1),
  setupCommand: z.string().trim().min(1).optional(),
  testTimeoutSec: positiveInt(1, 86_400),
  maxAttempts: positiveInt(1, 10),
  model: z.string().trim().min(1),
  baseUrl: z.url({ protocol: /^https?$/ }).optional(),
  apiKey: z.string().optional(),
  base: z.string().trim().min(1).optional(),
  allowTestEdits: z.boolean(),
  protect: z.array(z.string().trim().min(1)),
  dryRun: z.boolean(),
  json: z.boolean(),
  maxTokens: positiveInt(1_000, 100_000_000),
  requestTokens: positiveInt(1_000, 1_000_000),
  record: z.string().min(1).optional(),
  replay: z.string().min(1).optional(),
  junitGlob: z.string().min(1),
  /** Rerun just the failing tests first where the framework allows. */
  targetedReruns: z.boolean(),
  stream: z.boolean(),
  /** Seconds one model request may take before it is retried or given up. */
  modelTimeoutSec: positiveInt(1, 3_600),
  instructions: z.string().optional(),
  /**
   * What the first message holds: `focused` (default) is the budgeted context; `naive` is the whole
   * test log and every file the branch changed, whole, with no budget: the benchmark's baseline.
   */
  contextMode: z.enum(['focused', 'naive']).optional(),
  /** How failures are fed back after an attempt: `structured` (default, expected vs actual per test) or `raw` (the log's tail). */
  feedback: z.enum(['structured', 'raw']).optional(),
  /** After a green run, one short model request asks whether the patch fixes the cause or only the tests' symptoms. */
  review: z.boolean().default(true),
  /** US dollars per million input and output tokens, to report what a run cost. */
  price: z.object({ input: z.number().min(0), output: z.number().min(0) }).optional(),
});

export type Config = z.infer<typeof ConfigSchema>;

/** What a user can get wrong, and what they call it on each side. */
export const OPTION_NAMES: Record<string, { flag: string; input?: string }> = {
  testCommand: { flag: '--test', input: 'test-command' },
  setupCommand: { flag: '--setup', input: 'setup-command' },
  testTimeoutSec: { flag: '--test-timeout', input: 'test-timeout' },
  maxAttempts: { flag: '--max-attempts', input: 'max-attempts' },
  model: { flag: '--model', input: 'model' },
  baseUrl: { flag: '--base-url', input: 'base-url' },
  apiKey: { flag: 'UNBREAK_API_KEY', input: 'api-key' },
  base: { flag: '--base' },
  allowTestEdits: { flag: '--allow-test-edits', input: 'allow-test-edits' },
  protect: { flag: '--protect', input: 'protected-paths' },
  maxTokens: { flag: '--max-tokens', input: 'max-tokens' },
  requestTokens: { flag: '--request-tokens', input: 'request-tokens' },
  record: { flag: '--record' },
  replay: { flag: '--replay' },
  junitGlob: { flag: '--junit', input: 'junit' },
  modelTimeoutSec: { flag: '--model-timeout', input: 'model-timeout' },
  allowForks: { flag: '--allow-forks', input: 'allow-forks' },
  price: { flag: '--price', input: 'price' },
  review: { flag: '--no-review', input: 'review' },
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type Side = 'flag' | 'input';

function nameOf(key: string, side: Side): string {
  const names = OPTION_NAMES[key];
  if (!names) return key;
  return side === 'input' ? `input '${names.input ?? key}'` : names.flag;
}

/** Parses a whole number option, with a message that names the option and the range. */
export function parseIntOption(key: string, raw: string | undefined, fallback: number, min: number, max: number, side: Side): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = raw.trim();
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new ConfigError(`${nameOf(key, side)} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return Number(value);
}

export function parseBoolOption(key: string, raw: string | undefined, fallback: boolean, side: Side): boolean {
  if (raw === undefined || raw.trim() === '') return fallback;
  const v = raw.trim().toLowerCase();
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw new ConfigError(`${nameOf(key, side)} must be true or false (got "${raw}")`);
}

/** `2,8` (or `2/8`): dollars per million input tokens and per million output tokens. */
export function parsePriceOption(raw: string | undefined, side: Side): Config['price'] {
  if (raw === undefined || raw.trim() === '') return undefined;
  const parts = raw.trim().replace(/\$/g, '').split(/\s*[,/]\s*/);
  const [input, output] = parts.map(Number);
  if (parts.length !== 2 || !parts.every((p) => /^\d+(?:\.\d+)?$/.test(p)) || input === undefined || output === undefined) {
    throw new ConfigError(`${nameOf('price', side)} takes two numbers, dollars per million input and per million output tokens, e.g. 2,8 (got "${raw}")`);
  }
  return { input, output };
}

export function resolveConfig(raw: unknown, side: Side): Config {
  const parsed = ConfigSchema.safeParse(raw);
  if (parsed.success) {
    const config = parsed.data;
    if (config.record && config.replay) throw new ConfigError('use --record or --replay, not both');
    return config;
  }
  const issue = parsed.error.issues[0]!;
  const key = String(issue.path[0] ?? '');
  const value = key ? (raw as Record<string, unknown>)[key] : undefined;
  const got = value === undefined ? 'nothing' : JSON.stringify(value);
  throw new ConfigError(`${nameOf(key, side)} is not valid: ${issue.message.toLowerCase()} (got ${got})`);
}
