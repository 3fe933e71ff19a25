import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  configDefaults,
  DEFAULT_JUNIT_GLOB,
  DEFAULT_MAX_TOKENS,
  DEFAULT_MODEL_TIMEOUT_S,
  DEFAULT_REQUEST_TOKENS,
  resolveConfig,
} from '../src/options/config.js';
import type { Context } from '../src/context/context.js';
import { countEdits, type EditCounts } from '../src/engine/edits.js';
import { runPipeline } from '../src/pipeline/pipeline.js';
import { readReport } from '../src/failures/collect.js';
import { runCommand } from '../src/run/command.js';
import { detectFormatters, runFormatters } from '../src/run/formatters.js';
import { keepFormattingWithin } from '../src/workspace/tidy.js';
import { isApart, startModelServer } from '../testkit/model-server.js';
import type { ReviewUsage, Usage } from '../src/engine/types.js';
import { seenAround, seenRuns, uniqueWindow, type WireMessage } from './conversation.js';
import { ScriptedModel, changeGroups, type Behaviour, type EditCheck } from './model.js';
import { addHeldout, makeScenarioRepo, REPO_ROOT, scriptSteps, type Scenario } from './scenario.js';

/** One run of the engine on one scenario, in one configuration. */
export interface Variant {
  /** Short label: main, damaged, partial, test-edit, overfit, naive, full-reruns, live, live-raw. */
  name: string;
  behaviour: Behaviour;
  context: 'focused' | 'naive';
  targeted: boolean;
  feedback?: 'structured' | 'raw';
  /** For `overfit` behaviour: which special-cased first try, from `overfit.patch` (literal) or `overfit-env.patch` (env). */
  overfit?: 'literal' | 'env';
  /** The repository configures its formatter (prettier for JS/TS; Go modules always have gofmt). */
  formatter?: boolean;
  /** A real model server instead of the scripted one. */
  live?: { baseUrl?: string; apiKey: string; model: string };
}

export interface RunFigures {
  scenario: string;
  variant: string;
  status: string;
  message: string;
  fixed: boolean;
  /** The attempt that fixed it. */
  fixedAt?: number;
  attempts: number;
  /** Requests of the fix loop (what it took to reach a green run), without the self-reviews. */
  requests: number;
  /** The self-reviews, apart: requests and the server's token counts. */
  review: { requests: number; prompt: number; completion: number; flagged: number };
  /** Green runs refused because the patch special-cased the tests. */
  specialCased: number;
  /** Attempts whose edits the repository's formatter changed before the verifying run. */
  formattedAt: number[];
  /** Milliseconds the repository's formatter took (not in ownMs). */
  formatMs?: number;
  /** For a delivered fix where a formatter is configured: would it still change a line the fix touched? */
  formatterWouldChange?: boolean;
  /** Whether the first request showed every line the reference fix changes (in a window unique in its file). */
  firstHoldsFix?: boolean;
  /** A `bump` scenario: whether the first request held every line of `needs` (what the fix needs from the new version). */
  firstHoldsNeeds?: boolean;
  /** A `bump` scenario: whether the manifests and lockfiles are as the PR left them after the run (the bump was not reverted). */
  bumpKept?: boolean;
  /** The same question answered from the context builder's own account (its shownRanges). */
  shownRangesHoldFix?: boolean;
  /** Input tokens of the first request, as the model server counted them on the raw body it received. */
  firstTokens: number;
  /** The largest request's input tokens, as the server counted them. */
  maxTokens: number;
  /** The request budget the run was given (--request-tokens), against which maxTokens is held. */
  budget?: number;
  /** Input plus output tokens of every request, as the server reported them in its usage. */
  totalTokens: number;
  /** Cross-check: unbreak's own count of its largest request (the budget it trims to; excludes JSON framing and tool schemas). */
  sessionMaxTokens?: number;
  /** What the server reported (scripted: its own o200k count; live: what the API billed). */
  apiTokens?: { prompt: number; completion: number };
  testRuns: number;
  testMs: number;
  /** The first, diagnostic run of the whole command. */
  firstRunMs: number;
  /** Test time after the first run (targeted reruns and verifying runs). */
  verifyMs: number;
  wallMs: number;
  modelMs: number;
  ownMs: number;
  edits: EditCounts;
  /** The scripted model's judgement of each edit it sent (damage kind and whether it landed as meant). */
  checks: EditCheck[];
  heldout?: { passed: number; total: number };
  /** Each attempt's verdict, one line each. */
  notes: string[];
  error?: string;
}

export async function runVariant(s: Scenario, v: Variant): Promise<RunFigures> {
  const repo = makeScenarioRepo(s);
  const scratch = mkdtempSync(path.join(tmpdir(), 'unbreak-bench-'));
  const overfit = v.overfit === 'env' ? repo.overfitEnv : repo.overfit;
  const model = v.live
    ? undefined
    : new ScriptedModel({
        root: repo.dir,
        behaviour: v.behaviour,
        fixed: repo.fixed,
        testFiles: repo.testFiles,
        seed: s.index,
        ...(overfit ? { overfit } : {}),
      });
  const server = model ? await startModelServer(model.reply, { review: model.review }) : undefined;
  if (v.formatter) configurePrettier(s, repo.dir);
  const record = path.join(scratch, 'session.json');
  const prContents = new Map([...repo.fixed.keys()].map((f) => [f, readFileSync(path.join(repo.dir, f), 'utf8')]));
  const manifests = s.needs ? bumpFiles(repo.dir) : undefined;
  let context: Context | undefined;
  try {
    const config = resolveConfig(
      {
        ...configDefaults(),
        root: repo.dir,
        testCommand: s.test,
        ...(s.setup ? { setupCommand: s.setup } : {}),
        ...(s.steps ? { steps: scriptSteps(s.steps) } : {}),
        testTimeoutSec: 300,
        model: v.live?.model ?? 'scripted',
        baseUrl: v.live ? v.live.baseUrl : server!.url,
        apiKey: v.live?.apiKey ?? 'bench-key',
        maxTokens: v.context === 'naive' ? 10_000_000 : DEFAULT_MAX_TOKENS,
        // The naive baseline has no budget: nothing of it is cut to fit.
        requestTokens: v.context === 'naive' ? 1_000_000 : DEFAULT_REQUEST_TOKENS,
        targetedReruns: v.targeted,
        modelTimeoutSec: v.live ? DEFAULT_MODEL_TIMEOUT_S : 30,
        contextMode: v.context,
        ...(v.feedback ? { feedback: v.feedback } : {}),
        ...(v.live ? { record } : {}),
      },
      'flag',
    );
    const started = performance.now();
    const outcome = await runPipeline(config, { onContext: (c) => (context = c) });
    const wallMs = performance.now() - started;

    const prompts = outcome.attempts.flatMap((a) => a.promptTokens);
    const attemptTestMs = outcome.attempts.reduce((n, a) => n + (a.testMs ?? 0), 0);
    // The repository's formatter is the project's tool, like its tests: apart from unbreak's own time.
    const formatMs = outcome.attempts.reduce((n, a) => n + (a.formatMs ?? 0), 0);
    const modelMs = outcome.modelMs ?? 0;
    const fixedAt = outcome.status === 'fixed' ? outcome.attempts.length : undefined;
    let firstHoldsFix = model?.firstHoldsFix;
    const reviewed = apartUsage(outcome.usage);
    let apiTokens: RunFigures['apiTokens'] = {
      prompt: outcome.usage.promptTokens - reviewed.promptTokens,
      completion: outcome.usage.completionTokens - reviewed.completionTokens,
    };
    let review = { requests: reviewed.requests, prompt: reviewed.promptTokens, completion: reviewed.completionTokens };
    // The scripted server's own counts, request by request (the session's sum of them is apiTokens); the requests apart (self-reviews, further cases) apart.
    const served = server ? server.usage.filter((u) => !isApart(u)) : [];
    if (server) {
      apiTokens = { prompt: sum(served.map((u) => u.prompt)), completion: sum(served.map((u) => u.completion)) };
      const reviews = server.usage.filter(isApart);
      review = { requests: reviews.length, prompt: sum(reviews.map((u) => u.prompt)), completion: sum(reviews.map((u) => u.completion)) };
    }
    if (v.live) firstHoldsFix = firstRequestHolds(record, prContents, repo.fixed);
    const inputs = server ? served.map((u) => u.prompt) : prompts;
    const figures: RunFigures = {
      scenario: s.name,
      variant: v.name,
      status: outcome.status,
      message: outcome.message,
      fixed: outcome.status === 'fixed',
      ...(fixedAt ? { fixedAt } : {}),
      attempts: outcome.attempts.length,
      requests: outcome.usage.requests - reviewed.requests,
      review: { ...review, flagged: outcome.attempts.filter((a) => a.result === 'review-flagged').length },
      specialCased: outcome.attempts.filter((a) => a.result === 'special-cased').length,
      formattedAt: outcome.attempts.filter((a) => a.formatted?.length).map((a) => a.n),
      ...(firstHoldsFix !== undefined ? { firstHoldsFix } : {}),
      ...(context ? { shownRangesHoldFix: rangesHold(context, s) } : {}),
      ...(s.needs ? { firstHoldsNeeds: !!context && s.needs.every((n) => context!.text.includes(n)) } : {}),
      ...(manifests ? { bumpKept: [...manifests].every(([f, text]) => readIf(path.join(repo.dir, f)) === text) } : {}),
      firstTokens: inputs[0] ?? 0,
      maxTokens: Math.max(0, ...inputs),
      budget: config.requestTokens,
      totalTokens: apiTokens.prompt + apiTokens.completion,
      ...(v.live ? {} : { sessionMaxTokens: Math.max(0, ...prompts) }),
      apiTokens,
      testRuns: outcome.testRuns,
      testMs: outcome.testMs,
      firstRunMs: outcome.testMs - attemptTestMs,
      verifyMs: attemptTestMs,
      wallMs,
      modelMs,
      ownMs: Math.max(0, wallMs - outcome.testMs - modelMs - formatMs),
      ...(formatMs ? { formatMs } : {}),
      edits: countEdits(outcome.attempts.flatMap((a) => a.edits)),
      checks: model?.checks ?? [],
      notes: outcome.attempts.map((a) => `${a.result}: ${a.note}`),
    };
    if (outcome.status === 'error') figures.error = outcome.message;
    if (figures.fixed) {
      const still = await formatterWouldChange(repo.dir, outcome.changedFiles);
      if (still !== undefined) figures.formatterWouldChange = still;
    }
    // An unfixed run delivers nothing: its held-out tests count as failing (run on the tree it left, to count them).
    if (figures.fixed) figures.heldout = await runHeldout(s, repo.dir);
    else figures.heldout = { passed: 0, total: (await runHeldout(s, repo.dir)).total };
    return figures;
  } finally {
    await server?.close();
    repo.cleanup();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The manifests and lockfiles a bump changed, as the PR left them. */
function bumpFiles(dir: string): Map<string, string> {
  const files = execFileSync('git', ['diff', '--name-only', 'main', 'HEAD'], { cwd: dir, encoding: 'utf8' }).split('\n');
  const bump = files.filter((f) => /(^|\/)(package\.json|package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml)$/.test(f));
  return new Map(bump.map((f) => [f, readIf(path.join(dir, f))]));
}

function readIf(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** JS/TS scenarios: the repository configures prettier, its own copy (linked), kept out of git's sight. */
function configurePrettier(s: Scenario, dir: string): void {
  if (!/^(javascript|typescript)$/.test(s.language)) return;
  writeFileSync(path.join(dir, '.prettierrc'), '{"singleQuote": true, "printWidth": 160}\n');
  mkdirSync(path.join(dir, 'node_modules/.bin'), { recursive: true });
  symlinkSync(path.join(REPO_ROOT, 'node_modules/prettier'), path.join(dir, 'node_modules/prettier'));
  symlinkSync('../prettier/bin/prettier.cjs', path.join(dir, 'node_modules/.bin/prettier'));
  appendFileSync(path.join(dir, '.git/info/exclude'), '/.prettierrc\n/node_modules/\n');
}

/**
 * Would the repository's formatter still change a line the delivered fix touched? Undefined when
 * no formatter is configured for the changed files. The files are put back as delivered.
 */
async function formatterWouldChange(dir: string, files: string[]): Promise<boolean | undefined> {
  const formatters = detectFormatters(dir).filter((f) => files.some((file) => f.handles(file)));
  if (!formatters.length) return undefined;
  const delivered = new Map(files.map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]));
  await runFormatters(dir, formatters, files);
  let changes = false;
  for (const [file, text] of delivered) {
    const formatted = readFileSync(path.join(dir, file), 'utf8');
    let original = '';
    try {
      original = execFileSync('git', ['show', `HEAD:${file}`], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    } catch {
      // A new file: every line is the fix's.
    }
    if (keepFormattingWithin(original, text, formatted) !== text) changes = true;
    writeFileSync(path.join(dir, file), text);
  }
  return changes;
}

/** Adds the held-out tests to the work tree as the run left it, runs them, counts what passes. */
export async function runHeldout(s: Scenario, dir: string): Promise<{ passed: number; total: number }> {
  addHeldout(s, dir);
  const run = await runCommand(s.heldout, { cwd: dir, timeoutMs: 300_000 });
  const report = await readReport(run, dir, DEFAULT_JUNIT_GLOB);
  const failed = report.failures.length;
  const total = report.total ?? (report.passed ? report.passed.length + failed : failed);
  if (total === 0) return { passed: 0, total: run.exitCode === 0 ? 0 : 1 };
  return { passed: Math.max(0, total - failed), total };
}

/** For live runs: did the recorded first request show every change of the reference fix? */
function firstRequestHolds(record: string, prContents: Map<string, string>, fixed: Map<string, string>): boolean | undefined {
  let first: { messages?: WireMessage[] } | undefined;
  try {
    const rec = JSON.parse(readFileSync(record, 'utf8')) as { exchanges: { request: { messages?: WireMessage[] } }[] };
    first = rec.exchanges[0]?.request;
  } catch {
    return undefined;
  }
  if (!first?.messages) return undefined;
  const runs = seenRuns(first.messages);
  for (const [file, target] of fixed) {
    const pr = prContents.get(file) ?? '';
    const lines = pr.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
    for (const g of changeGroups(lines, target.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n'))) {
      const from = g.removed.length ? g.at : Math.max(0, g.at - 1);
      const to = g.removed.length ? g.at + g.removed.length - 1 : from;
      const seen = seenAround(runs, lines, from, to);
      if (!seen || !uniqueWindow(lines, from, to, seen[0], seen[1])) return false;
    }
  }
  return true;
}

/** The context builder's own claim: do its shown ranges cover every line the fix changes? */
function rangesHold(context: Context, s: Scenario): boolean {
  return s.fixLines.every((fl) => {
    const at = fl.lastIndexOf(':');
    const file = fl.slice(0, at);
    const line = Number(fl.slice(at + 1));
    return context.shownRanges.some((r) => r.file === file && line >= r.start && line <= r.end);
  });
}

/**
 * The requests apart from the fix loop (the self-reviews and the further cases), summed: the
 * figures count them in the `review` columns, so `requests` stays what it took to reach a green run.
 */
export function apartUsage(usage: Usage): ReviewUsage {
  const parts = [usage.review, usage.cases].filter((u): u is ReviewUsage => !!u);
  return {
    requests: parts.reduce((n, u) => n + u.requests, 0),
    promptTokens: parts.reduce((n, u) => n + u.promptTokens, 0),
    completionTokens: parts.reduce((n, u) => n + u.completionTokens, 0),
  };
}
