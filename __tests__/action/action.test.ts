import { beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FakeGitHub } from '../../testkit/github-server.js';
import { call, CREDULOUS, type Script, type ServerOptions } from '../../testkit/model-server.js';
import { pushToBranch, type PrRepoOptions } from '../../testkit/pr-repo.js';
import { gitIn, writeFiles } from '../../testkit/repo.js';
import { MODEL_KEY, runAction, TOKEN, type ActionRun } from '../../testkit/action.js';
import { cleanupsAfterAll, cleanupsAfterEach, prWorld, type PrWorld } from '../../testkit/world.js';

const GOOD = "function slugify(text) {\n  return text.toLowerCase().trim().replace(/\\s+/g, '-');\n}\n\nmodule.exports = { slugify };\n";
const BAD = GOOD.replace("'-'", "'_'");
const TEST = `const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { slugify } = require('../src/slug');

// Tests leave output behind, as real ones do; it must never be committed.
fs.writeFileSync(path.join(__dirname, '..', 'test-output.log'), 'ran\\n');

test('lowercases', () => assert.strictEqual(slugify('ABC'), 'abc'));
test('joins words with dashes', () => assert.strictEqual(slugify('Hello World'), 'hello-world'));
`;
const BASE = { 'package.json': '{"name":"shop","private":true}\n', '.gitignore': 'node_modules/\n', 'src/slug.js': GOOD, 'test/slug.test.js': TEST };
const CHANGE = { 'src/slug.js': BAD, 'README.md': 'shop\n' };
const FIX = call('edit_file', { path: 'src/slug.js', old_text: "replace(/\\s+/g, '_')", new_text: "replace(/\\s+/g, '-')" });
const FIXING: Script = [{ toolCalls: [FIX] }, { content: 'The separator was an underscore; the tests want dashes.' }];

const cleanups = cleanupsAfterEach();

function world(
  script: Script,
  repo: Partial<PrRepoOptions> = {},
  shown: { fork?: boolean; labels?: string[]; body?: string } = {},
  model: ServerOptions = {},
  c = cleanups,
): Promise<PrWorld> {
  return prWorld(c, { repo: { base: BASE, change: CHANGE, ...repo }, script, model, shown, permissions: { maintainer: 'maintain', reader: 'read' } });
}

const labeled = (gh: FakeGitHub, n: number, label = 'unbreak', event = 'pull_request') => ({
  eventName: event,
  payload: { action: 'labeled', label: { name: label }, number: n, pull_request: gh.pulls.get(n), sender: { login: 'maintainer', type: 'User' } },
});
const commented = (n: number, body: string, login = 'maintainer') => ({
  eventName: 'issue_comment',
  payload: {
    action: 'created',
    issue: { number: n, state: 'open', pull_request: { url: `https://api.github.example/repos/acme/shop/pulls/${n}` } },
    comment: { id: 555, body, user: { login, type: 'User' } },
    sender: { login, type: 'User' },
  },
});

function run(w: PrWorld, event: { eventName: string; payload: unknown }, inputs: Record<string, string> = {}) {
  return runAction({ work: w.pr.work, githubUrl: w.gh.url, ...event, inputs: { 'test-command': 'node --test', 'base-url': w.model.url, ...inputs } });
}

const statusComments = (gh: FakeGitHub) => gh.comments.filter((c) => c.body.includes('<!-- unbreak -->'));

// One labeled run on a same-repo PR, shared by the tests of what it did, then runs on the branch it left
// (each of those tests also passes alone, with -t).
describe('the action on a same-repo PR, one labeled run and the runs after it', () => {
  const shared = cleanupsAfterAll();
  let w: PrWorld;
  let r: ActionRun;
  beforeAll(async () => {
    w = await world(FIXING, {}, {}, {}, shared);
    // A 5xx on the comments API, retried; the price input, shown in the status comment and the summary.
    w.gh.faults.push({ method: 'GET', path: /\/issues\/7\/comments$/, status: 502, times: 1 });
    r = await run(w, labeled(w.gh, 7), { price: '2,8' });
  });

  it('label on a same-repo PR: one fast-forward commit with only the edited file, status comment, label removed', () => {
    expect(r.stderr).toBe('');
    expect(r.outputs).toMatchObject({ status: 'fixed', attempts: '1', delivery: 'commit', 'changed-files': 'src/slug.js' });
    const tip = gitIn(w.pr.origin, 'rev-parse', 'refs/heads/feature');
    expect(r.outputs['commit-sha']).toBe(tip);
    expect(gitIn(w.pr.origin, 'rev-parse', `${tip}^`)).toBe(w.pr.headSha);
    expect(gitIn(w.pr.origin, 'show', '--name-only', '--format=', tip)).toBe('src/slug.js');
    expect(gitIn(w.pr.origin, 'show', '-s', '--format=%an <%ae>', tip)).toBe('github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>');
    const message = gitIn(w.pr.origin, 'show', '-s', '--format=%B', tip);
    expect(message).toMatch(/^unbreak: fix 1 failing test\n/);
    expect(message).toContain('- joins words with dashes');
    expect(message).toContain(`Unbreak-Fix-For: ${w.pr.headSha}`);
    expect(gitIn(w.pr.origin, 'show', `${tip}:src/slug.js`)).toBe(GOOD.trimEnd());
    // The 502 on the comments API was answered and retried: still one status comment.
    expect(w.gh.faults[0]!.times).toBe(0);
    expect(statusComments(w.gh)).toHaveLength(1);
    expect(statusComments(w.gh)[0]!.body).toMatch(/unbreak fixed 1 failing test.*pushed/);
    expect(w.gh.labels.get(7)).toEqual([]);
    expect(r.summary).toContain('src/slug.js');
    // Markdown that GitHub renders: the verdict is a paragraph of its own, in people's words.
    expect(r.summary).toMatch(/^## unbreak on #7\n\n✅ \*\*unbreak fixed 1 failing test\*\* in 1 attempt: pushed [0-9a-f]{7} to `feature`\n\n/);
    expect(r.summary).toContain('| Delivery | a commit pushed to the branch (');
    const comment = statusComments(w.gh)[0]!.body;
    expect(comment).toContain('[The workflow run](https://github.example/acme/shop/actions/runs/42)');
    expect(comment).toMatch(/checks do not rerun on a push made with the job's token/);
    // Where the fix lies relative to the PR's lines: here, in the line the PR changed.
    expect(comment).toContain('Where the fix is: in the lines this PR changes (`src/slug.js`).');
    expect(r.summary).toContain('Where the fix is: in the lines this PR changes (`src/slug.js`).');
    // The self-review (on by default): one request after the green run, counted apart.
    expect(w.model.reviews).toHaveLength(1);
    expect(comment).toContain('model requests: 4 (2 to fix, 1 self-review, 1 for further cases)');
    // The model never saw the token.
    expect(w.model.rawBodies.join('')).not.toContain(TOKEN);
    expect(w.model.auth[0]).toBe(`Bearer ${MODEL_KEY}`);
  });

  it('input price: the status comment and the job summary show the cost, from the usage the server reported', () => {
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'commit' });
    // Two requests to fix, one self-review, one for further cases: the total holds all four, the attempt's row the two.
    expect(w.model.usage.map((u) => (u.review ? 'review' : u.cases ? 'cases' : 'fix'))).toEqual(['fix', 'fix', 'review', 'cases']);
    const sum = (us: typeof w.model.usage) => ({ prompt: us.reduce((n, u) => n + u.prompt, 0), completion: us.reduce((n, u) => n + u.completion, 0) });
    const all = sum(w.model.usage);
    const fix = sum(w.model.usage.filter((u) => !u.review && !u.cases));
    const review = sum(w.model.usage.filter((u) => u.review));
    const cases = sum(w.model.usage.filter((u) => u.cases));
    const dollars = (t: { prompt: number; completion: number }) => {
      const usd = (t.prompt * 2 + t.completion * 8) / 1e6;
      return usd < 0.01 ? `$${usd.toPrecision(2)}` : `$${usd.toFixed(3)}`;
    };
    const tokens = `${fix.prompt.toLocaleString('en-US')}\u00a0+\u00a0${fix.completion.toLocaleString('en-US')}`;
    const body = statusComments(w.gh)[0]!.body;
    expect(body).toContain(
      `tokens: ${all.prompt.toLocaleString('en-US')} prompt + ${all.completion.toLocaleString('en-US')} completion tokens` +
        `, ${(review.prompt + review.completion).toLocaleString('en-US')} of them the self-review's, ${(cases.prompt + cases.completion).toLocaleString('en-US')} for the further cases (as the model server reported them)`,
    );
    expect(body).toContain(`cost: ${dollars(all)} at $2 / $8 per million input / output tokens`);
    // The one attempt's row: the tokens and the cost of its own two requests.
    expect(body).toMatch(
      new RegExp(`\\| 1 \\| 1 \\| \`src/slug.js\` \\| 2 \\| ${tokens.replace(/[+$.]/g, '\\$&')} \\| ${dollars(fix).replace(/[$.]/g, '\\$&')} \\| ✅ fixed \\|`),
    );
    expect(r.summary).toContain(`| Cost | ${dollars(all)} at $2 / $8 per million input / output tokens |`);
    expect(r.summary).toContain(`| ${tokens} | ${dollars(fix)} | ✅ fixed |`);
  });

  it('a test-run artifact is never committed', () => {
    expect(existsSync(path.join(w.pr.work, 'test-output.log'))).toBe(true);
    const tip = gitIn(w.pr.origin, 'rev-parse', 'refs/heads/feature');
    expect(gitIn(w.pr.origin, 'ls-tree', '-r', '--name-only', tip)).not.toContain('test-output.log');
  });

  it('a second run keeps one status comment, and does not loop on its own fix', async () => {
    w.gh.pulls.get(7)!.head.sha = gitIn(w.pr.origin, 'rev-parse', 'refs/heads/feature');
    w.gh.labels.set(7, ['unbreak']);
    const r = await run(w, labeled(w.gh, 7));
    expect(r.outputs).toMatchObject({ status: 'no-failures', delivery: 'none' });
    expect(statusComments(w.gh)).toHaveLength(1);
    expect(statusComments(w.gh)[0]!.body).toMatch(/No failing tests/);
    expect(w.model.requests).toHaveLength(2);
  });

  it("skips, without a model call, when the head is unbreak's own fix and the tests still fail", async () => {
    // A commit that carries unbreak's trailer, yet the tests fail on it.
    gitIn(w.pr.src, 'fetch', '-q', w.pr.origin, 'refs/heads/feature');
    gitIn(w.pr.src, 'checkout', '-q', '-B', 'feature', 'FETCH_HEAD');
    writeFiles(w.pr.src, { 'src/slug.js': BAD });
    gitIn(w.pr.src, 'commit', '-q', '-am', `unbreak: fix 1 failing test\n\nUnbreak-Fix-For: ${w.pr.headSha}`);
    gitIn(w.pr.src, 'push', '-q', w.pr.origin, 'feature:refs/heads/feature');
    w.gh.pulls.get(7)!.head.sha = gitIn(w.pr.origin, 'rev-parse', 'refs/heads/feature');
    const requestsBefore = w.model.requests.length;
    const r = await run(w, labeled(w.gh, 7));
    expect(r.outputs).toMatchObject({ status: 'skipped', delivery: 'none' });
    expect(w.model.requests.length).toBe(requestsBefore);
    expect(statusComments(w.gh)[0]!.body).toMatch(/unbreak's own fix/);
  });

  it('a deleted PR (404) is skipped', async () => {
    const gone = await run(w, {
      eventName: 'pull_request',
      payload: {
        action: 'labeled',
        label: { name: 'unbreak' },
        pull_request: { ...w.gh.pulls.get(7)!, number: 99 },
        sender: { login: 'maintainer', type: 'User' },
      },
    });
    expect(gone.outputs).toMatchObject({ status: 'skipped' });
    expect(gone.stdout).toMatch(/#99 was not found/);
  });
});

describe('the action, run as the runner runs dist/index.js', () => {
  it('a fix the self-review cannot confirm (a tool call, twice) is suggested, never pushed, and the status comment says why', async () => {
    const w = await world(FIXING, {}, {}, { review: { toolCalls: [call('read_file', { path: 'src/slug.js' })] } });
    const r = await run(w, labeled(w.gh, 7));
    expect(r.outputs).toMatchObject({ status: 'fixed', attempts: '1', delivery: 'suggestion' });
    expect(r.outputs['commit-sha'] ?? '').toBe('');
    expect(w.model.reviews).toHaveLength(2);
    expect(gitIn(w.pr.origin, 'rev-parse', 'refs/heads/feature')).toBe(w.pr.headSha);
    expect(w.gh.reviews).toHaveLength(1);
    const comment = statusComments(w.gh)[0]!.body;
    expect(comment).toContain(
      '**Not confirmed**: the self-review could not confirm it (asked twice, no verdict: it answered with a tool call instead of a verdict), so the fix is not pushed',
    );
  });

  it("a table of the failing test's input and answer is refused while the self-review vouches for it: nothing pushed, nothing suggested", async () => {
    const table = call('edit_file', {
      path: 'src/slug.js',
      old_text: 'function slugify(text) {\n',
      new_text: "const KNOWN = {\n  'Hello World': 'hello-world',\n};\n\nfunction slugify(text) {\n  if (text in KNOWN) return KNOWN[text];\n",
    });
    const credulous = { review: CREDULOUS };
    const w = await world([{ toolCalls: [table] }, { content: 'Added the mapping.' }], {}, {}, credulous);
    const r = await run(w, labeled(w.gh, 7), { 'max-attempts': '1' });
    expect(r.outputs).toMatchObject({ status: 'not-fixed', attempts: '1' });
    expect(r.outputs['commit-sha'] ?? '').toBe('');
    // Refused on the evidence: the reviewer that would accept it is never asked.
    expect(w.model.reviews).toHaveLength(0);
    expect(gitIn(w.pr.origin, 'rev-parse', 'refs/heads/feature')).toBe(w.pr.headSha);
    expect(w.gh.reviews).toHaveLength(0);
    expect(statusComments(w.gh)[0]!.body).toContain("answers the failing tests' inputs from a table");
  });

  it('input review: false makes no self-review request', async () => {
    const w = await world(FIXING);
    const r = await run(w, labeled(w.gh, 7), { review: 'false' });
    expect(r.outputs).toMatchObject({ status: 'fixed', attempts: '1' });
    expect(w.model.requests).toHaveLength(2);
    expect(w.model.reviews).toHaveLength(0);
    expect(statusComments(w.gh)[0]!.body).toContain('model requests: 2 ·');
  });

  it('pushes nothing and comments the patch when the branch moved during the run', async () => {
    let moved = '';
    const w = await world((_req, i) => {
      if (i === 0) moved = pushToBranch(w.pr, { 'NOTES.md': 'someone else\n' });
      return i === 0 ? { toolCalls: [FIX] } : { content: 'done' };
    });
    const r = await run(w, labeled(w.gh, 7));
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'comment', 'commit-sha': '' });
    expect(gitIn(w.pr.origin, 'rev-parse', 'refs/heads/feature')).toBe(moved);
    const patch = w.gh.comments.find((c) => c.body.includes('```diff') && !c.body.includes('<!-- unbreak -->'))!;
    expect(patch.body).toMatch(/The branch `feature` moved \(unbreak tested [0-9a-f]{7}, the branch is now at [0-9a-f]{7}\), so nothing was pushed/);
    expect(patch.body).toContain("+  return text.toLowerCase().trim().replace(/\\s+/g, '-');");
    expect(statusComments(w.gh)).toHaveLength(1);
  });

  it('a fork PR commanded by a maintainer gets a review with a suggestion, and an eyes reaction', async () => {
    const w = await world(FIXING, { fork: true, checkout: 'main' }, { fork: true });
    const refused = await run(w, commented(7, '/unbreak'));
    expect(refused.outputs).toMatchObject({ status: 'skipped' });
    expect(refused.stdout).toMatch(/needs allow-forks: true/);
    expect(w.model.requests).toHaveLength(0);
    const r = await run(w, commented(7, '  /UNBREAK keep the change small'), { 'allow-forks': 'true' });
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'suggestion' });
    expect(w.gh.reactions).toEqual([{ comment_id: 555, content: 'eyes' }]);
    expect(statusComments(w.gh)).toHaveLength(1);
    expect(w.gh.reviews).toHaveLength(1);
    const review = w.gh.reviews[0]!;
    expect(review.commit_id).toBe(w.pr.headSha);
    expect(review.comments).toEqual([
      { path: 'src/slug.js', line: 2, side: 'RIGHT', body: "```suggestion\n  return text.toLowerCase().trim().replace(/\\s+/g, '-');\n```" },
    ]);
    const user = w.model.requests[0]!.messages.find((m) => m.role === 'user')!.content!;
    expect(user).toContain('keep the change small');
    expect(gitIn(w.pr.origin, 'for-each-ref', '--format=%(refname)')).not.toContain('refs/heads/feature');
  });

  it('a commenter without write permission gets a reply and no model request', async () => {
    const w = await world(FIXING);
    const r = await run(w, commented(7, '/unbreak', 'reader'));
    expect(r.outputs).toMatchObject({ status: 'skipped', delivery: 'none' });
    expect(w.model.requests).toHaveLength(0);
    expect(w.gh.comments).toHaveLength(1);
    expect(w.gh.comments[0]!.body).toMatch(/^@reader unbreak runs only when someone with write access/);
  });

  it('ignores a comment that is not a command, and another label, without a word', async () => {
    const w = await world(FIXING);
    const a = await run(w, commented(7, 'please /unbreak this'));
    const b = await run(w, labeled(w.gh, 7, 'bug'));
    for (const r of [a, b]) expect(r.outputs).toMatchObject({ status: 'skipped', delivery: 'none' });
    expect(w.gh.comments).toHaveLength(0);
    expect(w.model.requests).toHaveLength(0);
    expect(a.stdout).not.toMatch(/::notice/);
    // Silent on the PR, yet the run's summary still says why nothing happened.
    expect(b.summary).toMatch(/unbreak skipped this run\*\*: the label "bug" is not the trigger label "unbreak"/);
  });

  it('refuses a fork PR under pull_request_target without allow-forks', async () => {
    const w = await world(FIXING, { fork: true }, { fork: true });
    const r = await run(w, labeled(w.gh, 7, 'unbreak', 'pull_request_target'));
    expect(r.outputs).toMatchObject({ status: 'skipped' });
    expect(r.stdout).toMatch(/needs allow-forks: true/);
    expect(w.model.requests).toHaveLength(0);
    // The PR gets a comment, and the run's own page says the same, with what to change.
    expect(statusComments(w.gh)[0]!.body).toMatch(/needs allow-forks: true/);
    expect(r.summary).toMatch(/^## unbreak on #7\n\n⏭️ \*\*unbreak skipped this run\*\*: .*needs allow-forks: true\n/);
    expect(r.summary).toContain('Nothing ran: no tests, no model request, no change to the branch.');
  });

  it('under pull_request from a fork (read-only token) delivers to the job summary', async () => {
    const w = await world(FIXING, { fork: true }, { fork: true });
    const r = await run(w, labeled(w.gh, 7));
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'summary' });
    expect(r.summary).toContain("+  return text.toLowerCase().trim().replace(/\\s+/g, '-');");
    expect(w.gh.reviews).toHaveLength(0);
  });

  it('mode comment posts the patch in a comment', async () => {
    const w = await world(FIXING);
    const r = await run(w, labeled(w.gh, 7), { mode: 'comment' });
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'comment' });
    expect(w.gh.comments.some((c) => c.body.includes('```diff') && !c.body.includes('<!-- unbreak -->'))).toBe(true);
    expect(gitIn(w.pr.origin, 'rev-parse', 'refs/heads/feature')).toBe(w.pr.headSha);
  });

  it('workflow_run after a failed CI run finds the PR and pushes the fix', async () => {
    const w = await world(FIXING, { checkout: 'main' });
    const r = await run(w, {
      eventName: 'workflow_run',
      payload: {
        action: 'completed',
        workflow_run: {
          id: 1,
          conclusion: 'failure',
          event: 'pull_request',
          head_sha: w.pr.headSha,
          head_branch: 'feature',
          head_repository: { full_name: 'acme/shop', owner: { login: 'acme' } },
          actor: { login: 'maintainer', type: 'User' },
          pull_requests: [],
        },
      },
    });
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'commit' });
    expect(gitIn(w.pr.origin, 'rev-parse', 'refs/heads/feature^')).toBe(w.pr.headSha);
  });

  it('an event it does not handle is skipped with a notice', async () => {
    const w = await world(FIXING);
    const r = await run(w, { eventName: 'push', payload: { ref: 'refs/heads/main' } });
    expect(r.code).toBe(0);
    expect(r.outputs).toMatchObject({ status: 'skipped' });
    expect(r.stdout).toMatch(/::notice::unbreak skipped: unbreak handles pull_request/);
  });

  it('a malformed event fails the step with a clear line', async () => {
    const w = await world(FIXING);
    const r = await run(w, { eventName: 'pull_request', payload: { action: 'labeled', pull_request: { number: 'seven' } } });
    expect(r.code).toBe(1);
    expect(r.outputs).toMatchObject({ status: 'error' });
    expect(r.stdout).toMatch(/::error::the pull_request event payload is malformed at pull_request\.number/);
  });

  it('falls back to a comment with the patch when GitHub refuses the review (422)', async () => {
    const w = await world(FIXING, { fork: true, checkout: 'main' }, { fork: true });
    w.gh.faults.push({ method: 'POST', path: /\/pulls\/7\/reviews$/, status: 422 });
    const r = await run(w, commented(7, '/unbreak'), { 'allow-forks': 'true' });
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'comment' });
    expect(w.gh.comments.some((c) => c.body.includes('did not accept the suggestions') && c.body.includes('```diff'))).toBe(true);
  });

  it('a refused push leaves the branch alone, says which permission to give, and comments the patch', async () => {
    const w = await world(FIXING);
    // What GitHub answers a token with contents: read, at the first write of the Git Data API.
    w.gh.faults.push({ method: 'POST', path: /\/git\/blobs$/, status: 403, body: { message: 'Resource not accessible by integration' } });
    const r = await run(w, labeled(w.gh, 7));
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'comment', 'commit-sha': '' });
    expect(gitIn(w.pr.origin, 'rev-parse', 'refs/heads/feature')).toBe(w.pr.headSha);
    expect(w.gh.comments.some((c) => c.body.includes('permissions: contents: write'))).toBe(true);
  });

  it('a model server that fails leaves the branch as it was, fails the step and says so on the PR', async () => {
    const w = await world([{ status: 401, body: { error: { message: 'Bad credentials' } } }]);
    const r = await run(w, labeled(w.gh, 7));
    expect(r.code).toBe(1);
    expect(r.outputs).toMatchObject({ status: 'error', delivery: 'none' });
    expect(r.stdout).toMatch(/::error::the model server at .* answered 401/);
    expect(r.summary).toMatch(/⚠️ \*\*unbreak stopped with an error\*\*: the model server at .* answered 401/);
    expect(r.summary).toContain('**Next step**: fix the cause above');
    expect(gitIn(w.pr.origin, 'rev-parse', 'refs/heads/feature')).toBe(w.pr.headSha);
    expect(statusComments(w.gh)[0]!.body).toMatch(/stopped with an error/);
    expect(gitIn(w.pr.work, 'status', '--porcelain', '--untracked-files=no')).toBe('');
  });

  it.each([
    [{ 'github-token': '' }, /::error::input 'github-token' is empty/],
    [{ mode: 'yolo' }, /::error::input 'mode' must be one of auto, commit, suggest, comment \(got "yolo"\)/],
    [{ 'max-attempts': 'lots' }, /::error::input 'max-attempts' must be a whole number from 1 to 10 \(got "lots"\)/],
    [{ 'allow-forks': 'maybe' }, /::error::input 'allow-forks' must be true or false/],
  ])('a bad input %j fails the step naming the input, before any work', async (inputs, message) => {
    const w = await world(FIXING);
    const r = await run(w, labeled(w.gh, 7), inputs);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(message);
    expect(r.outputs).toMatchObject({ status: 'error' });
    expect(r.summary).toMatch(/unbreak stopped with an error\*\*: input '/);
    expect(w.model.requests).toHaveLength(0);
    expect(w.gh.calls).toHaveLength(0);
  });
});
