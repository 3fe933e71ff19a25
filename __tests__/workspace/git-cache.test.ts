import { afterEach, describe, expect, it } from '@jest/globals';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { git, guardRepoState } from '../../src/workspace/git.js';
import { gitIn, makeRepo } from '../../testkit/repo.js';
import { tempDir } from '../../testkit/tmp.js';

// git.ts reads the repository's config (to switch off the filters it names) before every git
// command that can run one. A config that changes between two commands (code of the pull request
// left running in the background) is caught by the next one. These are the ways it can change.

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
