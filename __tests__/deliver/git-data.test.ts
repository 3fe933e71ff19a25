import { afterEach, describe, expect, it } from '@jest/globals';
import { chmodSync } from 'node:fs';
import path from 'node:path';
import { branchTip, createBranch, createCommit, fastForward } from '../../src/deliver/git-data.js';
import { createOctokit } from '../../src/github/octokit.js';
import { pinFiles, readNow } from '../../src/workspace/pin.js';
import { startGitHub, type FakeGitHub } from '../../testkit/github-server.js';
import { gitIn, makeRepo, writeFiles } from '../../testkit/repo.js';
import { tempDir } from '../../testkit/tmp.js';

// The Git Data helpers against the GitHub test double, whose routes write to a real bare origin.

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

const BOT = { name: 'github-actions[bot]', email: '41898282+github-actions[bot]@users.noreply.github.com' };

async function setup() {
  const repo = makeRepo({ 'src/a.js': 'a\n', 'src/b.js': 'b\n', 'bin/run': '#!/bin/sh\n' }, { 'src/a.js': 'a2\n' });
  cleanups.push(repo.cleanup);
  const t = tempDir('unbreak-origin-');
  cleanups.push(t.cleanup);
  const origin = path.join(t.dir, 'origin.git');
  gitIn(t.dir, 'init', '-q', '--bare', origin);
  gitIn(repo.dir, 'push', '-q', origin, 'main', 'feature');
  const gh: FakeGitHub = await startGitHub();
  cleanups.push(() => gh.close());
  gh.origin = origin;
  const before = process.env.GITHUB_API_URL;
  process.env.GITHUB_API_URL = gh.url;
  cleanups.push(() => (before === undefined ? delete process.env.GITHUB_API_URL : (process.env.GITHUB_API_URL = before)));
  const octokit = createOctokit('ghs_test');
  const head = gitIn(repo.dir, 'rev-parse', 'HEAD');
  return { dir: repo.dir, origin, gh, octokit, head, headTree: gitIn(repo.dir, 'rev-parse', 'HEAD^{tree}'), ref: { owner: 'acme', repo: 'shop' } };
}

describe('Git Data API delivery', () => {
  it('makes a commit of exactly the pinned files (changed, created, deleted) and fast-forwards one branch', async () => {
    const s = await setup();
    writeFiles(s.dir, { 'src/a.js': 'fixed\n', 'src/new dir/[c].js': 'c\n', 'bin/run': '#!/bin/sh\necho fixed\n' });
    gitIn(s.dir, 'rm', '-q', '--cached', 'src/b.js');
    const pins = await pinFiles(s.dir, readNow(s.dir, ['src/a.js', 'src/new dir/[c].js', 'src/b.js', 'bin/run']));
    // src/b.js is still on disk: pin it as deleted, as a fix that removes it would.
    pins.find((p) => p.path === 'src/b.js')!.blob = null;
    const made = await createCommit(s.octokit, s.ref, { root: s.dir, baseTree: s.headTree, parent: s.head, pins, message: 'fix\n', author: BOT });
    expect(gitIn(s.origin, 'rev-parse', `${made.sha}^{tree}`)).toBe(made.tree);
    expect(gitIn(s.origin, 'diff-tree', '-r', '--name-status', '--no-commit-id', s.head, made.sha).split('\n').sort()).toEqual([
      'A\tsrc/new dir/[c].js',
      'D\tsrc/b.js',
      'M\tbin/run',
      'M\tsrc/a.js',
    ]);
    expect(gitIn(s.origin, 'show', `${made.sha}:src/a.js`)).toBe('fixed');
    expect(gitIn(s.origin, 'ls-tree', made.sha, 'bin/run').split(' ')[0]).toBe('100644');
    expect(gitIn(s.origin, 'show', '-s', '--format=%an <%ae>|%P', made.sha)).toBe(`${BOT.name} <${BOT.email}>|${s.head}`);
    // Nothing points at it until the branch is moved.
    expect(await branchTip(s.octokit, s.ref, 'feature')).toBe(s.head);
    expect(await fastForward(s.octokit, s.ref, 'feature', made.sha)).toEqual({ ok: true });
    expect(gitIn(s.origin, 'rev-parse', 'refs/heads/feature')).toBe(made.sha);
    expect(s.gh.refUpdates).toEqual([{ ref: 'refs/heads/feature', from: s.head, to: made.sha }]);
    expect(s.gh.calls.filter((c) => c.path.includes('/git/')).every((c) => c.auth === 'token ghs_test')).toBe(true);
  });

  it("keeps each file's mode from the head, whatever the work tree's mode; a new file is 100644", async () => {
    const s = await setup();
    // At the head: bin/run executable, src/a.js not.
    gitIn(s.dir, 'update-index', '--chmod=+x', 'bin/run');
    gitIn(s.dir, 'commit', '-q', '-m', 'executable');
    const head = gitIn(s.dir, 'rev-parse', 'HEAD');
    gitIn(s.dir, 'push', '-q', s.origin, 'HEAD:refs/heads/feature');
    writeFiles(s.dir, { 'src/a.js': 'fixed\n', 'bin/run': '#!/bin/sh\necho fixed\n', 'src/new.js': 'new\n' });
    // Test code flips the bits the other way round.
    chmodSync(path.join(s.dir, 'src/a.js'), 0o755);
    chmodSync(path.join(s.dir, 'bin/run'), 0o644);
    chmodSync(path.join(s.dir, 'src/new.js'), 0o755);
    const pins = await pinFiles(s.dir, readNow(s.dir, ['src/a.js', 'bin/run', 'src/new.js']));
    const made = await createCommit(s.octokit, s.ref, {
      root: s.dir,
      baseTree: gitIn(s.dir, 'rev-parse', 'HEAD^{tree}'),
      parent: head,
      pins,
      message: 'fix\n',
      author: BOT,
    });
    const mode = (f: string) => gitIn(s.origin, 'ls-tree', made.sha, f).split(' ')[0];
    expect([mode('src/a.js'), mode('bin/run'), mode('src/new.js')]).toEqual(['100644', '100755', '100644']);
    expect(gitIn(s.origin, 'diff-tree', '-r', '--summary', '--no-commit-id', head, made.sha)).not.toMatch(/mode change/);
  });

  it('refuses a branch that moved (not a fast forward) and leaves it alone', async () => {
    const s = await setup();
    writeFiles(s.dir, { 'src/a.js': 'fixed\n' });
    const pins = await pinFiles(s.dir, readNow(s.dir, ['src/a.js']));
    const made = await createCommit(s.octokit, s.ref, { root: s.dir, baseTree: s.headTree, parent: s.head, pins, message: 'fix\n', author: BOT });
    // Someone pushes to the branch meanwhile.
    gitIn(s.dir, 'commit', '-q', '--allow-empty', '-m', 'someone else');
    const moved = gitIn(s.dir, 'rev-parse', 'HEAD');
    gitIn(s.dir, 'push', '-q', s.origin, `${moved}:refs/heads/feature`);
    expect(await fastForward(s.octokit, s.ref, 'feature', made.sha)).toEqual({ ok: false, reason: 'moved' });
    expect(gitIn(s.origin, 'rev-parse', 'refs/heads/feature')).toBe(moved);
    expect(await fastForward(s.octokit, s.ref, 'gone', made.sha)).toEqual({ ok: false, reason: 'gone' });
    expect(await branchTip(s.octokit, s.ref, 'gone')).toBeUndefined();
  });

  it('creates a new branch, and refuses to touch one that exists', async () => {
    const s = await setup();
    expect(await createBranch(s.octokit, s.ref, 'unbreak/fix-1234567', s.head)).toEqual({ ok: true });
    expect(gitIn(s.origin, 'rev-parse', 'refs/heads/unbreak/fix-1234567')).toBe(s.head);
    const main = gitIn(s.origin, 'rev-parse', 'refs/heads/main');
    expect(await createBranch(s.octokit, s.ref, 'unbreak/fix-1234567', main)).toEqual({ ok: false, reason: 'exists' });
    expect(gitIn(s.origin, 'rev-parse', 'refs/heads/unbreak/fix-1234567')).toBe(s.head);
  });

  it('makes no commit when GitHub would build a different tree than the one computed here', async () => {
    const s = await setup();
    writeFiles(s.dir, { 'src/a.js': 'fixed\n' });
    const pins = await pinFiles(s.dir, readNow(s.dir, ['src/a.js']));
    // As if the base tree on GitHub held something else than the tree recorded here.
    s.gh.faults.push({
      method: 'POST',
      path: /\/git\/trees$/,
      status: 201,
      times: 1,
      body: { sha: '0123456789abcdef0123456789abcdef01234567', tree: [], truncated: false },
    });
    await expect(createCommit(s.octokit, s.ref, { root: s.dir, baseTree: s.headTree, parent: s.head, pins, message: 'fix\n', author: BOT })).rejects.toThrow(
      /not the expected/,
    );
    expect(s.gh.calls.some((c) => c.path.endsWith('/git/commits'))).toBe(false);
  });
});
