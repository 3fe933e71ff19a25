import type { ProgressEvent } from './engine/types.js';
import type { TestFailure } from './testing/report.js';
import { showValue } from './testing/show.js';

/** Turns engine events into lines a person can follow (the CLI writes them to stderr). */
export function consoleProgress(write: (line: string) => void): (event: ProgressEvent) => void {
  return (event) => {
    switch (event.kind) {
      case 'phase':
        write(`unbreak: ${event.text}`);
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
        break;
      case 'tool':
        write(`  · ${event.text}`);
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

function why(f: TestFailure): string {
  if (f.expected !== undefined && f.actual !== undefined) return `: expected ${showValue(firstLine(f.expected, 60))}, got ${showValue(firstLine(f.actual, 60))}`;
  return f.message ? `: ${firstLine(f.message)}` : '';
}

function firstLine(text: string, max = 160): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > max ? `${line.slice(0, max)}…` : line;
}
