import { beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FakeGitHub } from '../../testkit/github-server.js';
import { call, type Script } from '../../testkit/model-server.js';
import { gitIn } from '../../testkit/repo.js';
import { runAction } from '../../testkit/action.js';
import { tempDir } from '../../testkit/tmp.js';
import { cleanupsAfterAll, cleanupsAfterEach, prWorld, type Cleanups, type PrWorld } from '../../testkit/world.js';

// The deliver job takes nothing from the handoff that the model could not have written, and a
// commit keeps each file's mode from the approved head: through dist/index.js as the runner runs it.

const GOOD = "function slugify(text) {\n  return text.toLowerCase().trim().replace(/\\s+/g, '-');\n}\n\nmodule.exports = { slugify };\n";
const BAD = GOOD.replace("'-'", "'_'");
const TEST = `const test = require('node:test');
const assert = require('node:assert');
const { slugify } = require('../src/slug');
test('joins words with dashes', () => assert.strictEqual(slugify('Hello World'), 'hello-world'));
`;
const BASE = {
  'package.json': '{"name":"shop","private":true}\n',
  'src/slug.js': GOOD,
  'test/slug.test.js': TEST,
  'assets/logo.bin': 'PNG\0\0\0\x01image',
};
const FIXING: Script = [
  { toolCalls: [call('edit_file', { path: 'src/slug.js', old_text: "replace(/\\s+/g, '_')", new_text: "replace(/\\s+/g, '-')" })] },
  { content: 'dashes' },
];
// Test code sets the exec bit on the file the model edited.
const TEST_COMMAND = 'chmod +x src/slug.js && node --test';

interface World extends PrWorld {
  handoff: string;
  dir: string;
}

async function world(c: Cleanups): Promise<World> {
  const w = await prWorld(c, { repo: { base: BASE, change: { 'src/slug.js': BAD } }, script: FIXING, permissions: { maintainer: 'maintain' } });
  const t = tempDir('unbreak-edge-');
  c.add(t.cleanup);
  return { ...w, handoff: path.join(t.dir, 'handoff'), dir: t.dir };
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
function freshCheckout(w: World): string {
  const work = path.join(w.dir, 'deliver');
  mkdirSync(work);
  gitIn(work, 'init', '-q');
  gitIn(work, 'remote', 'add', 'origin', `file://${w.pr.origin}`);
  gitIn(work, 'fetch', '-q', '--no-tags', '--depth=1', 'origin', `+${w.pr.mergeSha}:refs/remotes/pull/7/merge`);
  gitIn(work, 'checkout', '-q', '--detach', 'refs/remotes/pull/7/merge');
  return work;
}
const run = (w: World, phase: string, work = w.pr.work) =>
  runAction({
    work,
    githubUrl: w.gh.url,
    ...labeled(w.gh),
    inputs: { 'test-command': TEST_COMMAND, 'base-url': w.model.url, phase, 'handoff-dir': w.handoff },
  });
const handoffFile = (w: World) => path.join(w.handoff, 'handoff.json');
const tip = (w: World) => gitIn(w.pr.origin, 'rev-parse', 'refs/heads/feature');
const modeAt = (w: World, commit: string, file: string) => gitIn(w.pr.origin, 'ls-tree', commit, file).split(' ')[0];
const statusComment = (gh: FakeGitHub) => gh.comments.find((c) => c.body.includes('<!-- unbreak -->'))?.body ?? '';

describe('adversarial: the exec bit test code sets does not travel into the commit', () => {
  const cleanups = cleanupsAfterEach();
  it('one job: the edited file keeps 100644 from the head after chmod +x by the tests', async () => {
    const w = await world(cleanups);
    const r = await run(w, 'all');
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'commit' });
    expect(r.outputs['commit-sha']).toBe(tip(w));
    expect(modeAt(w, tip(w), 'src/slug.js')).toBe('100644');
    expect(gitIn(w.pr.origin, 'diff-tree', '-r', '--summary', '--no-commit-id', w.pr.headSha, tip(w))).not.toMatch(/mode change/);
  });
});

type Forged = { pins: { path: string; content: string | null; mode?: string }[]; outcome: { attempts: unknown[] } } & Record<string, unknown>;

describe('adversarial: the deliver job re-checks what the model could write', () => {
  const shared = cleanupsAfterAll();
  const cleanups = cleanupsAfterEach();
  let handoff = '';
  beforeAll(async () => {
    const w = await world(shared);
    const r = await run(w, 'fix');
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'none' });
    handoff = readFileSync(handoffFile(w), 'utf8');
  });
  /** The deliver job of the same PR, with the fix job's handoff changed by `forge`. */
  async function deliverWith(forge: (h: Forged) => void) {
    const w = await world(cleanups);
    const h = JSON.parse(handoff) as Forged;
    forge(h);
    mkdirSync(w.handoff, { recursive: true });
    writeFileSync(handoffFile(w), JSON.stringify(h));
    return { w, r: await run(w, 'deliver', freshCheckout(w)) };
  }

  it('two jobs: the handoff carries no mode, and the commit keeps 100644 from the head after chmod +x in the fix job', async () => {
    expect(JSON.stringify((JSON.parse(handoff) as Forged).pins)).not.toContain('mode');
    const { w, r } = await deliverWith(() => {});
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'commit' });
    expect(modeAt(w, tip(w), 'src/slug.js')).toBe('100644');
  });

  const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64');
  it.each<[string, (h: Forged) => void, RegExp]>([
    ['bytes with a NUL', (h) => (h.pins[0]!.content = b64(`${GOOD}\0\0`)), /holds a NUL byte/],
    ['bytes that are not UTF-8', (h) => (h.pins[0]!.content = b64(Buffer.concat([Buffer.from(GOOD), Buffer.from([0xff, 0xfe, 0xc3])]))), /is not valid UTF-8/],
    ['a binary file of the head replaced', (h) => (h.pins[0] = { path: 'assets/logo.bin', content: b64('plain text now\n') }), /binary/],
    ['an executable bit', (h) => (h.pins[0]!.mode = '100755'), /pins\.0/],
    ['a field unbreak does not write', (h) => (h.extra = 'x'), /not a handoff unbreak wrote/],
    ['a malformed attempts field', (h) => (h.outcome.attempts = [{ n: 'one' }]), /outcome\.attempts\.0/],
  ])('a handoff forged with %s is refused: nothing is pushed, and the outputs and status comment say so', async (_what, forge, why) => {
    const { w, r } = await deliverWith(forge);
    expect(tip(w)).toBe(w.pr.headSha);
    expect(r.outputs.delivery).toBe('none');
    expect(r.outputs['commit-sha'] ?? '').toBe('');
    expect(`${statusComment(w.gh)}\n${r.stdout}`).toMatch(why);
    expect(statusComment(w.gh)).not.toMatch(/pushed/);
  });
});
