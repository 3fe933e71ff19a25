import type { ProgressEvent } from '../engine/types.js';
import type { TestFailure } from '../failures/test-report.js';
import { firstDifferentLines, showValue } from '../failures/show.js';

export interface Patience {
  /** Seconds a test run may take. */
  testLimitS?: number;
  /** Seconds one model request may take, and how many times a failed one is retried. */
  modelLimitS?: number;
  modelRetries?: number;
  /** How often to say that a long wait goes on (default 20 s). */
  everyMs?: number;
}

/**
 * Turns engine events into lines a person can follow (the CLI writes them to stderr). While a
 * test run or a model request takes long, a line every 20 s says it is still going.
 */
export function consoleProgress(write: (line: string) => void, patience: Patience = {}): (event: ProgressEvent) => void {
  const every = patience.everyMs ?? 20_000;
  let timer: NodeJS.Timeout | undefined;
  const waitFor = (what: string, limit: string) => {
    const started = Date.now();
    timer = setInterval(() => write(`unbreak: still ${what} (${Math.round((Date.now() - started) / 1000)} s${limit})`), every);
    timer.unref();
  };
  return (event) => {
    clearInterval(timer);
    timer = undefined;
    switch (event.kind) {
      case 'phase':
        write(`unbreak: ${event.text}`);
        break;
      case 'running':
        write(`unbreak: running ${event.why}…`);
        waitFor(
          event.scope === 'targeted' ? 'running the failing tests' : 'running the tests',
          patience.testLimitS ? `; the limit is ${patience.testLimitS} s` : '',
        );
        break;
      case 'tests': {
        const { run, report } = event.result;
        const secs = (run.durationMs / 1000).toFixed(1);
        const scope = event.scope === 'targeted' ? 'failing tests rerun' : 'tests';
        const failed = report.failures.length;
        const total = report.total !== undefined ? ` of ${report.total}` : '';
        const state = run.timedOut ? 'timed out' : failed ? `${failed} failing${total}` : `passing${report.total !== undefined ? ` (${report.total})` : ''}`;
        write(`unbreak: ${scope}: ${state} [${report.format}, exit ${run.exitCode ?? run.signal ?? '-'}, ${secs}s]`);
        for (const f of report.failures.slice(0, 8)) write(`  ✗ ${f.id}${why(f)}`);
        if (failed > 8) write(`  … and ${failed - 8} more`);
        if (run.droppedBytes) write(`  (output was ${run.outputBytes} bytes; kept the first and last parts)`);
        break;
      }
      case 'attempt':
        write(`unbreak: attempt ${event.n}/${event.of}: asking the model to fix ${event.failing} failing test${event.failing === 1 ? '' : 's'}`);
        waitFor('waiting for the model', modelLimit(patience));
        break;
      case 'tool':
        write(`  · ${event.text}`);
        waitFor('waiting for the model', modelLimit(patience));
        break;
      case 'model':
        write(`  model: ${firstLine(event.text, 300)}`);
        break;
      case 'note':
        write(`unbreak: ${event.text}`);
        break;
    }
  };
}

function modelLimit(p: Patience): string {
  if (!p.modelLimitS) return '';
  return `; each request may take ${p.modelLimitS} s${p.modelRetries ? ` and is retried ${p.modelRetries} times` : ''}`;
}

function why(f: TestFailure): string {
  if (f.expected !== undefined && f.actual !== undefined) {
    const d = firstDifferentLines(f.expected, f.actual);
    return `: expected ${showValue(firstLine(d.expected, 60))}, got ${showValue(firstLine(d.actual, 60))}`;
  }
  return f.message ? `: ${firstLine(f.message)}` : '';
}

function firstLine(text: string, max = 160): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > max ? `${line.slice(0, max)}…` : line;
}
