import { repoInstructions, withoutInstructionFiles } from '../context/repo-instructions.js';
import type { Config } from '../options/config.js';
import { bumpsInDiff } from '../workspace/bumps.js';
import { bumpEvidence } from '../context/bump-evidence.js';
import { locateInstalled } from '../workspace/installed.js';
import { completionCap, costCapCheck } from '../model/cost.js';
import { buildContext } from '../context/build.js';
import { fixPlace } from '../context/fix-place.js';
import { buildNaiveContext } from '../context/naive.js';
import { loadOutlines } from '../context/symbols/outline.js';
import { languagesOf, loadParsers } from '../context/symbols/parser.js';
import type { Context } from '../context/context.js';
import { Redactor, secretValues } from '../context/redact.js';
import { runFix } from '../engine/fix.js';
import { SERVER_PATIENCE_MS } from '../engine/probe.js';
import type { Outcome, ProgressEvent, TestResult, Usage, Veto } from '../engine/types.js';
import { atCrash, crashHandlersInstalled } from '../start/crash.js';
import { createClient } from '../model/client.js';
import { probeModel } from '../model/server-check.js';
import { ModelSession } from '../model/session.js';
import { isSecretName } from '../run/secrets.js';
import { stripAnsi } from '../failures/text.js';
import { createTestRunner } from '../run/test-runner.js';
import { killActiveGroups } from '../run/command.js';
import { diffAgainst, resolveBase } from '../git/base.js';
import { TestFileSnapshot } from '../workspace/testfiles.js';
import { guardRepoState } from '../git/work-tree.js';
import { restoreGitState } from '../git/state.js';
import { readRepoFile } from '../workspace/read.js';
import { changedSince, driftMessage, pinFiles, readNow } from '../workspace/pin.js';
import { Workspace } from '../workspace/workspace.js';
import { detectFormatters } from '../run/formatters.js';
import { formatWithin } from './formatting.js';

export interface PipelineHooks {
  progress?: (event: ProgressEvent) => void;
  /** Streams the test command's output (e.g. to a log group). */
  onOutput?: (chunk: Buffer) => void;
  /** What must never leave in clear; made by `redactorFor` so the caller can filter its own output too. */
  redactor?: Redactor;
  /** A reason not to ask the model once the tests have run (the action's loop guard). */
  gate?: (before: TestResult) => Veto | undefined;
  /** Sees the first message as built, with the file ranges it shows (the benchmark measures these). */
  onContext?: (context: Context) => void;
  /** Filled with the model usage so far when the run is cut short (crash.ts), so the result carries it. */
  facts?: { usage?: Usage };
}

/** The model usage of the sessions so far (a run cut short has no outcome to carry it). */
function sessionsUsage(sessions: ModelSession[]): Usage {
  const total: Usage = { promptTokens: 0, completionTokens: 0, requests: 0 };
  for (const s of sessions) {
    total.promptTokens += s.usage.promptTokens;
    total.completionTokens += s.usage.completionTokens;
    // The request in flight when a signal stops the run was sent, and may be billed.
    total.requests += s.usage.requests + s.requestsInFlight;
  }
  return total;
}

/** The run's secrets (the API key, extra tokens, secret-named variables) and credential shapes. */
export function redactorFor(config: Pick<Config, 'apiKey'>, extra: string[] = []): Redactor {
  return new Redactor([config.apiKey, ...extra, ...secretValues(process.env, isSecretName)]);
}

/** Wires config to the engine: the one composition root shared by the CLI and the action. */
export async function runPipeline(config: Config, hooks: PipelineHooks = {}): Promise<Outcome> {
  const workspace = new Workspace(config.root, { protect: config.protect, allowTestEdits: config.allowTestEdits });
  // Input tokens a request may hold: lowered when the server's model list states a smaller context.
  let requestTokens = config.requestTokens;
  let statedContext: number | undefined;
  const redactor = hooks.redactor ?? redactorFor(config);
  const tests = createTestRunner({
    root: config.root,
    testCommand: config.testCommand,
    ...(config.setupCommand ? { setupCommand: config.setupCommand } : {}),
    timeoutMs: config.testTimeoutSec * 1000,
    junitGlob: config.junitGlob,
    targeted: config.targetedReruns,
    ...(config.steps?.length ? { steps: config.steps } : {}),
    ...(hooks.onOutput ? { onOutput: hooks.onOutput } : {}),
    // What the model's files held when each run started and when it ended: the model's files do
    // not change during a test run, so for the last run both are what was verified.
    onStart: () => {
      seen = readNow(config.root, workspace.changedFiles());
      changedDuringRun = [];
    },
    onExit: () => {
      changedDuringRun = changedSince(config.root, seen, [...seen.keys()]);
      // What the run wrote into .git (config, info/, alternates, replace refs) is undone at once.
      restoreGitState();
    },
  });
  let seen = new Map<string, Buffer | null>();
  let changedDuringRun: string[] = [];
  // Before the first setup or test run: the git state the tests may tamper with, as it is now.
  const releaseGuard = await guardRepoState(config.root);
  const snapshot = await TestFileSnapshot.take(config.root, (f) => workspace.isTestFile(f)).catch((e: unknown) => {
    releaseGuard();
    throw e;
  });
  // The snapshot's `git status` (one pass over the work tree serves both).
  const n = snapshot.status?.entries ?? 0;
  if (n) {
    hooks.progress?.({
      kind: 'note',
      text: `the work tree has ${n} uncommitted change${n === 1 ? '' : 's'}; ${n === 1 ? 'it is' : 'they are'} kept (unbreak touches only the files the model edits, and puts those back byte for byte unless the fix is verified)`,
    });
  }
  // Listing every file only answers for --protect globs: none given, none listed.
  const unmatched = config.protect.length ? workspace.guard.unmatchedProtect(await workspace.listFiles().catch(() => [])) : [];
  for (const glob of unmatched)
    hooks.progress?.({
      kind: 'note',
      text: `--protect '${glob}' matches no file in the repository (a glob without a slash matches at any depth; a leading / anchors it at the root)`,
    });
  const base = await resolveBase(config.root, config.base);
  // The repository's own formatter, where it configures one; none configured, none runs.
  const formatters = detectFormatters(config.root);
  // With no tracked file changed (status lists none), the work tree is HEAD: diffing two trees spares git a pass over every file.
  // The instruction files as the base has them; the PR's edits to them are not shown either.
  const diff = base ? withoutInstructionFiles(await diffAgainst(config.root, base, snapshot.status?.tracked === 0)) : '';
  const agentNotes = await repoInstructions(config.root, base?.sha);
  // A bump PR is fixed forward: the bump may not be reverted nor a lockfile edited, from the first edit on.
  const bumps = bumpsInDiff(diff);
  workspace.knowBumps(bumps);

  const sessions: ModelSession[] = [];
  // Ctrl-C, a cancelled job or an uncaught error: stop the test command's process group (it does
  // not get the terminal's signal) and put the files back, so an interrupted run leaves the tree as found.
  const putBack = (why: string) => {
    killActiveGroups();
    let note: string;
    try {
      const restored = workspace.restore();
      note = restored.length
        ? `put back the ${restored.length === 1 ? 'file' : `${restored.length} files`} the model had edited: ${restored.join(', ')}`
        : 'no file had been edited';
    } catch (error) {
      note = error instanceof Error ? error.message : String(error);
    }
    process.stderr.write(`unbreak: ${why}: stopped; ${note}\n`);
  };
  const release = atCrash((c) => {
    if (hooks.facts) hooks.facts.usage = sessionsUsage(sessions);
    putBack(c.signal ?? c.reason);
    releaseGuard();
  });
  // Called as a library (the benchmark), with no entry point's handlers: signals still put the files back.
  const onSignal = (signal: NodeJS.Signals) => {
    putBack(signal);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  const local = !crashHandlersInstalled();
  if (local) {
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  }
  // The first message as sent: the bump's evidence a fix follows is quoted from it.
  let firstText = '';
  try {
    // The repository's files (one git listing, made as the first run starts) and the parsers of their
    // languages: the first message follows the failing tests' calls through them, and waits for both.
    // The parsers are compiled only once the tests fail (about 0.2 s of CPU that a green, skipped or
    // flaky run never needs), while the failing tests run again.
    const listing = config.contextMode === 'naive' ? Promise.resolve([]) : workspace.listFiles().catch(() => []);
    let parsers: Promise<string[]> | undefined;
    const loadOnce = () => (parsers ??= listing.then((list) => (list.length ? loadOutlines(() => loadParsers(languagesOf(list))) : [])));
    const ran = await runFix(
      {
        tests,
        workspace,
        failing: () => void loadOnce(),
        firstMessage: async (before) => {
          for (const text of await loadOnce()) hooks.progress?.({ kind: 'note', text });
          const repoFiles = await listing;
          // After setup: each bumped package where the tests load it, its surface readable from here on.
          const installed = bumps.length ? locateInstalled(config.root, bumps) : [];
          workspace.knowBumps(bumps, installed);
          const context =
            config.contextMode === 'naive'
              ? buildNaiveContext({ root: config.root, testCommand: config.testCommand, log: stripAnsi(before.run.output), diff })
              : buildContext({
                  root: config.root,
                  testCommand: config.testCommand,
                  report: before.report,
                  diff,
                  ...(base ? { baseLabel: base.label } : {}),
                  ...(config.instructions ? { instructions: config.instructions } : {}),
                  ...(agentNotes ? { repoInstructions: agentNotes } : {}),
                  ...(config.mergedWith ? { mergedWith: config.mergedWith } : {}),
                  budget: Math.floor(requestTokens * 0.5),
                  isTestFile: (f) => workspace.isTestFile(f),
                  files: repoFiles,
                  ...(bumps.length ? { dependencies: { bumps, installed } } : {}),
                });
          hooks.onContext?.(context);
          firstText = context.text;
          return context.text;
        },
        makeFixer: () => {
          const client = createClient({
            ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
            ...(config.apiKey ? { apiKey: config.apiKey } : {}),
            ...(config.record ? { record: config.record } : {}),
            ...(config.replay ? { replay: config.replay } : {}),
            timeoutMs: config.modelTimeoutSec * 1000,
          });
          const emit = hooks.progress ?? (() => {});
          const session = new ModelSession(
            client,
            workspace,
            redactor,
            {
              model: config.model,
              requestTokens: config.requestTokens,
              maxTokens: config.maxTokens,
              maxCompletionTokens: config.maxCompletionTokens,
              stream: config.stream,
              ...(config.maxCost !== undefined && config.price ? { beforeRequest: costCapCheck(config.maxCost, config.price, completionCap(config)) } : {}),
            },
            (text, kind = 'tool') => emit({ kind, text }),
          );
          sessions.push(session);
          if (statedContext) {
            // What the server's context holds, less room for the answer, with a margin for its own count of tokens.
            const fits = Math.floor((statedContext - Math.min(config.maxCompletionTokens, Math.floor(statedContext / 4))) * 0.9);
            if (fits < requestTokens) {
              session.limitRequests(fits, `the model server states a context of ${statedContext} tokens`);
              requestTokens = session.requestBudget;
              emit({
                kind: 'note',
                text: `the model server states a context of ${statedContext} tokens for ${config.model}: requests are kept within ${requestTokens} tokens (--request-tokens ${config.requestTokens})`,
              });
            }
          }
          return session;
        },
        // A replayed session has no server to check.
        ...(config.replay
          ? {}
          : {
              probe: (signal: AbortSignal) =>
                probeModel({
                  ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
                  ...(config.apiKey ? { apiKey: config.apiKey } : {}),
                  model: config.model,
                  signal,
                  onContext: (tokens) => {
                    statedContext = tokens;
                  },
                }),
            }),
        // A server not listening yet (a service container still loading its model) is waited for, as long as one request may take, at most a minute.
        serverWaitMs: Math.min(SERVER_PATIENCE_MS, config.modelTimeoutSec * 1000),
        ...(hooks.gate ? { gate: hooks.gate } : {}),
        restoreTestFiles: () => snapshot.restore(config.allowTestEdits ? workspace.changedTestFiles() : []),
        ...(formatters.length ? { format: (files: string[]) => formatWithin(workspace, formatters, files, config.testTimeoutSec * 1000) } : {}),
        // Paths come from test output: read through the guard (inside the repo, no symlink, text).
        readFile: (rel) => {
          const file = readRepoFile(config.root, rel);
          return file.ok ? file.text : undefined;
        },
        ...(hooks.progress ? { progress: hooks.progress } : {}),
      },
      {
        maxAttempts: config.maxAttempts,
        dryRun: config.dryRun,
        feedbackTokens: Math.floor(config.requestTokens * 0.3),
        ...(config.feedback ? { feedback: config.feedback } : {}),
        review: config.review,
      },
    );
    const withBumps = ran.status === 'fixed' && bumps.length ? { ...ran, bumps: bumpEvidence(bumps, firstText, ran.patch) } : ran;
    // Where the fix lies relative to the PR's lines (a PR of only a failing test is fixed elsewhere): said to people.
    const place = withBumps.status === 'fixed' ? fixPlace(diff, withBumps.patch) : undefined;
    if (place) hooks.progress?.({ kind: 'note', text: place });
    const outcome = place ? { ...withBumps, notes: [...(withBumps.notes ?? []), place] } : withBumps;
    if (outcome.status !== 'fixed' || config.dryRun) return outcome;
    // Pin what the verifying run saw when it ended, and check the patch shows those very bytes.
    const files = outcome.changedFiles;
    const drifted = [...new Set([...changedDuringRun, ...changedSince(config.root, seen, files)])].sort();
    if (drifted.length || workspace.patch(files) !== outcome.patch) {
      return { ...outcome, status: 'error', message: driftMessage(drifted.length ? drifted : files), patch: '', changedFiles: [] };
    }
    return { ...outcome, pinned: await pinFiles(config.root, new Map(files.map((f) => [f, seen.get(f) ?? null]))) };
  } finally {
    release();
    // Put back and forgotten if this run took the snapshot (the action keeps its own until the end).
    releaseGuard();
    if (local) {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  }
}
