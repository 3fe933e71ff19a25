// A benchmark worker process: runs the variants it is sent, one at a time, and sends back figures.
// Each worker is its own process, so one run's timing never waits on another run's work.
import { performance } from 'node:perf_hooks';
import { countTokens } from '../src/context/tokens.js';
import { runVariant, type RunFigures, type Variant } from './run-one.js';
import { loadScenarios } from './scenario.js';

export interface Job {
  id: number;
  scenario: string;
  variant: Variant;
}

export interface Warm {
  /** The tokenizer's first load. */
  tokenizerMs: number;
  /** unbreak's own time in the first run of a fresh process (modules loading, JIT warming up). */
  coldOwnMs: number;
}

export type WorkerMessage = ({ ready: true } & Warm) | { id: number; figures: RunFigures };

const scenarios = new Map(loadScenarios().map((s) => [s.name, s]));

export async function runJob(job: Job): Promise<RunFigures> {
  const s = scenarios.get(job.scenario);
  if (!s) throw new Error(`no scenario ${job.scenario}`);
  try {
    return await runVariant(s, job.variant);
  } catch (error) {
    return failed(job, error);
  }
}

export function failed(job: Job, error: unknown): RunFigures {
  const message = error instanceof Error ? error.message : String(error);
  return {
    scenario: job.scenario,
    variant: job.variant.name,
    status: 'bench-error',
    message,
    error: message,
    fixed: false,
    attempts: 0,
    requests: 0,
    review: { requests: 0, prompt: 0, completion: 0, flagged: 0 },
    specialCased: 0,
    formattedAt: [],
    firstTokens: 0,
    maxTokens: 0,
    totalTokens: 0,
    testRuns: 0,
    testMs: 0,
    firstRunMs: 0,
    verifyMs: 0,
    wallMs: 0,
    modelMs: 0,
    ownMs: 0,
    edits: { applied: 0, refused: 0, 'no-match': 0, invalid: 0 },
    checks: [],
    notes: [],
  };
}

/**
 * What a fresh process pays once, as the CLI does on every run: the tokenizer's first load and a
 * first run on a small scenario. Measured and reported apart, so each run's own time is the
 * steady cost of the loop, not of the process starting.
 */
export async function warmUp(): Promise<Warm> {
  const t = performance.now();
  countTokens('warm up the tokenizer');
  const tokenizerMs = performance.now() - t;
  const small = [...scenarios.values()].find((s) => s.smoke) ?? [...scenarios.values()][0];
  let coldOwnMs = 0;
  if (small)
    coldOwnMs = (await runJob({ id: -1, scenario: small.name, variant: { name: 'warm-up', behaviour: 'exact', context: 'focused', targeted: true } })).ownMs;
  return { tokenizerMs, coldOwnMs };
}

if (process.send && process.env.UNBREAK_BENCH_WORKER === '1') {
  const send = (m: WorkerMessage) => process.send!(m);
  process.on('message', (job: Job) => {
    void runJob(job).then((figures) => send({ id: job.id, figures }));
  });
  void warmUp().then((warm) => send({ ready: true, ...warm }));
  process.on('disconnect', () => process.exit(0));
}
