import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createOctokit } from '../../src/github/octokit.js';
import { MARKER } from '../../src/report/status-body.js';
import { StatusComment } from '../../src/report/status-comment.js';
import { startGitHub, type FakeGitHub } from '../../testkit/github-server.js';

// How the one Octokit spaces its writes: a run's few go at once, a long series at GitHub's pace.

let gh: FakeGitHub;
let saved: string | undefined;
beforeAll(async () => {
  gh = await startGitHub();
  saved = process.env.GITHUB_API_URL;
  process.env.GITHUB_API_URL = gh.url;
  gh.pulls.set(7, {
    number: 7,
    state: 'open',
    title: 'A change',
    body: null,
    head: { ref: 'feature', sha: 'a'.repeat(40), repo: { full_name: 'acme/shop', fork: false } },
    base: { ref: 'main', sha: 'b'.repeat(40), repo: { full_name: 'acme/shop', fork: false } },
  });
});
afterAll(async () => {
  if (saved === undefined) delete process.env.GITHUB_API_URL;
  else process.env.GITHUB_API_URL = saved;
  await gh.close();
});

describe('createOctokit', () => {
  it('sends a run-sized series of writes without waiting, and spaces a longer one a second apart', async () => {
    const octokit = createOctokit('ghs_test');
    for (let i = 0; i < 23; i++) await octokit.rest.issues.addLabels({ owner: 'acme', repo: 'shop', issue_number: 7, labels: [`l${i}`] });
    const at = gh.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/issues/7/labels')).map((c) => c.at);
    expect(at).toHaveLength(23);
    // The throttling plugin's default waits a second before each write: 19 s for the first 20.
    // Loose, so a loaded machine cannot fail it: it only tells "no waits" from "a second each".
    expect(at[19]! - at[0]!).toBeLessThan(10_000);
    // Past the first 20, GitHub's pace: the reserve refills one write a second, so the 21st write and
    // each after it go no sooner than a second apart from the start, counted from the first write (a
    // loaded machine that took that long over the burst has refilled the reserve and need not wait).
    for (const k of [20, 21, 22]) expect(at[k]! - at[0]!).toBeGreaterThanOrEqual((k - 20) * 1000 - 100);
  }, 60_000);
});

describe('the status comment', () => {
  it('keeps its last word: progress asked for around and after close() never lands after it, and one comment is made', async () => {
    const octokit = createOctokit('ghs_test');
    const status = new StatusComment(octokit, { owner: 'acme', repo: 'shop' }, 7, () => {});
    // As a run cut short: progress under way, the crash's last word, and the work still reporting.
    const writes = [status.set(`${MARKER}\nattempt 1`), status.close(`${MARKER}\nstopped`), status.set(`${MARKER}\nattempt 2`)];
    await Promise.all(writes);
    const mine = gh.comments.filter((c) => c.issue_number === 7 && c.body.includes(MARKER));
    expect(mine.map((c) => c.body)).toEqual([`${MARKER}\nstopped`]);
  });
});
