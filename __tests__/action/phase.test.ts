import { beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FakeGitHub } from '../../testkit/github-server.js';
import { call, type Script } from '../../testkit/model-server.js';
import { pushToBranch } from '../../testkit/pr-repo.js';
import { gitIn } from '../../testkit/repo.js';
import { runAction } from '../../testkit/action.js';
import { tempDir } from '../../testkit/tmp.js';
import { cleanupsAfterAll, cleanupsAfterEach, prWorld, type PrWorld } from '../../testkit/world.js';

/**
 * The two-job setup (.github/workflows/unbreak.yml): phase fix runs the tests and the loop and
 * hands the verified fix on in a file; phase deliver, in a checkout of its own, runs no test,
 * checks the handoff again and delivers it.
 */

const GOOD = "function slugify(text) {\n  return text.toLowerCase().trim().replace(/\\s+/g, '-');\n}\n\nmodule.exports = { slugify };\n";
const BAD = GOOD.replace("'-'", "'_'");
const TEST = `const test = require('node:test');
const assert = require('node:assert');
const { slugify } = require('../src/slug');

test('lowercases', () => assert.strictEqual(slugify('ABC'), 'abc'));
test('joins words with dashes', () => assert.strictEqual(slugify('Hello World'), 'hello-world'));
`;
const BASE = { 'package.json': '{"name":"shop","private":true}\n', '.gitignore': 'node_modules/\n', 'src/slug.js': GOOD, 'test/slug.test.js': TEST };
const CHANGE = { 'src/slug.js': BAD, 'README.md': 'shop\n' };
const FIX = call('edit_file', { path: 'src/slug.js', old_text: "replace(/\\s+/g, '_')", new_text: "replace(/\\s+/g, '-')" });
const FIXING: Script = [{ toolCalls: [FIX] }, { content: 'The separator was an underscore; the tests want dashes.' }];

const cleanups = cleanupsAfterEach();

interface World extends PrWorld {
  /** Outside every repository: the test command appends a line here each time it runs. */
  marker: string;
  handoff: string;
  dir: string;
}

async function world(c = cleanups): Promise<World> {
  const w = await prWorld(c, { repo: { base: BASE, change: CHANGE }, script: FIXING, permissions: { maintainer: 'maintain' } });
  const t = tempDir('unbreak-phase-');
  c.add(t.cleanup);
  return { ...w, marker: path.join(t.dir, 'test-runs.log'), handoff: path.join(t.dir, 'handoff'), dir: t.dir };
}

const labeled = (gh: FakeGitHub) => ({
  eventName: 'pull_request',
  payload: {
    action: 'labeled',
    label: { name: 'unbreak' },
    number: 7,
    pull_request: structuredClone(gh.pulls.get(7)),
    sender: { login: 'maintainer', type: 'User' },
  },
});

/** What actions/checkout leaves in the deliver job: a checkout of its own, shallow at the merge commit. */
function freshCheckout(w: World, name: string): string {
  const work = path.join(w.dir, name);
  mkdirSync(work);
  gitIn(work, 'init', '-q');
  gitIn(work, 'remote', 'add', 'origin', `file://${w.pr.origin}`);
  gitIn(work, 'fetch', '-q', '--no-tags', '--depth=1', 'origin', `+${w.pr.mergeSha}:refs/remotes/pull/7/merge`);
  gitIn(work, 'checkout', '-q', '--detach', 'refs/remotes/pull/7/merge');
  return work;
}

function run(w: World, phase: string, event: { eventName: string; payload: unknown }, work = w.pr.work) {
  return runAction({
    work,
    githubUrl: w.gh.url,
    ...event,
    inputs: { 'test-command': `echo ran >> '${w.marker}' && node --test`, 'base-url': w.model.url, phase, 'handoff-dir': w.handoff },
  });
}

const testRuns = (w: World) => (existsSync(w.marker) ? readFileSync(w.marker, 'utf8').split('\n').filter(Boolean).length : 0);
const tip = (w: World) => gitIn(w.pr.origin, 'rev-parse', 'refs/heads/feature');
const statusComments = (gh: FakeGitHub) => gh.comments.filter((c) => c.body.includes('<!-- unbreak -->'));
const handoffFile = (w: World) => path.join(w.handoff, 'handoff.json');

/** Runs phase fix; returns the event it ran for (phase deliver gets the same one, as in one workflow run). */
async function fixPhase(w: World) {
  const event = labeled(w.gh);
  const r = await run(w, 'fix', event);
  expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'none', 'changed-files': 'src/slug.js' });
  expect(r.outputs['commit-sha'] ?? '').toBe('');
  expect(r.summary).toContain('handed to the deliver job');
  // Nothing delivered, nothing written to GitHub: the job's token may be read-only.
  expect(tip(w)).toBe(w.pr.headSha);
  expect(w.gh.comments).toEqual([]);
  expect(w.gh.reviews).toEqual([]);
  expect(w.gh.labels.get(7)).toEqual(['unbreak']);
  expect(existsSync(handoffFile(w))).toBe(true);
  return event;
}

describe('phase fix, then phase deliver (the two-job setup)', () => {
  // One fix job, shared: each deliver test gets a fresh copy of the same PR (the same commits: testkit/template.ts),
  // a GitHub that has seen nothing, and this handoff, as the deliver job of that workflow run would.
  const shared = cleanupsAfterAll();
  let handoff = '';
  let runsInFix = 0;
  let requestsInFix = 0;
  beforeAll(async () => {
    const w = await world(shared);
    await fixPhase(w);
    handoff = readFileSync(handoffFile(w), 'utf8');
    runsInFix = testRuns(w);
    requestsInFix = w.model.requests.length;
  });
  /** The deliver job's world: the PR as the fix job saw it, the handoff the fix job wrote. */
  async function afterFix(): Promise<World> {
    const w = await world();
    expect(w.pr.headSha).toBe(JSON.parse(handoff).headSha);
    mkdirSync(w.handoff, { recursive: true });
    writeFileSync(handoffFile(w), handoff);
    return w;
  }

  it('the fix job pushes nothing; the deliver job runs no test and pushes the verified fix on the tested head', async () => {
    expect(runsInFix).toBeGreaterThanOrEqual(2);
    expect(requestsInFix).toBeGreaterThan(0);
    const w = await afterFix();

    const r = await run(w, 'deliver', labeled(w.gh), freshCheckout(w, 'deliver'));
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'commit', 'changed-files': 'src/slug.js' });
    expect(testRuns(w)).toBe(0);
    expect(w.model.requests).toHaveLength(0);
    const now = tip(w);
    expect(r.outputs['commit-sha']).toBe(now);
    expect(gitIn(w.pr.origin, 'rev-parse', `${now}^`)).toBe(w.pr.headSha);
    expect(gitIn(w.pr.origin, 'show', '--name-only', '--format=', now)).toBe('src/slug.js');
    expect(gitIn(w.pr.origin, 'show', `${now}:src/slug.js`)).toBe(GOOD.trimEnd());
    expect(gitIn(w.pr.origin, 'show', '-s', '--format=%B', now)).toContain(`Unbreak-Fix-For: ${w.pr.headSha}`);
    expect(statusComments(w.gh)).toHaveLength(1);
    expect(statusComments(w.gh)[0]!.body).toMatch(/unbreak fixed 1 failing test.*pushed/);
    expect(w.gh.labels.get(7)).toEqual([]);
  });

  it.each([
    ['a protected file', '.github/workflows/x.yml', /protected path/],
    ['a test file', 'test/slug.test.js', /is a test file/],
    ['a path out of the repository', '../outside.js', /not a plain path/],
  ])('a handoff tampered to change %s is refused by the deliver job: nothing is pushed', async (_what, target, why) => {
    const w = await afterFix();
    const h = JSON.parse(readFileSync(handoffFile(w), 'utf8')) as { pins: { path: string }[] };
    h.pins[0]!.path = target;
    writeFileSync(handoffFile(w), JSON.stringify(h));

    const r = await run(w, 'deliver', labeled(w.gh), freshCheckout(w, 'deliver'));
    expect(r.outputs).toMatchObject({ delivery: 'none' });
    expect(r.outputs['commit-sha'] ?? '').toBe('');
    expect(tip(w)).toBe(w.pr.headSha);
    expect(w.gh.reviews).toEqual([]);
    expect(statusComments(w.gh)).toHaveLength(1);
    const body = statusComments(w.gh)[0]!.body;
    expect(body).toContain('Nothing was delivered: the handoff was refused');
    expect(body).toMatch(why);
    // Only the status comment: no patch comment either.
    expect(w.gh.comments).toHaveLength(1);
  });

  it('a branch that moved after the fix job tested it: the deliver job pushes nothing and says the branch moved', async () => {
    const w = await afterFix();
    const event = labeled(w.gh);
    const pushed = pushToBranch(w.pr, { 'README.md': 'shop, moved on\n' });
    w.gh.pulls.get(7)!.head.sha = pushed;

    const r = await run(w, 'deliver', event, freshCheckout(w, 'deliver'));
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'none' });
    expect(tip(w)).toBe(pushed);
    expect(gitIn(w.pr.origin, 'rev-list', '--count', 'refs/heads/feature')).toBe(gitIn(w.pr.src, 'rev-list', '--count', 'HEAD'));
    const body = statusComments(w.gh)[0]!.body;
    expect(body).toContain(`the branch moved: the fix job tested ${w.pr.headSha.slice(0, 7)}, the branch is now at ${pushed.slice(0, 7)}`);
    expect(w.gh.comments).toHaveLength(1);
  });
});

describe('phase fix and phase deliver on their own', () => {
  it('phase fix removes a handoff left from earlier, and a run it skips writes nothing to GitHub', async () => {
    const w = await world();
    mkdirSync(w.handoff, { recursive: true });
    writeFileSync(handoffFile(w), '{"planted":true}');
    const event = labeled(w.gh);
    (event.payload as { label: { name: string } }).label.name = 'wip';
    const r = await run(w, 'fix', event);
    expect(r.outputs).toMatchObject({ status: 'skipped', delivery: 'none' });
    expect(existsSync(handoffFile(w))).toBe(false);
    expect(w.gh.comments).toEqual([]);
    expect(testRuns(w)).toBe(0);
  });

  it('a phase it does not know fails the step naming the input, before any work', async () => {
    const w = await world();
    const r = await run(w, 'sideways', labeled(w.gh));
    expect(r.code).not.toBe(0);
    expect(r.stdout + r.stderr).toContain(`input 'phase' must be one of all, fix, deliver (got "sideways")`);
    expect(testRuns(w)).toBe(0);
    expect(tip(w)).toBe(w.pr.headSha);
  });

  it('phase deliver without a handoff is an error that says so, and pushes nothing', async () => {
    const w = await world();
    const r = await run(w, 'deliver', labeled(w.gh), freshCheckout(w, 'deliver'));
    expect(r.outputs).toMatchObject({ status: 'error', delivery: 'none' });
    expect(r.stdout + r.stderr).toContain('no handoff.json in');
    expect(tip(w)).toBe(w.pr.headSha);
    expect(testRuns(w)).toBe(0);
    expect(w.model.requests).toHaveLength(0);
  });
});
