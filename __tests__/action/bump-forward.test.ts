import { afterEach, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startGitHub } from '../../testkit/github-server.js';
import { call, startModelServer } from '../../testkit/model-server.js';
import { makePrRepo, registerPr } from '../../testkit/pr-repo.js';
import { runAction } from '../../testkit/action.js';

/**
 * A Dependabot-style PR: lru-cache ^6 → ^10 in package.json and a real package-lock.json (npm
 * made both), installed with `npm ci`; the tests fail with `LRU is not a constructor`. Run through
 * dist/index.js as the runner runs it, the fix goes forward: the first request names the bump and
 * holds the new version's declaration, a revert of the bump and a lockfile edit are refused, and the
 * fix that lands changes only the code.
 */

const SCENARIO = path.resolve('bench/scenarios/deps-lru-cache');

/** The scenario's base files and the PR's (its pr.patch applied), read from a scratch copy. */
function bumpFiles(): { base: Record<string, string>; change: Record<string, string> } {
  const dir = mkdtempSync(path.join(tmpdir(), 'unbreak-bump-'));
  try {
    const list = (root: string, rel = ''): string[] =>
      readdirSync(path.join(root, rel)).flatMap((n) => (statSync(path.join(root, rel, n)).isDirectory() ? list(root, path.join(rel, n)) : [path.join(rel, n)]));
    const base = Object.fromEntries(list(path.join(SCENARIO, 'base')).map((f) => [f, readFileSync(path.join(SCENARIO, 'base', f), 'utf8')]));
    execFileSync('cp', ['-r', `${path.join(SCENARIO, 'base')}/.`, dir]);
    execFileSync('git', ['apply', path.join(SCENARIO, 'pr.patch')], { cwd: dir });
    const change = Object.fromEntries(['package.json', 'package-lock.json'].map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]));
    return { base, change };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

// Its setup runs `npm ci` for the project: under an empty HOME (.ci/run) npm has no cache and fetches
// lru-cache from the registry, through the machine's certificates and proxies that baseEnv passes on.
describe('a dependency bump PR through the action', () => {
  it('is fixed forward: the bump and the new declarations in the first request, the revert refused, only the code changed', async () => {
    const { base, change } = bumpFiles();
    const pr = makePrRepo({ base, change });
    cleanups.push(pr.cleanup);
    const gh = await startGitHub();
    cleanups.push(() => gh.close());
    const memo = base['src/memo.js']!;
    const model = await startModelServer([
      // The shortcut first: put the old version back, and touch the lockfile.
      {
        toolCalls: [
          call('edit_file', { path: 'package.json', old_text: '"lru-cache": "^10.4.3"', new_text: '"lru-cache": "^6.0.0"' }),
          call('edit_file', { path: 'package-lock.json', old_text: '"version": "10.4.3"', new_text: '"version": "6.0.0"' }),
          call('read_file', { path: 'node_modules/lru-cache/README.md', end_line: 5 }),
          call('read_file', { path: 'node_modules/lru-cache/dist/commonjs/index.js', end_line: 5 }),
          call('edit_file', { path: 'node_modules/lru-cache/README.md', old_text: '# lru-cache', new_text: '# x' }),
        ],
      },
      {
        toolCalls: [
          call('edit_file', { path: 'src/memo.js', old_text: "const LRU = require('lru-cache');", new_text: "const { LRUCache } = require('lru-cache');" }),
          call('edit_file', { path: 'src/memo.js', old_text: 'new LRU({ max, maxAge: ttlMs })', new_text: 'new LRUCache({ max, ttl: ttlMs })' }),
          call('edit_file', { path: 'src/memo.js', old_text: 'cache.length', new_text: 'cache.size' }),
          call('edit_file', { path: 'src/memo.js', old_text: 'cache.reset()', new_text: 'cache.clear()' }),
        ],
      },
      { content: 'lru-cache 10 exports the class LRUCache by name and calls maxAge ttl.' },
    ]);
    cleanups.push(() => model.close());
    registerPr(gh, pr, { labels: ['unbreak'] });
    expect(memo).toContain('new LRU({ max, maxAge: ttlMs })');

    const r = await runAction({
      work: pr.work,
      githubUrl: gh.url,
      eventName: 'pull_request',
      payload: { action: 'labeled', label: { name: 'unbreak' }, number: 7, pull_request: gh.pulls.get(7), sender: { login: 'maintainer', type: 'User' } },
      inputs: { 'test-command': 'node --test', 'setup-command': 'npm ci --prefer-offline --no-audit --no-fund', 'base-url': model.url },
    });
    expect({ ...r.outputs, summary: r.outputs.status === 'fixed' ? '' : r.summary }).toMatchObject({
      status: 'fixed',
      'changed-files': 'src/memo.js',
      summary: '',
    });

    const first = String(model.requests[0]!.messages.find((m) => m.role === 'user')!.content);
    expect(first).toContain('## Dependency changes');
    expect(first).toMatch(/- lru-cache 6\.0\.0 → 10\.4\.3 \(package-lock\.json, package\.json\); installed 10\.4\.3 at node_modules\/lru-cache/);
    expect(first).toContain('export declare class LRUCache<K extends {}, V extends {}, FC = unknown>');

    const results = model.requests[1]!.messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
    expect(results[0]).toMatch(
      /^Error: the edit changes the version of lru-cache in package\.json, which this change bumps \(6\.0\.0 → 10\.4\.3\): keep the bump/,
    );
    expect(results[1]).toMatch(/^Error: package-lock\.json is a lockfile and this change bumps lru-cache 6\.0\.0 → 10\.4\.3/);
    expect(results[2]).toMatch(/\n1: # lru-cache/);
    expect(results[3]).toMatch(
      /^Error: node_modules\/lru-cache\/dist\/commonjs\/index\.js is in the installed package lru-cache 10\.4\.3, of which only the public surface is read/,
    );
    expect(results[4]).toMatch(/^Error: node_modules\/lru-cache\/README\.md is in the installed package lru-cache 10\.4\.3: it is read, never edited/);
    // The bump is kept in the work tree the fix was verified on.
    expect(readFileSync(path.join(pr.work, 'package.json'), 'utf8')).toContain('"lru-cache": "^10.4.3"');
    expect(readFileSync(path.join(pr.work, 'src/memo.js'), 'utf8')).toContain("const { LRUCache } = require('lru-cache');");
    // The PR says which bump the fix keeps and quotes the declaration it follows, in the status comment and the summary.
    const said =
      'Dependency `lru-cache` `6.0.0` → `10.4.3`: the fix keeps the new version and follows `export declare class LRUCache<K extends {}, V extends {}, FC = unknown>';
    const status = gh.comments.find((c) => c.body.includes('<!-- unbreak -->'))!;
    expect(status.body).toContain(said);
    expect(r.summary).toContain(said);
  }, 300_000);
});
