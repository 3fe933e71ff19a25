import { countTokens } from './tokens.js';
import type { TestReport } from '../failures/test-report.js';
import type { Bump } from '../workspace/bumps.js';
import type { InstalledPackage } from '../workspace/installed.js';

/** What the first message is built from. */
export interface ContextInput {
  root: string;
  testCommand: string;
  report: TestReport;
  /** `git diff` of the branch against its base, if any. */
  diff?: string;
  baseLabel?: string;
  /** What a maintainer asked for (untrusted text). */
  instructions?: string;
  /** The repository's instructions from the base (repo-instructions.ts), paid from the one budget. */
  repoInstructions?: string;
  /** The base branch, when the tests pass on the PR's head and fail only merged with it: the fix must work on both. */
  mergedWith?: string;
  /** Tokens this first message may take. */
  budget: number;
  isTestFile: (rel: string) => boolean;
  /** The repository's files (git's listing: tracked and untracked, ignored left out), where the failing tests' calls are followed; none given, none followed. */
  files?: readonly string[];
  /** The dependencies the change bumps, and where the test command loads them from. */
  dependencies?: { bumps: Bump[]; installed: InstalledPackage[] };
}

/** The first user message, and the repo lines it shows. */
export interface Context {
  text: string;
  tokens: number;
  /** Repo files whose lines the message shows. */
  shownFiles: string[];
  /** `file:line` ranges shown, for measuring whether the first request held the lines to change. */
  shownRanges: { file: string; start: number; end: number }[];
}

/** A context whose token count is made only when someone reads it (the budget never needs it). */
export function withTokens(c: Omit<Context, 'tokens'>): Context {
  let tokens: number | undefined;
  return Object.defineProperty(c, 'tokens', { get: () => (tokens ??= countTokens(c.text)), enumerable: true }) as Context;
}
