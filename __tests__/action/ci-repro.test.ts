import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startGitHub, type FakeGitHub, type FakeJob } from '../../testkit/github-server.js';
import { call, startModelServer, type ModelServer, type Script } from '../../testkit/model-server.js';
import { makePrRepo, registerPr, type PrRepo } from '../../testkit/pr-repo.js';
import { gitIn, writeFiles } from '../../testkit/repo.js';
import { tempDir } from '../../testkit/tmp.js';
import { runAction } from '../../testkit/action.js';

/**
 * README, "How it finds what CI ran" end to end: a workflow_run without test-command reproduces the failed jobs of
 * the run (Actions API on the GitHub double, the workflow file at the head) and fixes them.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUN_ID = 314;

const GOOD = "exports.slugify = (t) => t.toLowerCase().replace(/\\s+/g, '-');\n";
const BAD = GOOD.replace("'-'", "'_'");
const TEST =
  "const test = require('node:test');\nconst assert = require('node:assert');\nconst { slugify } = require('../src/slug');\ntest('dashes', () => assert.strictEqual(slugify('A B'), 'a-b'));\n";

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

interface World {
  gh: FakeGitHub;
  model: ModelServer;
  pr: PrRepo;
}

async function world(
  repo: PrRepo | { base: Record<string, string>; change: Record<string, string> },
  jobs: Omit<FakeJob, 'run_id'>[],
  script: Script,
): Promise<World> {
  let pr: PrRepo;
  if ('work' in repo) pr = repo;
  else {
    pr = makePrRepo({ ...repo, checkout: 'main' });
    cleanups.push(pr.cleanup);
  }
  const gh = await startGitHub();
  cleanups.push(() => gh.close());
  const model = await startModelServer(script);
  cleanups.push(() => model.close());
  registerPr(gh, pr);
  gh.permissions.maintainer = 'maintain';
  gh.jobs.push(...jobs.map((j) => ({ ...j, run_id: RUN_ID })));
  return { gh, model, pr };
}

/**
 * One PR for the runs that push nothing (skipped, error, no failures): built once, each run
 * checks out its head again, as a rerun of the action on the same runner would.
 */
let shared: PrRepo;
beforeAll(() => {
  shared = makePrRepo({
    base: {
      '.github/workflows/ci.yml': [
        'on: pull_request',
        'jobs:',
        '  docs:',
        '    runs-on: ubuntu-latest',
        '    steps:',
        '      - name: Check links',
        '        run: node tools/links.js',
        '',
      ].join('\n'),
      'package.json': '{"private":true}\n',
      'src/slug.js': GOOD,
      'test/slug.test.js': TEST,
      // In CI it fetched every link and one server was down; here it has nothing to fail on.
      'tools/links.js': "console.log('links: 3 checked, all fine');\n",
    },
    change: { 'src/slug.js': BAD },
    checkout: 'main',
  });
});
afterAll(() => shared.cleanup());

function workflowRun(w: World, inputs: Record<string, string> = {}, workflowPath = '.github/workflows/ci.yml') {
  return runAction({
    work: w.pr.work,
    githubUrl: w.gh.url,
    eventName: 'workflow_run',
    payload: {
      action: 'completed',
      workflow_run: {
        id: RUN_ID,
        name: 'CI',
        path: workflowPath,
        html_url: `https://github.example/acme/shop/actions/runs/${RUN_ID}`,
        conclusion: 'failure',
        event: 'pull_request',
        head_sha: w.pr.headSha,
        head_branch: 'feature',
        head_repository: { full_name: 'acme/shop', owner: { login: 'acme' } },
        actor: { login: 'maintainer', type: 'User' },
        pull_requests: [],
      },
    },
    // No test-command, no setup-command: what CI ran is the plan.
    inputs: { 'base-url': w.model.url, ...inputs },
  });
}

const statusOf = (gh: FakeGitHub) => gh.comments.find((c) => c.body.includes('<!-- unbreak -->'))?.body ?? '';
const steps = (...names: [string, FakeJob['steps'][number]['conclusion']][]) => names.map(([name, conclusion]) => ({ name, conclusion }));
const chat = (m: ModelServer) => JSON.stringify(m.requests[0]?.messages ?? []);

describe('workflow_run without test-command: what CI ran, reproduced', () => {
  it('a failing tsc job: the setup step, then the type check; the error with its location reaches the model; the fix is pushed', async () => {
    const workflow = [
      'name: CI',
      'on: pull_request',
      'jobs:',
      '  types:',
      '    name: Types',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - uses: actions/checkout@v4',
      '      - name: Install',
      '        run: test -d node_modules/typescript',
      '      - name: Type check',
      '        run: node_modules/.bin/tsc --noEmit -p .',
      '',
    ].join('\n');
    const tsconfig =
      '{"compilerOptions":{"strict":true,"noEmit":true,"target":"es2022","module":"commonjs","types":[],"lib":["es5"],"skipLibCheck":true},"include":["src"]}\n';
    const sum = 'export function sum(a: number, b: number): number {\n  return a + b;\n}\n';
    const use = "import { sum } from './sum';\n\n// The total of the two.\nexport const total: number = sum(1, 2);\n";
    // The change is in sum.ts; the error is reported in use.ts, which the change does not touch.
    const w = await world(
      {
        base: { '.github/workflows/ci.yml': workflow, 'tsconfig.json': tsconfig, '.gitignore': 'node_modules\n', 'src/sum.ts': sum, 'src/use.ts': use },
        change: { 'src/sum.ts': sum.replace('): number {\n  return a + b;', '): string {\n  return `${a + b}`;') },
      },
      [
        {
          id: 11,
          name: 'Types',
          conclusion: 'failure',
          steps: steps(
            ['Set up job', 'success'],
            ['Run actions/checkout@v4', 'success'],
            ['Install', 'success'],
            ['Type check', 'failure'],
            ['Complete job', 'success'],
          ),
        },
      ],
      [
        { toolCalls: [call('edit_file', { path: 'src/sum.ts', old_text: '): string {\n  return `${a + b}`;', new_text: '): number {\n  return a + b;' })] },
        { content: 'sum returns a number.' },
      ],
    );
    // The runner's `npm ci`, standing in: the project's own typescript.
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(w.pr.work, 'node_modules'));
    const r = await workflowRun(w);
    if (r.outputs.status !== 'fixed') console.log(r.stdout);
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'commit' });
    expect(gitIn(w.pr.origin, 'show', 'refs/heads/feature:src/sum.ts')).toBe(sum.trimEnd());
    expect(r.stdout).toContain('failed step to reproduce: Types / Type check');
    expect(r.stdout).toContain('setup: Types / Install');
    const first = chat(w.model);
    expect(first).toContain("src/use.ts > TS2322 (4,14): Type 'string' is not assignable to type 'number'.");
    // The erroring line itself is shown, at its place, though the change did not touch that file.
    expect(first).toContain('4: export const total: number = sum(1, 2);');
    expect(w.gh.calls.some((c) => c.path.startsWith(`/repos/acme/shop/actions/runs/${RUN_ID}/jobs`))).toBe(true);
  }, 240_000);

  it('three failed jobs (tsc, eslint, node --test) from a trigger-only workflow: one run fixes all three, verified by every step passing, pushed', async () => {
    // The project's CI: three jobs, each set up the same way; the PR breaks all three.
    const RUN = { types: 'node_modules/.bin/tsc --noEmit', lint: 'node_modules/.bin/eslint src', test: 'node --test' };
    const workflow = [
      'name: CI',
      'on: pull_request',
      'jobs:',
      ...['types', 'lint', 'test'].flatMap((job) => [
        `  ${job}:`,
        '    runs-on: ubuntu-latest',
        '    steps:',
        '      - uses: actions/checkout@v4',
        '      - uses: actions/setup-node@v4',
        '      - name: Install',
        '        run: test -d node_modules/typescript && test -d node_modules/eslint',
        `      - run: ${RUN[job as keyof typeof RUN]}`,
      ]),
      '',
    ].join('\n');
    const tsconfig =
      '{"compilerOptions":{"strict":true,"noEmit":true,"target":"es2022","module":"commonjs","types":[],"lib":["es5"],"skipLibCheck":true},"include":["src"]}\n';
    const eslintConfig = "module.exports = [{ files: ['src/**/*.js'], languageOptions: { sourceType: 'commonjs' }, rules: { 'no-unused-vars': 'error' } }];\n";
    const sum = 'export function sum(a: number, b: number): number {\n  return a + b;\n}\n';
    const use = "import { sum } from './sum';\n\nexport const total: number = sum(1, 2);\n";
    const label = 'exports.label = (name) => {\n  return `Hello, ${name}`;\n};\n';
    const w = await world(
      {
        base: {
          '.github/workflows/ci.yml': workflow,
          'package.json': '{"private":true}\n',
          '.gitignore': 'node_modules\n',
          'tsconfig.json': tsconfig,
          'eslint.config.js': eslintConfig,
          'src/sum.ts': sum,
          'src/use.ts': use,
          'src/label.js': label,
          'src/slug.js': GOOD,
          'test/slug.test.js': TEST,
        },
        change: {
          'src/sum.ts': sum.replace('): number {\n  return a + b;', '): string {\n  return `${a + b}`;'),
          'src/label.js': label.replace('  return', '  const greeting = name.trim();\n  return'),
          'src/slug.js': BAD,
        },
      },
      ['types', 'lint', 'test'].map((name, i) => ({
        id: 51 + i,
        name,
        conclusion: 'failure' as const,
        steps: steps(
          ['Set up job', 'success'],
          ['Run actions/checkout@v4', 'success'],
          ['Run actions/setup-node@v4', 'success'],
          ['Install', 'success'],
          [`Run ${RUN[name as keyof typeof RUN]}`, 'failure'],
          ['Complete job', 'success'],
        ),
      })),
      [
        {
          toolCalls: [
            call('edit_file', { path: 'src/sum.ts', old_text: '): string {\n  return `${a + b}`;', new_text: '): number {\n  return a + b;' }),
            call('edit_file', { path: 'src/label.js', old_text: '  const greeting = name.trim();\n', new_text: '' }),
            call('edit_file', { path: 'src/slug.js', old_text: "'_'", new_text: "'-'" }),
          ],
        },
        { content: 'sum returns a number again, the unused variable is gone, slugs use dashes.' },
      ],
    );
    // The runner's `npm ci`, standing in: the project's own typescript and eslint.
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(w.pr.work, 'node_modules'));
    // A workflow of five lines: the trigger, and unbreak with no input.
    const r = await workflowRun(w);
    if (r.outputs.status !== 'fixed') console.log(r.stdout);
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'commit', attempts: '1' });
    expect(r.outputs['changed-files']?.split('\n').sort()).toEqual(['src/label.js', 'src/slug.js', 'src/sum.ts']);
    expect(gitIn(w.pr.origin, 'show', 'refs/heads/feature:src/sum.ts')).toBe(sum.trimEnd());
    expect(gitIn(w.pr.origin, 'show', 'refs/heads/feature:src/label.js')).toBe(label.trimEnd());
    expect(gitIn(w.pr.origin, 'show', 'refs/heads/feature:src/slug.js')).toBe(GOOD.trimEnd());
    // The shared setup ran once; the three failed steps were each reproduced.
    expect(r.stdout.match(/^setup: /gm)).toHaveLength(1);
    for (const step of ['types / Run node_modules/.bin/tsc --noEmit', 'lint / Run node_modules/.bin/eslint src', 'test / Run node --test'])
      expect(r.stdout).toContain(`failed step to reproduce: ${step}`);
    // One request holds all three failures, each with its place.
    expect(w.model.requests).toHaveLength(2);
    const first = chat(w.model);
    expect(first).toContain("TS2322 (3,14): Type 'string' is not assignable to type 'number'.");
    expect(first).toContain("'greeting' is assigned a value but never used");
    expect(first).toContain('dashes');
    // The verdict came from a run of every step, and the summary and status comment say each passes now.
    for (const text of [r.summary, statusOf(w.gh)])
      expect(text).toContain(
        '- the failed CI steps in the last run here: **types** / Run node_modules/.bin/tsc --noEmit: passes; **lint** / Run node_modules/.bin/eslint src: passes; **test** / Run node --test: passes',
      );
  }, 240_000);

  it('two failed jobs (a matrix test job and a script in a working-directory): both run, CI log compared, one fix makes both pass', async () => {
    const workflow = [
      'name: CI',
      'on: pull_request',
      'env:',
      '  GREETING: hello',
      'jobs:',
      '  test:',
      '    runs-on: ubuntu-latest',
      '    strategy:',
      '      matrix:',
      '        node: [20]',
      '    steps:',
      '      - uses: actions/checkout@v4',
      '      - run: echo "testing on node ${{ matrix.node }}"',
      '      - run: node --test',
      '  check:',
      '    name: Check slugs',
      '    runs-on: ubuntu-latest',
      '    defaults:',
      '      run:',
      '        working-directory: tools',
      '    steps:',
      '      - uses: actions/checkout@v4',
      '      - name: Slug check',
      '        env:',
      '          EXPECT: a-b',
      '        run: node check.js "$GREETING"',
      '',
    ].join('\n');
    const check =
      "const { slugify } = require('../src/slug');\nconst got = slugify('A B');\nif (got !== process.env.EXPECT) { console.error(`check.js: slugify('A B') is ${got}, expected ${process.env.EXPECT} (${process.argv[2]})`); process.exit(1); }\n";
    // CI's log for the test job: the real output of the same failing test, plus one CI saw fail that does not fail here.
    const ciLog = realNodeTestLog({
      'src/slug.js': BAD,
      'test/slug.test.js': TEST,
      'test/windows.test.js': TEST.replace("'dashes'", "'windows paths'").replace("'a-b'", "'a\\\\b'"),
    });
    const w = await world(
      {
        base: {
          '.github/workflows/ci.yml': workflow,
          'package.json': '{"private":true}\n',
          'src/slug.js': GOOD,
          'test/slug.test.js': TEST,
          'tools/check.js': check,
        },
        change: { 'src/slug.js': BAD },
      },
      [
        { id: 21, name: 'lint', conclusion: 'success', steps: steps(['Set up job', 'success']) },
        {
          id: 22,
          name: 'test (20)',
          conclusion: 'failure',
          steps: steps(
            ['Set up job', 'success'],
            ['Run actions/checkout@v4', 'success'],
            ['Run echo "testing on node 20"', 'success'],
            ['Run node --test', 'failure'],
          ),
          log: ciLog,
        },
        {
          id: 23,
          name: 'Check slugs',
          conclusion: 'failure',
          steps: steps(['Set up job', 'success'], ['Run actions/checkout@v4', 'success'], ['Slug check', 'failure']),
        },
      ],
      [{ toolCalls: [call('edit_file', { path: 'src/slug.js', old_text: "'_'", new_text: "'-'" })] }, { content: 'Dashes.' }],
    );
    const r = await workflowRun(w);
    if (r.outputs.status !== 'fixed') console.log(r.stdout);
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'commit', 'changed-files': 'src/slug.js' });
    const first = chat(w.model);
    // Both failures reach the model in one request: the test, and the script's complaint (run in tools/, with env and matrix values).
    expect(first).toContain('dashes');
    expect(first).toContain("check.js: slugify('A B') is a_b, expected a-b (hello)");
    expect(r.stdout).toContain('testing on node 20');
    expect(w.gh.calls.some((c) => c.path === '/repos/acme/shop/actions/jobs/22/logs')).toBe(true);
    if (!statusOf(w.gh).includes('windows paths')) console.log(statusOf(w.gh));
    expect(statusOf(w.gh)).toContain("CI's log names a failing test that passes here: `windows paths`");
  }, 240_000);

  it('a step that needs a secret is named and nothing is asked: skipped, nothing pushed; the workflow file comes from the contents API', async () => {
    const workflow = [
      'on: pull_request',
      'jobs:',
      '  publish:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - name: Publish dry run',
      '        run: npm publish --dry-run',
      '        env:',
      '          NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}',
      '  mac:',
      '    runs-on: macos-latest',
      '    steps:',
      '      - run: node --test',
      '',
    ].join('\n');
    const w = await world(
      shared,
      [
        { id: 31, name: 'publish', conclusion: 'failure', steps: steps(['Set up job', 'success'], ['Publish dry run', 'failure']) },
        { id: 32, name: 'mac', conclusion: 'failure', labels: ['macos-latest'], steps: steps(['Set up job', 'success'], ['Run node --test', 'failure']) },
      ],
      [],
    );
    // Not in the repository at the head: served by GET contents?ref=<head_sha>.
    w.gh.contents.set(`${w.pr.headSha}:.github/workflows/release.yml`, workflow);
    const r = await workflowRun(w, {}, '.github/workflows/release.yml');
    expect(r.code).toBe(0);
    expect(r.outputs).toMatchObject({ status: 'skipped', delivery: 'none' });
    expect(w.model.requests).toEqual([]);
    expect(gitIn(w.pr.origin, 'rev-parse', 'refs/heads/feature')).toBe(w.pr.headSha);
    for (const text of [statusOf(w.gh), r.summary]) {
      expect(text).toContain(
        '- not reproduced: **publish** / Publish dry run: its env NODE_AUTH_TOKEN is `${{ secrets.NPM_TOKEN }}`, which only CI has ([job](https://github.example/acme/shop/actions/runs/314/job/31))',
      );
      expect(text).toContain('**mac** / Run node --test: the job ran on macos-latest, and unbreak runs on Linux');
    }
  });

  it('a failed step that passes here is not reproduced: skipped, with the job link, no model request', async () => {
    const w = await world(shared, [{ id: 41, name: 'docs', conclusion: 'failure', steps: steps(['Set up job', 'success'], ['Check links', 'failure']) }], []);
    const r = await workflowRun(w);
    expect(r.outputs).toMatchObject({ status: 'skipped' });
    expect(w.model.requests).toEqual([]);
    expect(statusOf(w.gh)).toContain('none of the failed CI steps fails here');
    expect(statusOf(w.gh)).toContain('**docs** / Check links: it passes here');
    expect(statusOf(w.gh)).toContain('([job](https://github.example/acme/shop/actions/runs/314/job/41))');
  });

  it('without actions: read the jobs API answers 403: one line says to add the permission; test-command still wins over the plan', async () => {
    const w = await world(shared, [], []);
    w.gh.faults.push({ method: 'GET', path: /\/actions\/runs\/\d+\/jobs$/, status: 403, body: { message: 'Resource not accessible by integration' } });
    const r = await workflowRun(w);
    expect(r.outputs).toMatchObject({ status: 'error' });
    expect(r.stdout).toContain('::error::unbreak cannot read the failed run’s jobs: add `permissions: actions: read` to the unbreak job');

    // With test-command the run's jobs are not asked for: the command given is what runs.
    const calls = w.gh.calls.length;
    const given = await workflowRun(w, { 'test-command': 'node -e "process.exit(0)"' });
    expect(given.outputs).toMatchObject({ status: 'no-failures' });
    expect(given.stdout).not.toContain('find what the failed run ran');
    expect(w.gh.calls.slice(calls).some((c) => c.path.includes(`/actions/runs/${RUN_ID}/jobs`))).toBe(false);
  }, 240_000);
});

/** What `node --test` prints for these files, as a GitHub job log (timestamped lines). */
function realNodeTestLog(files: Record<string, string>): string {
  const t = tempDir('unbreak-ci-log-');
  cleanups.push(t.cleanup);
  writeFiles(t.dir, files);
  let out: string;
  try {
    out = execFileSync(process.execPath, ['--test'], { cwd: t.dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    out = String((error as { stdout?: string }).stdout ?? '');
  }
  return ['##[group]Run node --test', ...out.split('\n')].map((l) => `2026-01-01T00:00:01.1234567Z ${l}`).join('\n');
}
