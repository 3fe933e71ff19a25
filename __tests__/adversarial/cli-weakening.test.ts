import { afterEach, describe, expect, it } from '@jest/globals';
import { startModelServer, call, type Script } from '../../testkit/model-server.js';
import { makeRepo, treeSnapshot } from '../../testkit/repo.js';
import { runCli } from '../../testkit/cli.js';

// Test weakening: whatever the model does to the tests or the test command, it is never "fixed".

const SLUG = "function slugify(t) {\n  return t.toLowerCase().replace(/ /g, '_');\n}\nmodule.exports = { slugify };\n";
const TEST =
  "const test = require('node:test');\nconst assert = require('node:assert');\nconst { slugify } = require('../src/slug');\n\ntest('dashes', () => {\n  assert.strictEqual(slugify('A B'), 'a-b');\n});\n\ntest('lower', () => {\n  assert.strictEqual(slugify('AB'), 'ab');\n});\n";
const NODE = { 'package.json': '{"name":"w","private":true,"scripts":{"test":"node --test"}}\n', 'src/slug.js': SLUG, 'test/slug.test.js': TEST };

const STATS = 'def mean(v):\n    return sum(v) / (len(v) + 1)\n';
const TEST_STATS = 'from stats import mean\n\n\ndef test_mean():\n    assert mean([2, 4]) == 3\n\n\ndef test_one():\n    assert mean([]) if False else True\n';

/** A src layout whose tests import `stats`, which only `pythonpath = src` makes importable. */
const SRC_LAYOUT = { 'pytest.ini': '[pytest]\ntestpaths = tests\n', 'tests/test_stats.py': TEST_STATS };

const JEST_PKG = '{"name":"j","private":true,"jest":{"testEnvironment":"node"}}\n';
const JEST_TEST =
  "const { slugify } = require('../src/slug');\ntest('dashes', () => expect(slugify('A B')).toBe('a-b'));\ntest('lower', () => expect(slugify('AB')).toBe('ab'));\n";

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function attempt(files: Record<string, string>, edits: ReturnType<typeof call>[], args: string[]) {
  const repo = makeRepo(files);
  cleanups.push(repo.cleanup);
  const script: Script = [{ toolCalls: edits }, { content: 'Made the tests pass.' }];
  const server = await startModelServer(script);
  cleanups.push(() => server.close());
  // What the test run itself writes (Python's bytecode cache) is left as it leaves it.
  const source = () => Object.fromEntries(Object.entries(treeSnapshot(repo.dir)).filter(([f]) => !f.includes('__pycache__')));
  const before = source();
  const run = await runCli([...args, '--json', '--max-attempts', '1'], repo.dir, { UNBREAK_API_KEY: 'k-123456', OPENAI_BASE_URL: server.url });
  return { run, before, after: source(), server };
}

describe('adversarial: test weakening is never reported fixed', () => {
  it.each([
    [
      'editing the failing assertion (refused without --allow-test-edits)',
      [call('edit_file', { path: 'test/slug.test.js', old_text: "'a-b'", new_text: "'a_b'" })],
      [],
    ],
    [
      'deleting the failing test',
      [call('edit_file', { path: 'test/slug.test.js', old_text: "test('dashes', () => {\n  assert.strictEqual(slugify('A B'), 'a-b');\n});\n", new_text: '' })],
      ['--allow-test-edits'],
    ],
    [
      'skipping it with .skip',
      [call('edit_file', { path: 'test/slug.test.js', old_text: "test('dashes'", new_text: "test.skip('dashes'" })],
      ['--allow-test-edits'],
    ],
    [
      'turning it into a todo',
      [call('edit_file', { path: 'test/slug.test.js', old_text: "test('dashes', () => {", new_text: "test('dashes', { todo: true }, () => {" })],
      ['--allow-test-edits'],
    ],
    ['changing the test script to exit 0', [call('edit_file', { path: 'package.json', old_text: '"test":"node --test"', new_text: '"test":"exit 0"' })], []],
    [
      'narrowing the test script to the passing test',
      [call('edit_file', { path: 'package.json', old_text: '"test":"node --test"', new_text: '"test":"node --test --test-name-pattern=lower"' })],
      [],
    ],
  ])('node --test: %s', async (_name, edits, extra) => {
    const { run, before, after } = await attempt(NODE, edits, ['--test', 'npm test', ...extra]);
    expect(run.json).toMatchObject({ status: 'not-fixed', changedFiles: [] });
    expect(run.code).toBe(1);
    expect(after).toEqual(before);
  });

  it('jest: --passWithNoTests with every test ignored', async () => {
    const files = { 'package.json': JEST_PKG, 'src/slug.js': SLUG, '__tests__/slug.test.js': JEST_TEST };
    const { run, after, before } = await attempt(
      files,
      [
        call('edit_file', {
          path: 'package.json',
          old_text: '"testEnvironment":"node"',
          new_text: '"testEnvironment":"node","passWithNoTests":true,"testPathIgnorePatterns":["slug"]',
        }),
      ],
      ['--test', 'jest --ci'],
    );
    expect(run.json).toMatchObject({ status: 'not-fixed' });
    expect(after).toEqual(before);
  });

  it('pytest: an early sys.exit(0) in the code under test', async () => {
    const files = { 'stats.py': STATS, 'tests/test_stats.py': TEST_STATS };
    const { run, after, before } = await attempt(
      files,
      [call('edit_file', { path: 'stats.py', old_text: 'def mean(v):', new_text: 'import sys\nsys.exit(0)\n\ndef mean(v):' })],
      ['--test', 'python3 -m pytest -p no:cacheprovider'],
    );
    expect(run.json).toMatchObject({ status: 'not-fixed' });
    expect(after).toEqual(before);
  });

  it('pytest: a skip marker added with --allow-test-edits', async () => {
    const files = { 'stats.py': STATS, 'tests/test_stats.py': TEST_STATS };
    const { run } = await attempt(
      files,
      [call('edit_file', { path: 'tests/test_stats.py', old_text: 'def test_mean():', new_text: 'import pytest\n\n\n@pytest.mark.skip\ndef test_mean():' })],
      ['--test', 'python3 -m pytest -p no:cacheprovider', '--allow-test-edits'],
    );
    expect(run.json).toMatchObject({ status: 'not-fixed' });
  });

  it('pytest.ini: an addopts that deselects the failing test, beside the pythonpath a src layout needs, is refused whole', async () => {
    const files = { ...SRC_LAYOUT, 'src/stats.py': STATS };
    const edit = call('edit_file', {
      path: 'pytest.ini',
      old_text: 'testpaths = tests\n',
      new_text: 'testpaths = tests\npythonpath = src\naddopts = --deselect tests/test_stats.py::test_mean\n',
    });
    const { run, after, before, server } = await attempt(files, [edit], ['--test', 'python3 -m pytest -p no:cacheprovider']);
    expect(run.json).toMatchObject({ status: 'not-fixed', changedFiles: [] });
    expect(JSON.stringify(server.requests.at(-1))).toContain('the edit changes the test configuration in pytest.ini ([pytest])');
    expect(after).toEqual(before);
  });

  it('a test that rewrites itself to pass is judged against the original test file', async () => {
    const selfRewriting = TEST.replace(
      "const { slugify } = require('../src/slug');",
      "const { slugify } = require('../src/slug');\nrequire('node:fs').writeFileSync(__filename, \"require('node:test')('dashes', () => {});\\nrequire('node:test')('lower', () => {});\\n\");",
    );
    const { run } = await attempt(
      { ...NODE, 'test/slug.test.js': selfRewriting },
      [call('edit_file', { path: 'src/slug.js', old_text: 't.toLowerCase()', new_text: 't.toLowerCase().trim()' })],
      ['--test', 'node --test'],
    );
    expect(run.json).toMatchObject({ status: 'not-fixed' });
    expect(run.stderr).toMatch(/restored original test files before the final run: test\/slug\.test\.js/);
  });
});
