import { afterEach, describe, expect, it } from '@jest/globals';
import { startModelServer, type ModelServer } from '../../testkit/model-server.js';
import { makeRepo } from '../../testkit/repo.js';
import { runCli } from '../../testkit/cli.js';

/** pytest's own usage errors (exit 4) and an empty selection (exit 5) are the command's to fix: no model request. */

const FILES = {
  'calc.py': 'def add(a, b):\n    return a - b\n',
  'tests/test_calc.py': 'from calc import add\n\n\ndef test_add():\n    assert add(2, 2) == 4\n\n\ndef test_zero():\n    assert add(0, 0) == 0\n',
  'conftest.py': '',
};

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function refused(test: string): Promise<{ line: string; server: ModelServer }> {
  const r = makeRepo(FILES);
  cleanups.push(r.cleanup);
  const server = await startModelServer([{ content: 'should not be asked' }]);
  cleanups.push(() => server.close());
  const run = await runCli(['--test', test, '--json'], r.dir, { UNBREAK_API_KEY: 'test-key-123456', OPENAI_BASE_URL: server.url });
  expect(run.code).toBe(1);
  expect(run.json).toMatchObject({ status: 'error', usage: { requests: 0 } });
  const lines = run.stderr.trim().split('\n');
  return { line: lines[lines.length - 1]!, server };
}

describe("pytest's usage errors stop before any model request", () => {
  it('a test file that does not exist (exit 4)', async () => {
    const { line, server } = await refused('python3 -m pytest tests/test_nothere.py');
    expect(line).toBe(
      'unbreak: error: the tests could not run: pytest finds no file or directory tests/test_nothere.py (exit 4): check the path in the test command',
    );
    expect(server.requests).toHaveLength(0);
  }, 60_000);

  it('a test id that names no test (exit 4)', async () => {
    const { line, server } = await refused('python3 -m pytest tests/test_calc.py::test_nope');
    expect(line).toMatch(
      /^unbreak: error: the tests could not run: pytest finds no test \S*tests\/test_calc\.py::test_nope \(exit 4\): check the test id in the test command$/,
    );
    expect(server.requests).toHaveLength(0);
  }, 60_000);

  it('a -k that selects nothing (exit 5)', async () => {
    const { line, server } = await refused('python3 -m pytest -k nomatch');
    expect(line).toBe('unbreak: error: the tests could not run: pytest collected 2 tests and selected none (exit 5): check -k / -m in the test command');
    expect(server.requests).toHaveLength(0);
  }, 60_000);

  it('a path with no tests in it (exit 5)', async () => {
    const { line, server } = await refused('python3 -m pytest calc.py');
    expect(line).toBe(
      "unbreak: error: the tests could not run: pytest collected no tests (exit 5): check the paths in the test command and pytest's testpaths and python_files settings",
    );
    expect(server.requests).toHaveLength(0);
  }, 60_000);
});
