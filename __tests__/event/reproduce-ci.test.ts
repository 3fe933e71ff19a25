import { afterAll, describe, expect, it } from '@jest/globals';
import { execa } from 'execa';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkReproduction, planFromRun, readJobLog } from '../../src/event/reproduce-ci/plan.js';
import { createOctokit } from '../../src/github/octokit.js';
import { startGitHub } from '../../testkit/github-server.js';
import { setupCommand, stepResults, testCommand } from '../../src/event/reproduce-ci/script.js';
import { planSteps, type ApiJob } from '../../src/event/reproduce-ci/workflow-file.js';
import { expandMatrix } from '../../src/event/reproduce-ci/workflow-jobs.js';
import { DEFAULT_SHELL } from '../../src/event/reproduce-ci/workflow-steps.js';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/workflows');
const workflow = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');

/** A job as the API lists it: these step names ran and succeeded, `failed` failed, the rest skipped. */
function job(name: string, ran: string[], failed: string, extra: Partial<ApiJob> = {}): ApiJob {
  const names = ['Set up job', ...ran, failed, 'Complete job'];
  return {
    id: 1,
    name,
    conclusion: 'failure',
    html_url: `https://github.com/o/r/actions/runs/1/job/${name.length}`,
    labels: ['ubuntu-latest'],
    steps: names.map((n, i) => ({ name: n, number: i + 1, conclusion: n === failed ? 'failure' : 'success' })),
    ...extra,
  };
}

describe('planSteps on real workflow files', () => {
  it('prettier lint: the failed step is the test, the run: steps before it the setup, uses: steps left to the unbreak job', () => {
    const plan = planSteps(workflow('prettier-lint.yml'), [
      job('Lint', ['Run actions/checkout', 'Setup Node.js', 'Install Dependencies', 'Check Dependencies', 'Check JSDoc Types'], 'Lint ESLint'),
    ]);
    expect(plan.unreproducible).toEqual([]);
    expect(plan.tests).toEqual([
      expect.objectContaining({ job: 'Lint', step: 'Lint ESLint', script: 'yarn lint:eslint', dir: '', shell: DEFAULT_SHELL, env: {} }),
    ]);
    expect(plan.setup.map((s) => s.script)).toEqual(['yarn install --immutable', 'yarn lint:deps', 'yarn lint:typecheck']);
  });

  it('prettier lint: a step with working-directory and one with a literal env', () => {
    const wf = workflow('prettier-lint.yml');
    const dir = planSteps(wf, [job('Lint', ['Install Dependencies'], 'Run yarn (/website)')]);
    expect(dir.tests[0]).toMatchObject({ dir: 'website', script: 'yarn\nyarn dedupe --check\n' });
    const env = planSteps(wf, [job('Lint', ['Install Dependencies'], 'Lint docs code block')]);
    expect(env.tests[0]).toMatchObject({ env: { PRETTIER_DEBUG: 'true' } });
  });

  it('prettier lint: a failed uses: step is named, not run', () => {
    const plan = planSteps(workflow('prettier-lint.yml'), [job('Lint', [], 'Setup Node.js')]);
    expect(plan.tests).toEqual([]);
    expect(plan.unreproducible).toEqual([
      {
        job: 'Lint',
        step: 'Setup Node.js',
        reason: expect.stringContaining('uses: actions/setup-node@'),
        jobUrl: 'https://github.com/o/r/actions/runs/1/job/4',
      },
    ]);
  });

  it('vitest: a matrix job named from matrix values; its values fill the script and env', () => {
    const plan = planSteps(workflow('vitest-ci.yml'), [job('Test: unit, node-24, ubuntu-latest', ['Install', 'Build'], 'Test')]);
    expect(plan.unreproducible).toEqual([]);
    expect(plan.tests[0]!.script).toBe('pnpm run test:ci:unit');
    // Workflow env (literal), step env with matrix values; PLAYWRIGHT_BROWSERS_PATH needs github.workspace and is left out.
    expect(plan.tests[0]!.env).toEqual({ PNPM_CONFIG_TRUST_LOCKFILE: 'true', VITEST_CI_BLOB_LABEL: 'ubuntu-latest-node-24' });
    expect(plan.setup.map((s) => s.script)).toEqual(["pnpm i --filter '!docs'", 'pnpm run build']);
  });

  it('vitest: a job on macOS, and a step that needs a secret, are named with their reason', () => {
    const plan = planSteps(workflow('vitest-ci.yml'), [
      job('Test: e2e, node-24, macos-latest', ['Install'], 'Test', { labels: ['macos-latest'] }),
      job('Image: playwright-deps, ubuntu-latest', ['Resolve image tag'], 'Log in to GHCR'),
    ]);
    expect(plan.tests).toEqual([]);
    expect(plan.unreproducible.map((u) => [u.job, u.step, u.reason])).toEqual([
      ['Test: e2e, node-24, macos-latest', 'Test', expect.stringContaining('macos-latest')],
      ['Image: playwright-deps, ubuntu-latest', 'Log in to GHCR', 'its env GH_TOKEN is `${{ secrets.GITHUB_TOKEN }}`, which only CI has'],
    ]);
  });

  it('vitest: two failed jobs share setup: an identical script in the same directory runs once', () => {
    const plan = planSteps(workflow('vitest-ci.yml'), [
      job('Lint: node-latest, ubuntu-latest', ['Install', 'Build', 'Generate CLI docs', 'Check stale build artifacts', 'Lint'], 'Typecheck'),
      job('Test: coverage, node-26, ubuntu-latest', ['Install', 'Build'], 'Test'),
    ]);
    expect(plan.tests.map((t) => [t.job, t.script])).toEqual([
      ['Lint: node-latest, ubuntu-latest', 'pnpm run typecheck'],
      ['Test: coverage, node-26, ubuntu-latest', 'pnpm run test:ci:coverage'],
    ]);
    expect(plan.setup.map((s) => s.script)).toEqual([
      "pnpm i --filter '!docs'",
      'pnpm run build',
      'pnpm -C docs run cli-table',
      'git diff --exit-code',
      'pnpm run lint',
    ]);
    // The lint job's own env wins over the workflow's.
    expect(plan.tests[0]!.env.PNPM_CONFIG_TRUST_LOCKFILE).toBe('false');
  });

  it('pytest: an unnamed job is matched by its key and all its matrix values, include keys too; skipped setup is not run', () => {
    const name = 'build (ubuntu-py312, 3.12, ubuntu-latest, py312, true)';
    const api = job(name, [], 'Test with coverage');
    api.steps!.splice(1, 0, { name: 'Test without coverage', number: 1.5, conclusion: 'skipped' });
    const plan = planSteps(workflow('pytest-test.yml'), [api]);
    expect(plan.unreproducible).toEqual([]);
    expect(plan.tests[0]).toMatchObject({
      script: 'tox run -e py312-coverage --installpkg `find dist/*.tar.gz`',
      env: { PYTEST_ADDOPTS: '--color=yes', _PYTEST_TOX_POSARGS_JUNIT: '--junitxml=junit.xml' },
      shell: DEFAULT_SHELL,
    });
    expect(plan.setup).toEqual([]);
  });

  it('pytest: a Windows leg of the matrix is not reproducible', () => {
    const plan = planSteps(workflow('pytest-test.yml'), [
      job('build (windows-py312, 3.12, windows-latest, py312)', [], 'Test without coverage', { labels: ['windows-latest'] }),
    ]);
    expect(plan.unreproducible[0]?.reason).toMatch(/windows-latest.*Linux/);
  });

  it('a job the file does not have, and a job with services, are named', () => {
    const wf = [
      'jobs:',
      '  db:',
      '    runs-on: ubuntu-latest',
      '    services:',
      '      postgres:',
      '        image: postgres',
      '    steps:',
      '      - run: npm test',
    ].join('\n');
    const plan = planSteps(wf, [job('db', [], 'Run npm test'), job('gone', [], 'Run x')]);
    expect(plan.unreproducible.map((u) => u.reason)).toEqual([expect.stringContaining('service containers (postgres)'), expect.stringContaining('not found')]);
  });
});

describe('matrix job names as the API gives them', () => {
  const matrixJob = (matrix: string[], name?: string) =>
    [
      'jobs:',
      '  build:',
      ...(name ? [`    name: ${name}`] : []),
      '    runs-on: ubuntu-latest',
      '    strategy:',
      '      matrix:',
      ...matrix.map((l) => `        ${l}`),
      '    steps:',
      '      - run: echo "${{ matrix.os }}"',
      '',
    ].join('\n');
  const found = (wf: string, name: string) => planSteps(wf, [job(name, [], 'Run echo "${{ matrix.os }}"')]);

  it('include keys go in the parentheses too, and an empty value is left out', () => {
    const wf = matrixJob(['include:', '  - os: ubuntu-latest', "    bin: ''", '  - os: ubuntu-22.04', '    bin: app']);
    expect(found(wf, 'build (ubuntu-latest)').tests[0]?.script).toBe('echo "ubuntu-latest"');
    expect(found(wf, 'build (ubuntu-22.04, app)').tests[0]?.script).toBe('echo "ubuntu-22.04"');
  });

  it('a name: that uses the matrix is that name filled in, with no values after it', () => {
    const wf = matrixJob(['os: [ubuntu-latest, ubuntu-22.04]'], 'Build on ${{ matrix.os }}');
    expect(found(wf, 'Build on ubuntu-22.04').tests[0]?.script).toBe('echo "ubuntu-22.04"');
    expect(found(wf, 'Build on ubuntu-22.04 (ubuntu-22.04)').unreproducible[0]?.reason).toMatch(/not found/);
  });

  it('a name GitHub cut at about 100 characters ("...") is found when only one combination starts so', () => {
    const long = 'sudo -E PATH="$PATH" make test';
    const wf = matrixJob([
      `cmd: ['${long}']`,
      'os: [ubuntu-latest, ubuntu-22.04]',
      'component: [agent-ctl-with-a-rather-long-name-that-pushes-the-job-name-past-the-limit]',
    ]);
    const full = `build (${long}, ubuntu-22.04, agent-ctl-with-a-rather-long-name-that-pushes-the-job-name-past-the-limit)`;
    expect(found(wf, `${full.slice(0, 97)}...`).tests[0]?.script).toBe('echo "ubuntu-22.04"');
    // Cut before the values differ: either combination could be it, so neither is guessed.
    expect(found(wf, `build (${long}, ubuntu...`).unreproducible[0]?.reason).toMatch(/not found/);
  });

  it('a matrix with object values: the combination whose values all appear in the name, when only one does', () => {
    const wf = matrixJob(['suite:', '  - { name: unit-tests, cmd: npm test }', '  - { name: e2e-tests, cmd: npm run e2e }', 'os: [ubuntu-latest]']);
    const plan = found(wf, 'build ({"name":"e2e-tests","cmd":"npm run e2e"}, ubuntu-latest)');
    expect(plan.tests[0]?.script).toBe('echo "ubuntu-latest"');
    expect(found(wf, 'build (something else, ubuntu-latest)').unreproducible[0]?.reason).toMatch(/not found/);
  });
});

describe('expandMatrix', () => {
  it('takes the product, drops excludes, extends matching combinations with include and adds the rest', () => {
    expect(
      expandMatrix({
        os: ['a', 'b'],
        node: [1, 2],
        exclude: [{ os: 'b', node: 2 }],
        include: [
          { os: 'a', extra: 'x' },
          { os: 'c', node: 3 },
        ],
      }),
    ).toEqual([
      { os: 'a', node: 1, extra: 'x' },
      { os: 'a', node: 2, extra: 'x' },
      { os: 'b', node: 1 },
      { os: 'c', node: 3 },
    ]);
  });
});

describe('the compiled commands run each step as CI did', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'unbreak-ci-script-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  const wf = [
    'env:',
    '  GREETING: hello',
    'defaults:',
    '  run:',
    '    working-directory: pkg',
    'jobs:',
    '  check:',
    '    runs-on: ubuntu-latest',
    '    strategy:',
    '      matrix:',
    '        flavour: [plain]',
    '    steps:',
    '      - run: echo "setup in $(basename "$PWD")" > made-by-setup.txt',
    '      - name: Passes',
    '        run: echo "$GREETING ${{ matrix.flavour }} from $(basename "$PWD")"',
    '      - name: Fails',
    '        working-directory: other',
    '        run: |',
    '          false | cat',
    '          echo not reached',
  ].join('\n');

  it('setup, then every failed step, headed by ::step lines, with a result line each; exits 1 when one fails', async () => {
    mkdirSync(path.join(tmp, 'pkg'));
    mkdirSync(path.join(tmp, 'other'));
    const api = (failed: string): ApiJob => job('check (plain)', ['Run echo "setup in $(basename "$PWD")" > made-by-setup.txt'], failed);
    const plan = planSteps(wf, [api('Passes'), { ...api('Fails'), name: 'check (plain)' }]);
    expect(plan.unreproducible).toEqual([]);
    const setup = setupCommand(plan.setup)!;
    expect((await execa('sh', ['-c', setup], { cwd: tmp })).exitCode).toBe(0);
    expect(readFileSync(path.join(tmp, 'pkg/made-by-setup.txt'), 'utf8')).toBe('setup in pkg\n');

    const run = await execa('sh', ['-c', testCommand(plan.tests)], { cwd: tmp, reject: false, all: true });
    expect(run.exitCode).toBe(1);
    expect(run.all).toContain('::step check (plain) / Passes\n::cwd pkg\nhello plain from pkg');
    // pipefail: `false | cat` fails the step, and -e stops it.
    expect(run.all).not.toContain('not reached');
    expect(stepResults(run.all)).toEqual([
      { label: 'check (plain) / Passes', passed: true, exitCode: 0 },
      { label: 'check (plain) / Fails', passed: false, exitCode: 1 },
    ]);
    const check = checkReproduction({ steps: plan.tests }, { output: run.all, report: { format: 'generic', failures: [] } }, [], tmp);
    expect(check.notReproduced).toEqual([expect.objectContaining({ job: 'check (plain)', step: 'Passes', reason: expect.stringContaining('passes here') })]);
  });
});

describe('the Actions API, on the GitHub double', () => {
  it('lists the jobs across pages, reads the workflow file from the contents API, and a job log behind its 302', async () => {
    const gh = await startGitHub();
    try {
      for (let i = 1; i <= 105; i++) gh.jobs.push({ id: i, run_id: 9, name: `job ${i}`, conclusion: i === 105 ? 'failure' : 'success', steps: [] });
      gh.jobs[104]!.steps = [
        { name: 'Set up job', conclusion: 'success' },
        { name: 'Run npm test', conclusion: 'failure' },
      ];
      gh.jobs[104]!.log = '\uFEFF2026-01-01T00:00:00.0000000Z ##[group]Run npm test\n2026-01-01T00:00:01.5000000Z not ok 1 - adds\n';
      gh.contents.set('abc:.github/workflows/ci.yml', 'jobs:\n  "job 105":\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm test\n');
      process.env.GITHUB_API_URL = gh.url;
      const octokit = createOctokit('ghs_x');
      const repo = { owner: gh.owner, repo: gh.repo };
      const plan = await planFromRun(octokit, repo, { id: 9, path: '.github/workflows/ci.yml', head_sha: 'abc' }, os.tmpdir());
      expect(plan.jobs.map((j) => j.name)).toEqual(['job 105']);
      expect(plan.steps.map((s) => s.script)).toEqual(['npm test']);
      expect(await readJobLog(octokit, repo, 105)).toBe('##[group]Run npm test\nnot ok 1 - adds\n');
    } finally {
      delete process.env.GITHUB_API_URL;
      await gh.close();
    }
  });
});
