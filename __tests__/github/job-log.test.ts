import { afterEach, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readJobLog } from '../../src/event/reproduce-ci/plan.js';
import { createOctokit } from '../../src/github/octokit.js';
import { startGitHub, type FakeGitHub } from '../../testkit/github-server.js';

// A job's log, behind GitHub's 302 to its log storage on another origin: the token never goes
// there, and the log is read as a stream, only its tail kept.

const TOKEN = 'ghs_joblogtoken0123456789abcdefghij';
let closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  delete process.env.GITHUB_API_URL;
  for (const c of closers.reverse()) await c();
  closers = [];
});

/** Log storage on another port (another origin): records each request's headers and serves `body`. */
async function storage(body: (res: import('node:http').ServerResponse) => void): Promise<{ url: string; seen: IncomingHttpHeaders[] }> {
  const seen: IncomingHttpHeaders[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    body(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

async function github(logsAt: string): Promise<FakeGitHub> {
  const gh = await startGitHub();
  closers.push(() => gh.close());
  gh.jobs.push({ id: 5, run_id: 9, name: 'test', conclusion: 'failure', steps: [] });
  gh.logsAt = logsAt;
  process.env.GITHUB_API_URL = gh.url;
  return gh;
}

describe('readJobLog', () => {
  it('follows the 302 to another origin without the token', async () => {
    const store = await storage((res) => res.end('2026-01-01T00:00:00.0000000Z ##[group]Run npm test\n2026-01-01T00:00:01.0000000Z not ok 1 - adds\n'));
    const gh = await github(store.url);
    const log = await readJobLog(createOctokit(TOKEN), { owner: gh.owner, repo: gh.repo }, 5);
    expect(log).toBe('##[group]Run npm test\nnot ok 1 - adds\n');
    // The API got the token; the storage got the request, and nothing that carries it.
    expect(gh.calls.find((c) => c.path.includes('/actions/jobs/5/logs'))!.auth).toContain(TOKEN);
    expect(store.seen).toHaveLength(1);
    expect(store.seen[0]!.authorization).toBeUndefined();
    expect(JSON.stringify(store.seen[0])).not.toContain(TOKEN);
  });

  it('reads a huge log as a stream: memory stays far below its size, and its tail is what is kept', async () => {
    const LINE = `2026-01-01T00:00:00.0000000Z ${'x'.repeat(90)}\n`;
    const TOTAL = 256 * 1024 * 1024;
    const store = await storage((res) => {
      let sent = 0;
      // One buffer written again and again: the server itself makes no garbage to count.
      const chunk = Buffer.from(LINE.repeat(Math.floor((64 * 1024) / LINE.length)));
      const pump = () => {
        while (sent < TOTAL) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end('2026-01-01T00:00:00.0000000Z not ok 1 - the last line\n');
      };
      pump();
    });
    const gh = await github(store.url);
    const before = process.memoryUsage();
    let peak = 0;
    const sample = setInterval(() => {
      const now = process.memoryUsage();
      peak = Math.max(peak, now.heapUsed - before.heapUsed + (now.arrayBuffers - before.arrayBuffers));
    }, 5);
    const log = await readJobLog(createOctokit(TOKEN), { owner: gh.owner, repo: gh.repo }, 5);
    clearInterval(sample);
    // Half the log's size: the collector may run late, but a log read whole costs more than all of it.
    expect(peak).toBeLessThan(TOTAL / 2);
    expect(log).toBeDefined();
    expect(log!.endsWith('not ok 1 - the last line\n')).toBe(true);
    expect(log!.length).toBeLessThanOrEqual(2_000_000);
    expect(log!.length).toBeGreaterThan(1_000_000);
    // Every kept line is whole, its timestamp off.
    expect(log!.split('\n')[0]).toBe('x'.repeat(90));
  }, 120_000);
});
