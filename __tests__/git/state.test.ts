import { afterEach, describe, expect, it } from '@jest/globals';
import { chmodSync, existsSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { git } from '../../src/git/git.js';
import { guardRepoState, workTreeRoot } from '../../src/git/work-tree.js';
import { restoreGitState } from '../../src/git/state.js';
import { gitIn, makeRepo } from '../../testkit/repo.js';
import { tempDir } from '../../testkit/tmp.js';

// The git chokepoint with a repository whose .git was written by hostile test code.

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

function setup() {
  const repo = makeRepo({ 'a.txt': 'a\n' }, { 'a.txt': 'b\n' });
  cleanups.push(repo.cleanup);
  const t = tempDir('unbreak-spy-');
  cleanups.push(t.cleanup);
  const log = path.join(t.dir, 'ran.log');
  const spy = path.join(t.dir, 'spy.sh');
  writeFileSync(spy, `#!/bin/sh\necho "$0 $*" >> '${log}'\ncat\n`);
  chmodSync(spy, 0o755);
  return { dir: repo.dir, spy, log, extra: path.join(t.dir, 'extra.cfg') };
}

describe('the git chokepoint and the guarded git state', () => {
  it('runs nothing the repository config names, and puts config, info/ and replace refs back', async () => {
    const { dir, spy, log } = setup();
    const release = await guardRepoState(dir);
    cleanups.push(release);
    const config = readFileSync(path.join(dir, '.git/config'));
    // What test code does between two of unbreak's git commands.
    gitIn(dir, 'config', 'core.fsmonitor', spy);
    gitIn(dir, 'config', 'filter.evil.clean', spy);
    gitIn(dir, 'config', 'filter.evil.smudge', spy);
    writeFileSync(path.join(dir, '.git/info/attributes'), '* filter=evil\n');
    const head = gitIn(dir, 'rev-parse', 'HEAD');
    const other = gitIn(dir, 'rev-parse', 'main');
    gitIn(dir, 'replace', head, other);
    writeFileSync(path.join(dir, 'a.txt'), 'c\n');
    // Files are read through no filter, HEAD means the real head, and the status sees the change.
    expect(await git(['status', '--porcelain'], dir)).toBe(' M a.txt');
    expect(await git(['rev-parse', 'HEAD^{tree}'], dir)).toBe(gitIn(dir, '-c', 'core.useReplaceRefs=false', 'rev-parse', 'HEAD^{tree}'));
    await git(['checkout', '--quiet', '--', 'a.txt'], dir);
    expect(readFileSync(path.join(dir, 'a.txt'), 'utf8')).toBe('b\n');
    expect(existsSync(log)).toBe(false);
    // Put back before that command ran.
    expect(readFileSync(path.join(dir, '.git/config')).equals(config)).toBe(true);
    expect(existsSync(path.join(dir, '.git/info/attributes'))).toBe(false);
    expect(gitIn(dir, 'for-each-ref', 'refs/replace')).toBe('');
    // And by the explicit restore after a test run too.
    gitIn(dir, 'config', 'core.sshCommand', spy);
    expect(restoreGitState()).toContain('config');
    expect(readFileSync(path.join(dir, '.git/config')).equals(config)).toBe(true);
  }, 120_000);

  it('keeps putting the config back when the tests delete HEAD for a while, or the whole git dir, and write it again', async () => {
    const { dir, spy } = setup();
    const release = await guardRepoState(dir);
    cleanups.push(release);
    const config = path.join(dir, '.git', 'config');
    const original = readFileSync(config, 'utf8');
    const head = readFileSync(path.join(dir, '.git', 'HEAD'));
    const planted = `${original}[core]\n\tfsmonitor = ${spy}\n`;
    // HEAD gone: git no longer sees a repository here, but what was planted must not stay.
    rmSync(path.join(dir, '.git', 'HEAD'));
    writeFileSync(config, planted);
    restoreGitState();
    writeFileSync(path.join(dir, '.git', 'HEAD'), head);
    writeFileSync(config, planted);
    restoreGitState();
    expect(readFileSync(config, 'utf8')).toBe(original);
    // The whole git dir gone and written again (the config planted in it): put back too.
    const saved = path.join(path.dirname(dir), `${path.basename(dir)}-git`);
    renameSync(path.join(dir, '.git'), saved);
    cleanups.push(() => rmSync(saved, { recursive: true, force: true }));
    restoreGitState();
    expect(existsSync(path.join(dir, '.git'))).toBe(false);
    renameSync(saved, path.join(dir, '.git'));
    writeFileSync(config, planted);
    restoreGitState();
    expect(readFileSync(config, 'utf8')).toBe(original);
  });

  it('never pushes, and reaches no network once the state is guarded', async () => {
    const { dir } = setup();
    const t = tempDir('unbreak-origin-');
    cleanups.push(t.cleanup);
    gitIn(t.dir, 'init', '-q', '--bare', 'o.git');
    gitIn(dir, 'remote', 'add', 'origin', `file://${path.join(t.dir, 'o.git')}`);
    await expect(git(['push', 'origin', 'HEAD:refs/heads/x'], dir)).rejects.toThrow(/never run/);
    // Before the guard, a fetch may reach origin; without `network` no transport is allowed at all.
    await expect(git(['fetch', '--quiet', 'origin'], dir)).rejects.toThrow(/fetch failed/);
    await git(['fetch', '--quiet', 'origin'], dir, { network: true });
    await expect(git(['-c', 'http.https://github.com/.extraheader=AUTHORIZATION: basic eA==', 'rev-parse', 'HEAD'], dir)).rejects.toThrow(/credential/);
    cleanups.push(await guardRepoState(dir));
    await expect(git(['fetch', '--quiet', 'origin'], dir, { network: true })).rejects.toThrow(/network/);
  }, 120_000);
});

// git.ts reads the repository's config (to switch off the filters it names) before every git
// command that can run one. A config that changes between two commands (code of the pull request
// left running in the background) is caught by the next one. These are the ways it can change.

/** A filter driver named in `file`, and every file routed through it. */
function plantFilter(dir: string, file: string, spy: string): void {
  writeFileSync(file, `[filter "evil"]\n\tclean = ${spy}\n\tsmudge = ${spy}\n`);
  writeFileSync(path.join(dir, '.gitattributes'), '* filter=evil\n');
  writeFileSync(path.join(dir, 'a.txt'), 'c\n');
}

describe('the config git.ts reads before each command', () => {
  it('is read again when a file the config includes changes, however long after', async () => {
    const { dir, spy, log, extra } = setup();
    writeFileSync(extra, '');
    gitIn(dir, 'config', 'include.path', extra);
    // Older than the one second within which a file's times are not trusted.
    await sleep(1500);
    cleanups.push(await guardRepoState(dir));
    expect(await git(['status', '--porcelain'], dir)).toBe('');
    plantFilter(dir, extra, spy);
    await git(['status', '--porcelain'], dir);
    await git(['diff', '--no-ext-diff', '--no-textconv'], dir);
    expect(existsSync(log)).toBe(false);
  }, 60_000);

  it('lists the filters of a conditional include on the branch checked out', async () => {
    const { dir, spy, log, extra } = setup();
    plantFilter(dir, extra, spy);
    gitIn(dir, 'checkout', '-q', '--', 'a.txt');
    gitIn(dir, 'config', 'includeIf.onbranch:evil.path', extra);
    await sleep(1500);
    expect(await git(['status', '--porcelain'], dir)).toBe('?? .gitattributes');
    gitIn(dir, 'checkout', '-q', '-b', 'evil');
    writeFileSync(path.join(dir, 'a.txt'), 'c\n');
    await git(['status', '--porcelain'], dir);
    expect(existsSync(log)).toBe(false);
  }, 60_000);

  it('lists the filters of a config.worktree that appears after the first command', async () => {
    const { dir, spy, log } = setup();
    gitIn(dir, 'config', 'extensions.worktreeConfig', 'true');
    // Older than a second: a cache trusting the config files' times would have trusted this one.
    await sleep(1500);
    cleanups.push(await guardRepoState(dir));
    expect(await git(['status', '--porcelain'], dir)).toBe('');
    plantFilter(dir, path.join(dir, '.git', 'config.worktree'), spy);
    await git(['status', '--porcelain'], dir);
    await git(['diff', '--no-ext-diff', '--no-textconv'], dir);
    expect(existsSync(log)).toBe(false);
  }, 60_000);
});

describe('the start-up question', () => {
  it('asked from a subdirectory, finds the top and the git directories the guard then puts back', async () => {
    const { dir, spy, log } = setup();
    const sub = path.join(dir, 'sub', 'deeper');
    mkdirSync(sub, { recursive: true });
    // git answers the common directory relative to where it was asked (../../.git): the guard must take the real one.
    const root = await workTreeRoot(sub);
    expect(root).toBe(realpathSync(dir));
    cleanups.push(await guardRepoState(root!));
    const config = readFileSync(path.join(dir, '.git/config'));
    gitIn(dir, 'config', 'core.fsmonitor', spy);
    writeFileSync(path.join(dir, 'a.txt'), 'c\n');
    expect(await git(['status', '--porcelain'], root!)).toBe(' M a.txt');
    expect(readFileSync(path.join(dir, '.git/config')).equals(config)).toBe(true);
    expect(existsSync(log)).toBe(false);
    expect(await workTreeRoot(path.join(dir, '.git'))).toBeUndefined();
  }, 60_000);

  it('in a linked worktree, the guard takes the common directory (where the config is) as well as its own', async () => {
    const { dir, spy, log } = setup();
    const t = tempDir('unbreak-linked-');
    cleanups.push(t.cleanup);
    const linked = path.join(t.dir, 'wt');
    gitIn(dir, 'worktree', 'add', '-q', linked, 'main');
    mkdirSync(path.join(linked, 'sub'));
    const root = await workTreeRoot(path.join(linked, 'sub'));
    expect(root).toBe(realpathSync(linked));
    cleanups.push(await guardRepoState(root!));
    const config = readFileSync(path.join(dir, '.git/config'));
    gitIn(linked, 'config', 'core.fsmonitor', spy);
    writeFileSync(path.join(linked, 'a.txt'), 'c\n');
    expect(await git(['status', '--porcelain'], root!)).toBe(' M a.txt');
    expect(readFileSync(path.join(dir, '.git/config')).equals(config)).toBe(true);
    expect(existsSync(log)).toBe(false);
  }, 60_000);
});
