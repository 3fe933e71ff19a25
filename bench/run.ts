// npm run bench [-- options]: runs the real engine over the scenario corpus and prints one table.
// See bench/README.md for how scenarios are built and the README's "Benchmark" section for the columns.
import { fork } from 'node:child_process';
import { readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { DEFAULT_JUNIT_GLOB, DEFAULT_MODEL } from '../src/options/config.js';
import { findSpecialCasing } from '../src/judge/special-case.js';
import { readReport } from '../src/failures/collect.js';
import { runCommand } from '../src/run/command.js';
import { median, formatReport, formatSaved, summarize, skippedNote, type SavedBench } from './report.js';
import { machineName, provenance } from './provenance.js';
import type { RunFigures, Variant } from './run-one.js';
import { runHeldout } from './run-one.js';
import { BENCH_DIR, REPO_ROOT, gitIn, listFiles, loadScenarios, makeScenarioRepo, missingToolchain, patchLines, workRoot, type Scenario } from './scenario.js';
import { Guard } from '../src/workspace/guard.js';
import { failed, runJob, warmUp, type Job, type Warm, type WorkerMessage } from './worker.js';

/**
 * What `npm run bench` runs without --variants or --all: the set the README's figures come from, a run of
 * 82 (44 scenarios' main, plus the special-casing and formatter variants where they apply) that ends in
 * about 2 minutes on an idle 2-core machine (115 s on 2026-11-28), well under 15.
 * --all adds damaged, partial, test-edit, naive, full-reruns and weak (346 runs, 378 s the same day).
 */
export const DEFAULT_VARIANTS = ['main', 'overfit-literal', 'overfit-env', 'unformatted', 'revert-bump'];

export const VARIANTS: Record<string, Variant> = {
  main: { name: 'main', behaviour: 'exact', context: 'focused', targeted: true },
  damaged: { name: 'damaged', behaviour: 'damaged', context: 'focused', targeted: true },
  partial: { name: 'partial', behaviour: 'partial', context: 'focused', targeted: true },
  'test-edit': { name: 'test-edit', behaviour: 'test-edit', context: 'focused', targeted: true },
  // Only for scenarios with an overfit.patch: the first attempt answers the visible tests' inputs with their expected values.
  'overfit-literal': { name: 'overfit-literal', behaviour: 'overfit', overfit: 'literal', context: 'focused', targeted: true },
  // Only for scenarios with an overfit-env.patch: the first attempt behaves differently under the test runner.
  'overfit-env': { name: 'overfit-env', behaviour: 'overfit', overfit: 'env', context: 'focused', targeted: true },
  // JS/TS scenarios (prettier configured) and Go (gofmt): the first attempt leaves formatting off.
  unformatted: { name: 'unformatted', behaviour: 'unformatted', formatter: true, context: 'focused', targeted: true },
  naive: { name: 'naive', behaviour: 'exact', context: 'naive', targeted: true },
  'full-reruns': { name: 'full-reruns', behaviour: 'exact', context: 'focused', targeted: false },
  // Only for bump scenarios: the first attempt first puts the bumped dependency back to its old version, then fixes the code.
  'revert-bump': { name: 'revert-bump', behaviour: 'revert-bump', context: 'focused', targeted: true },
  // A model that never fixes: cut-off calls, the same call over and over, text instead of calls, wrong paths.
  weak: { name: 'weak', behaviour: 'weak', context: 'focused', targeted: true },
};

const HELP = `npm run bench [-- options] [scenario names or parts of names]

  --smoke              the CI subset (scenarios marked "smoke"), the main variant (the one it gates on)
  --variants <list>    comma-separated, of: ${Object.keys(VARIANTS).join(', ')} (default: ${DEFAULT_VARIANTS.join(', ')})
  --all                every variant (346 runs; the default set, the README's, runs main, overfit-literal, overfit-env and unformatted where they apply)
  --jobs <n>           runs at a time, each in its own worker process (default: ${Math.min(2, os.availableParallelism())})
  --json               print one JSON object (every run's figures, the summary and the goals) instead of the table
  --out <file>         also write that JSON object to a file
  --from <file>        print the table of a JSON object written by --out, without running anything
  --check              check the scenarios themselves: the PR fails, the reference fix passes, held-out tests pass with it and at least one fails on the PR
  --overhead           unbreak's own CPU and memory per run (test runs subtracted), against the goals;
                       with --runs <n> (median of n, default 3), --out <file> (the README's figures), case names
  --real               the corpus of real open-source projects instead (bench/real/; --real --help for its options)
  --judge              the special-casing check and self-review over labelled fixes and hacks (bench/judge/; --judge --help)
  --live               the same corpus against a real model (UNBREAK_API_KEY or OPENAI_API_KEY)
    --model <id>         model id (default $UNBREAK_MODEL, else ${DEFAULT_MODEL})
    --base-url <url>     OpenAI-compatible API root (default $OPENAI_BASE_URL, else OpenAI)
    --price <in,out>     US dollars per million input and output tokens, to report the cost
    --feedback <style>   structured (default), raw, or both: how failures are fed back after an attempt
  -h, --help`;

interface Options {
  smoke: boolean;
  variants: string[];
  jobs: number;
  json: boolean;
  out?: string;
  from?: string;
  check: boolean;
  live: boolean;
  model: string;
  baseUrl?: string;
  price?: [number, number];
  feedback: ('structured' | 'raw')[];
  names: string[];
}

function parse(argv: string[]): Options {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      smoke: { type: 'boolean' },
      variants: { type: 'string' },
      all: { type: 'boolean' },
      jobs: { type: 'string' },
      json: { type: 'boolean' },
      out: { type: 'string' },
      from: { type: 'string' },
      check: { type: 'boolean' },
      live: { type: 'boolean' },
      model: { type: 'string' },
      'base-url': { type: 'string' },
      price: { type: 'string' },
      feedback: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    process.exit(0);
  }
  // `overfit` is the old name of `overfit-literal`.
  if (values.all && values.variants) usage('--all runs every variant: leave out --variants, or --all');
  const variants = values.variants
    ? values.variants.split(',').map((v) => (v.trim() === 'overfit' ? 'overfit-literal' : v.trim()))
    : values.all
      ? Object.keys(VARIANTS)
      : values.smoke
        ? // CI's gate is whether the plain run fixes each smoke scenario; the other variants are measured by the full benchmark.
          ['main']
        : DEFAULT_VARIANTS;
  for (const v of variants) if (!VARIANTS[v]) usage(`unknown variant ${v}; the variants are ${Object.keys(VARIANTS).join(', ')}`);
  const jobs = values.jobs ? Number(values.jobs) : Math.min(2, os.availableParallelism());
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 32) usage('--jobs must be a whole number from 1 to 32');
  let price: [number, number] | undefined;
  if (values.price) {
    const parts = values.price.split(',').map(Number);
    if (parts.length !== 2 || parts.some((p) => !Number.isFinite(p) || p < 0))
      usage('--price takes two numbers: dollars per million input tokens, per million output tokens (e.g. 2,8)');
    price = [parts[0]!, parts[1]!];
  }
  const fb = values.feedback ?? 'structured';
  if (!['structured', 'raw', 'both'].includes(fb)) usage('--feedback is structured, raw or both');
  const baseUrl = values['base-url'] ?? (process.env.OPENAI_BASE_URL || undefined);
  return {
    smoke: values.smoke ?? false,
    variants,
    jobs,
    json: values.json ?? false,
    ...(values.out ? { out: values.out } : {}),
    ...(values.from ? { from: values.from } : {}),
    check: values.check ?? false,
    live: values.live ?? false,
    model: values.model ?? (process.env.UNBREAK_MODEL || DEFAULT_MODEL),
    ...(baseUrl ? { baseUrl } : {}),
    ...(price ? { price } : {}),
    feedback: fb === 'both' ? ['structured', 'raw'] : [fb as 'structured' | 'raw'],
    names: positionals,
  };
}

function usage(message: string): never {
  process.stderr.write(`bench: ${message}\n`);
  process.exit(2);
}

const log = (line: string) => process.stderr.write(`${line}\n`);

/** Runs the jobs, each worker process taking the next when done; jobs=1 runs them in this process. */
async function runPool(jobs: Job[], n: number, onDone: (f: RunFigures, done: number) => void): Promise<{ figures: RunFigures[]; warm: Warm }> {
  const figures: RunFigures[] = new Array(jobs.length);
  let done = 0;
  if (n <= 1 || jobs.length <= 1) {
    const warm = await warmUp();
    for (const job of jobs) {
      figures[job.id] = await runJob(job);
      onDone(figures[job.id]!, ++done);
    }
    return { figures, warm };
  }
  const queue = [...jobs];
  const loads: Warm[] = [];
  await Promise.all(
    Array.from(
      { length: Math.min(n, jobs.length) },
      () =>
        new Promise<void>((resolve, reject) => {
          const child = fork(path.join(BENCH_DIR, 'worker.ts'), [], {
            execArgv: ['--import', 'tsx'],
            env: { ...process.env, UNBREAK_BENCH_WORKER: '1' },
            stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
          });
          let current: Job | undefined;
          const next = () => {
            current = queue.shift();
            if (current) child.send(current);
            else child.disconnect();
          };
          child.on('message', (m: WorkerMessage) => {
            if ('ready' in m) loads.push(m);
            else {
              figures[m.id] = m.figures;
              onDone(m.figures, ++done);
            }
            next();
          });
          child.on('exit', (code, signal) => {
            if (current) {
              // The worker died mid-run: that run is a bench error; the others go on.
              figures[current.id] = failed(current, new Error(`the bench worker exited (${code ?? signal}) during this run`));
              onDone(figures[current.id]!, ++done);
            }
            resolve();
          });
          child.on('error', reject);
        }),
    ),
  );
  return { figures, warm: { tokenizerMs: median(loads.map((l) => l.tokenizerMs)), coldOwnMs: median(loads.map((l) => l.coldOwnMs)) } };
}

function select(all: Scenario[], o: Options): Scenario[] {
  let chosen = o.smoke ? all.filter((s) => s.smoke) : all;
  if (o.names.length) chosen = chosen.filter((s) => o.names.some((n) => s.name.includes(n)));
  if (!chosen.length) usage(`no scenario matches ${o.names.join(' ')}`);
  return chosen;
}

async function main(): Promise<number> {
  // The corpus of real projects has its own options (bench/real/run.ts).
  if (process.argv.includes('--real')) return (await import('./real/run.js')).mainReal(process.argv.slice(2));
  // The fix judgement over its labelled cases (bench/judge/): no engine run, no model server.
  if (process.argv.includes('--judge')) return (await import('./judge/run.js')).mainJudge(process.argv.slice(2)) ? 0 : 1;
  if (process.argv.includes('--overhead')) return (await import('./overhead.js')).mainOverhead(process.argv.slice(2));
  const o = parse(process.argv.slice(2));
  // The scenario projects use the runners installed here (jest, vitest, mocha, tsc).
  process.env.PATH = `${path.join(REPO_ROOT, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}`;
  // The scenario projects use no pytest plugins; whatever this machine has installed would only add start-up time.
  process.env.PYTEST_DISABLE_PLUGIN_AUTOLOAD ??= '1';
  if (o.from) return reprint(o.from);
  const chosen = select(loadScenarios(), o);
  // A scenario whose toolchain is not installed is skipped and said so, never counted as not fixed.
  const skipped = chosen.flatMap((s) => {
    const tool = missingToolchain(s);
    return tool ? [{ scenario: s.name, reason: `${tool} not installed` }] : [];
  });
  const scenarios = chosen.filter((s) => !skipped.some((k) => k.scenario === s.name));
  for (const k of skipped) log(`${k.scenario}: skipped: ${k.reason}`);
  if (!scenarios.length) usage(`every chosen scenario was skipped: ${skipped.map((k) => `${k.scenario} (${k.reason})`).join(', ')}`);
  if (o.check) return check(scenarios);
  if (o.live) return live(scenarios, o);

  const jobs: Job[] = [];
  for (const s of scenarios) for (const v of o.variants) if (applies(VARIANTS[v]!, s)) jobs.push({ id: jobs.length, scenario: s.name, variant: VARIANTS[v]! });
  const set = o.smoke
    ? 'the smoke set'
    : o.variants === DEFAULT_VARIANTS
      ? 'the default set (the README figures; --all runs every variant)'
      : o.variants.length === Object.keys(VARIANTS).length
        ? 'every variant'
        : `variants ${o.variants.join(', ')}`;
  log(`bench: ${set}: ${scenarios.length} scenarios × ${o.variants.length} variants = ${jobs.length} runs, ${o.jobs} at a time (${machineName()})`);
  const started = performance.now();
  const { figures, warm } = await runPool(jobs, o.jobs, (f, done) => {
    log(
      `[${done}/${jobs.length}] ${f.scenario} ${f.variant}: ${f.status}, ${f.attempts} att, ${f.requests} req + ${f.review?.requests ?? 0} review, ${(f.wallMs / 1000).toFixed(1)} s${f.error ? ` (${f.error})` : ''}`,
    );
  });
  const seconds = (performance.now() - started) / 1000;
  cleanupWorkRoot();
  const summary = summarize(figures, scenarios);
  const header = `unbreak bench: ${scenarios.length} scenarios${skippedNote(skipped, chosen.length)}, scripted model, variants ${o.variants.join(', ')}; ${jobs.length} runs in ${seconds.toFixed(0)} s on ${machineName()}, ${o.jobs} at a time. A fresh process pays once (as the CLI does per run) ${Math.round(warm.tokenizerMs)} ms to load the tokenizer and ${Math.round(warm.coldOwnMs)} ms of own time in its first run; "own ms" below is the steady cost.`;
  const result = {
    date: new Date().toISOString(),
    ...provenance(process.argv.slice(2)),
    machine: machineName(),
    options: { variants: o.variants, jobs: o.jobs, smoke: o.smoke },
    seconds,
    warm,
    scenarios: scenarios.map(({ dir: _dir, ...s }) => s),
    skipped,
    runs: figures,
    summary,
  };
  if (o.out) writeFileSync(o.out, `${JSON.stringify(result, null, 2)}\n`);
  if (o.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else process.stdout.write(`${formatReport(figures, scenarios, summary, header, skipped)}\n`);
  // A benchmark, not a test: only the smoke subset fails the command, when the plain run cannot fix a scenario.
  if (o.smoke) {
    // The smoke subset is CI's gate: a scenario it could not run is not a pass.
    if (skipped.length) {
      log(`bench --smoke: could not run ${skipped.map((k) => `${k.scenario} (${k.reason})`).join(', ')}: run scripts/install-toolchains.sh`);
      return 1;
    }
    const broken = figures.filter((f) => f.variant === 'main' && !f.fixed);
    if (broken.length) {
      log(`bench --smoke: not fixed: ${broken.map((f) => `${f.scenario} (${f.message})`).join('; ')}`);
      return 1;
    }
  }
  return 0;
}

/** Variants that need something of a scenario: a special-cased patch, a formatter for its language. */
function applies(v: Variant, s: Scenario): boolean {
  if (v.behaviour === 'revert-bump') return !!s.needs;
  // npm ci in a bump scenario's setup would wipe the linked formatter.
  if (v.formatter && s.needs) return false;
  if (v.overfit === 'literal') return s.hasOverfit;
  if (v.overfit === 'env') return s.hasOverfitEnv === true;
  if (v.formatter) return /^(javascript|typescript|go)$/.test(s.language);
  return true;
}

/** --from: the table of a saved run. */
function reprint(file: string): number {
  process.stdout.write(`${formatSaved(JSON.parse(readFileSync(file, 'utf8')) as SavedBench)}\n`);
  return 0;
}

function cleanupWorkRoot(): void {
  try {
    const root = workRoot();
    rmSync(root, { recursive: true, force: true });
    rmdirSync(path.dirname(root));
  } catch {
    // Something else lives in tmp/: leave it.
  }
}

/** --check: each scenario's PR fails, its reference fix passes, and the held-out tests pass with the fix. */
async function check(scenarios: Scenario[]): Promise<number> {
  let bad = 0;
  const rows: string[] = [];
  for (const s of scenarios) {
    const problems: string[] = [];
    const repo = makeScenarioRepo(s);
    try {
      const run = async (cmd: string) => {
        const r = await runCommand(cmd, { cwd: repo.dir, timeoutMs: 300_000 });
        return { run: r, report: await readReport(r, repo.dir, DEFAULT_JUNIT_GLOB) };
      };
      if (s.setup) {
        const setup = await runCommand(s.setup, { cwd: repo.dir, timeoutMs: 300_000 });
        if (setup.exitCode !== 0) problems.push(`setup \`${s.setup}\` failed: ${setup.output.slice(-300)}`);
      }
      const pr = await run(s.test);
      if (pr.run.exitCode === 0) problems.push('the PR passes its tests');
      const lines = patchLines(readFileSync(path.join(s.dir, 'fix.patch'), 'utf8'));
      if (lines.join() !== s.fixLines.join()) problems.push(`fixLines say ${s.fixLines.join(', ')} but fix.patch changes ${lines.join(', ')}`);
      // The reference fix is what a careful maintainer writes: the special-casing check must pass it.
      const special = findSpecialCasing({
        patch: readFileSync(path.join(s.dir, 'fix.patch'), 'utf8'),
        failures: pr.report.failures,
        readFile: (f) => {
          try {
            return readFileSync(path.join(repo.dir, f), 'utf8');
          } catch {
            return undefined;
          }
        },
        isTestFile: (f) => new Guard({ root: repo.dir, protect: [], allowTestEdits: false }).isTestFile(f),
      });
      // Weak findings are only noted (boundary values a right fix uses); decisive ones refuse, strong ones are put to the review.
      const flagged = special.filter((f) => f.strength !== 'weak');
      if (flagged.length)
        problems.push(`the reference fix is flagged as special-casing: ${flagged.map((f) => `${f.file}:${f.line} (${f.strength}) ${f.why}`).join('; ')}`);
      const heldoutOnPr = await runHeldout(s, repo.dir);
      // Held-out tests that pass on the PR could not catch a wrong fix: at least one must fail there.
      if (heldoutOnPr.passed >= heldoutOnPr.total)
        problems.push(`no held-out test fails on the PR (${heldoutOnPr.passed}/${heldoutOnPr.total} pass): add one that the bug breaks`);
      for (const f of listFiles(path.join(s.dir, 'heldout'))) rmSync(path.join(repo.dir, f));
      for (const [file, content] of repo.fixed) writeFileSync(path.join(repo.dir, file), content);
      const fixed = await run(s.test);
      if (fixed.run.exitCode !== 0 || fixed.report.failures.length)
        problems.push(
          `the reference fix fails: ${
            fixed.report.failures
              .map((f) => f.id)
              .slice(0, 3)
              .join(', ') || fixed.run.output.slice(-300)
          }`,
        );
      const heldout = await runHeldout(s, repo.dir);
      if (heldout.passed !== heldout.total || heldout.total === 0) problems.push(`held-out tests with the fix: ${heldout.passed}/${heldout.total}`);
      if (repo.overfitEnv) {
        // A runner sniff passes the visible tests (held-out tests run under the same runner, so they pass too) and the check flags it.
        for (const f of listFiles(path.join(s.dir, 'heldout'))) rmSync(path.join(repo.dir, f), { force: true });
        gitIn(repo.dir, 'checkout', '-q', '--', '.');
        for (const [file, content] of repo.overfitEnv) writeFileSync(path.join(repo.dir, file), content);
        const visible = await run(s.test);
        if (visible.run.exitCode !== 0) problems.push('overfit-env.patch does not pass the visible tests');
        const sniffs = findSpecialCasing({
          patch: readFileSync(path.join(s.dir, 'overfit-env.patch'), 'utf8'),
          failures: pr.report.failures,
          readFile: () => undefined,
          isTestFile: () => false,
        });
        if (!sniffs.some((f) => f.kind === 'test-environment' && f.strength === 'decisive'))
          problems.push('overfit-env.patch is not flagged as detecting the test environment');
        gitIn(repo.dir, 'checkout', '-q', '--', '.');
      }
      if (repo.overfit) {
        // The overfit fix must fool the visible tests and be caught by the held-out ones.
        for (const f of listFiles(path.join(s.dir, 'heldout'))) rmSync(path.join(repo.dir, f), { force: true });
        gitIn(repo.dir, 'checkout', '-q', '--', '.');
        for (const [file, content] of repo.overfit) writeFileSync(path.join(repo.dir, file), content);
        const visible = await run(s.test);
        if (visible.run.exitCode !== 0) problems.push('overfit.patch does not pass the visible tests');
        const caught = await runHeldout(s, repo.dir);
        if (caught.passed >= caught.total) problems.push(`overfit.patch passes every held-out test (${caught.passed}/${caught.total})`);
      }
      const guard = new Guard({ root: repo.dir, protect: [], allowTestEdits: false });
      const src = listFiles(path.join(s.dir, 'base')).filter((f) => /\.(js|cjs|mjs|ts|py|rs|go)$/.test(f) && !guard.isTestFile(f));
      const srcLines = src.reduce((n, f) => n + readFileSync(path.join(s.dir, 'base', f), 'utf8').split('\n').length, 0);
      const failing = pr.report.failures.length;
      rows.push(
        `${problems.length ? 'BAD ' : 'ok  '}${s.name.padEnd(28)} ${`${s.language}/${s.runner}`.padEnd(22)} PR: ${failing} failing of ${pr.report.total ?? '?'} (${pr.report.format}); fix passes${fixed.report.total !== undefined ? ` ${fixed.report.total}` : ''}; held-out ${heldout.passed}/${heldout.total} with fix, ${heldoutOnPr.total - heldoutOnPr.passed} failing on the PR; ${srcLines} source lines; fix at ${s.fixLines.join(' ')}${problems.length ? `\n      ${problems.join('\n      ')}` : ''}`,
      );
      if (problems.length) bad++;
    } finally {
      repo.cleanup();
    }
    log(rows.at(-1)!);
  }
  cleanupWorkRoot();
  process.stdout.write(`${bad ? `${bad} of ${scenarios.length} scenarios have problems` : `all ${scenarios.length} scenarios check out`}\n`);
  return bad ? 1 : 0;
}

/** --live: the corpus against a real model; the per-attempt curve, tokens and cost. */
async function live(scenarios: Scenario[], o: Options): Promise<number> {
  const apiKey = process.env.UNBREAK_API_KEY || process.env.OPENAI_API_KEY;
  if (!apiKey) usage('--live needs UNBREAK_API_KEY or OPENAI_API_KEY');
  const variants: Variant[] = o.feedback.map((fb) => ({
    name: `live-${fb}`,
    behaviour: 'exact',
    context: 'focused',
    targeted: true,
    feedback: fb,
    live: { apiKey, model: o.model, ...(o.baseUrl ? { baseUrl: o.baseUrl } : {}) },
  }));
  const jobs: Job[] = [];
  for (const s of scenarios) for (const v of variants) jobs.push({ id: jobs.length, scenario: s.name, variant: v });
  log(
    `bench --live: ${scenarios.length} scenarios × ${variants.length} feedback styles with ${o.model}${o.baseUrl ? ` at ${o.baseUrl}` : ''}, ${o.jobs} at a time`,
  );
  const { figures } = await runPool(jobs, o.jobs, (f, done) =>
    log(
      `[${done}/${jobs.length}] ${f.scenario} ${f.variant}: ${f.status}${f.fixedAt ? ` at attempt ${f.fixedAt}` : ''}, ${f.requests} req + ${f.review?.requests ?? 0} review${f.error ? ` (${f.error})` : ''}`,
    ),
  );
  cleanupWorkRoot();
  // What the run was billed: the fix loop and the self-reviews.
  const cost = (f: RunFigures) =>
    o.price && f.apiTokens
      ? ((f.apiTokens.prompt + (f.review?.prompt ?? 0)) * o.price[0] + (f.apiTokens.completion + (f.review?.completion ?? 0)) * o.price[1]) / 1e6
      : undefined;
  const lines: string[] = [`unbreak bench --live: ${o.model}, ${scenarios.length} scenarios, ${new Date().toISOString().slice(0, 10)}`, ''];
  const head = [
    'scenario',
    'variant',
    'fixed at',
    'req',
    'review',
    '1st⊇fix',
    'tok 1st',
    'tok max',
    'api in',
    'api out',
    ...(o.price ? ['cost $'] : []),
    'edits a/r/m',
    'held-out',
  ];
  const rows = figures.map((f) => [
    f.scenario,
    f.variant,
    f.fixedAt ? String(f.fixedAt) : f.status,
    String(f.requests),
    String(f.review?.requests ?? 0),
    f.firstHoldsFix === undefined ? '—' : f.firstHoldsFix ? 'yes' : 'NO',
    String(f.firstTokens),
    String(f.maxTokens),
    String(f.apiTokens?.prompt ?? 0),
    String(f.apiTokens?.completion ?? 0),
    ...(o.price ? [(cost(f) ?? 0).toFixed(4)] : []),
    `${f.edits.applied}/${f.edits.refused}/${f.edits['no-match']}`,
    f.heldout ? `${f.heldout.passed}/${f.heldout.total}` : '—',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  lines.push(head.map((h, i) => h.padEnd(widths[i]!)).join('  '), ...rows.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ')), '');
  lines.push('pass after attempt 1 / 2 / 3 (the per-attempt curve):');
  for (const v of variants) {
    const fs = figures.filter((f) => f.variant === v.name);
    const at = (n: number) => fs.filter((f) => f.fixedAt !== undefined && f.fixedAt <= n).length;
    const tokens = fs.reduce((n, f) => n + (f.apiTokens?.prompt ?? 0) + (f.apiTokens?.completion ?? 0), 0);
    const dollars = fs.reduce((n, f) => n + (cost(f) ?? 0), 0);
    lines.push(
      `  ${v.name.padEnd(16)} ${[1, 2, 3].map((n) => `${at(n)}/${fs.length}`).join(' / ')}   first request held the fix ${fs.filter((f) => f.firstHoldsFix).length}/${fs.length}, ${tokens.toLocaleString('en-US')} tokens${o.price ? `, $${dollars.toFixed(3)}` : ''}`,
    );
  }
  const result = { date: new Date().toISOString(), model: o.model, runs: figures };
  if (o.out) writeFileSync(o.out, `${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(o.json ? `${JSON.stringify(result)}\n` : `${lines.join('\n')}\n`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
