import { describe, expect, it } from '@jest/globals';
import { consoleProgress } from '../../src/report/progress.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits until `done` holds (a busy machine delays timers: no fixed sleep decides how many ticks there were). */
async function until(done: () => boolean, ms = 10_000): Promise<void> {
  for (const end = Date.now() + ms; !done() && Date.now() < end;) await sleep(10);
}

describe('consoleProgress', () => {
  it('announces a test run before it starts, and says it goes on while it is long', async () => {
    const lines: string[] = [];
    const progress = consoleProgress((l) => lines.push(l), { testLimitS: 600, everyMs: 40 });
    progress({ kind: 'running', scope: 'full', why: 'the whole suite, for the verdict' });
    expect(lines).toEqual(['unbreak: running the whole suite, for the verdict…']);
    const still = () => lines.filter((l) => l.startsWith('unbreak: still running the tests'));
    await until(() => still().length >= 2);
    progress({ kind: 'note', text: 'done' });
    expect(still().length).toBeGreaterThanOrEqual(2);
    expect(still()[0]).toMatch(/^unbreak: still running the tests \(\d+ s; the limit is 600 s\)$/);
    // Once the run is over, it stops saying so.
    const count = lines.length;
    await sleep(100);
    expect(lines.length).toBe(count);
  });

  it('gives the model limit and retries while a request takes long', async () => {
    const lines: string[] = [];
    const progress = consoleProgress((l) => lines.push(l), { modelLimitS: 120, modelRetries: 3, everyMs: 40 });
    progress({ kind: 'attempt', n: 1, of: 3, failing: 2 });
    const waiting = (l: string) => /^unbreak: still waiting for the model \(\d+ s; each request may take 120 s and is retried 3 times\)$/.test(l);
    await until(() => lines.some(waiting));
    progress({ kind: 'model', text: 'done' });
    expect(lines.some(waiting)).toBe(true);
  });
});
