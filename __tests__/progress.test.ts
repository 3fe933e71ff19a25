import { describe, expect, it } from '@jest/globals';
import { consoleProgress } from '../src/progress.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('consoleProgress', () => {
  it('announces a test run before it starts, and says it goes on while it is long', async () => {
    const lines: string[] = [];
    const progress = consoleProgress((l) => lines.push(l), { testLimitS: 600, everyMs: 40 });
    progress({ kind: 'running', scope: 'full', why: 'the whole suite, for the verdict' });
    expect(lines).toEqual(['unbreak: running the whole suite, for the verdict…']);
    await sleep(110);
    progress({ kind: 'note', text: 'done' });
    const still = lines.filter((l) => l.startsWith('unbreak: still running the tests'));
    expect(still.length).toBeGreaterThanOrEqual(2);
    expect(still[0]).toMatch(/^unbreak: still running the tests \(0 s; the limit is 600 s\)$/);
    const count = lines.length;
    await sleep(100);
    expect(lines.length).toBe(count);
  });

  it('gives the model limit and retries while a request takes long', async () => {
    const lines: string[] = [];
    const progress = consoleProgress((l) => lines.push(l), { modelLimitS: 120, modelRetries: 3, everyMs: 40 });
    progress({ kind: 'attempt', n: 1, of: 3, failing: 2 });
    await sleep(70);
    progress({ kind: 'model', text: 'done' });
    expect(lines).toContain('unbreak: still waiting for the model (0 s; each request may take 120 s and is retried 3 times)');
  });
});
