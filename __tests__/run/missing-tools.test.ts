import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { environmentProblem } from '../../src/run/missing-tools.js';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/environment');
const output = (name: string) => readFileSync(path.join(dir, `${name}.txt`), 'utf8');
const failed = (name: string, extra: { exitCode?: number; notFound?: boolean } = {}) => ({
  output: output(name),
  exitCode: extra.exitCode ?? 1,
  notFound: extra.notFound ?? false,
  command: 'the command',
});

describe('environmentProblem, from real output', () => {
  it.each([
    ['npx-vitset', /^npm cannot find the package "vitset" in the registry: check the spelling/],
    ['npx-nobin', /^npx found no program to run/],
    ['npx-noinstall', /^jest@30\.5\.2 is not installed: install the project's dependencies/],
    ['venv-pytest', /^pytest is not installed for this Python: install it \(e\.g\. pip install pytest\)/],
    ['node-jest', /^jest is not installed: install the project's dependencies/],
    ['npm-notest', /^package.json has no "test" script: pass the test command with --test/],
  ])('%s says what to install or fix', (name, message) => {
    expect(environmentProblem(failed(name), 0)?.message).toMatch(message);
  });

  it('names a command the shell cannot find', () => {
    expect(environmentProblem(failed('sh-vitest', { exitCode: 127, notFound: true }), 0)?.message).toBe(
      'vitest is not installed or not on PATH: install it (e.g. npm install --save-dev vitest, then run it through npx or an npm script), or change the test command',
    );
  });

  it("leaves a test file's own missing module to the model", () => {
    expect(environmentProblem(failed('node-test-missing-local'), 0)).toBeUndefined();
    expect(environmentProblem({ ...failed('node-jest'), output: "Error: Cannot find module 'lodsh'\nRequire stack:\n- /r/src/a.js" }, 0)).toBeUndefined();
    expect(environmentProblem({ ...failed('node-jest'), output: "ModuleNotFoundError: No module named 'slugs'" }, 0)).toBeUndefined();
  });

  it('says nothing when tests ran, or the command passed', () => {
    expect(environmentProblem(failed('node-jest'), 3)).toBeUndefined();
    expect(environmentProblem({ ...failed('npm-notest'), exitCode: 0 }, 0)).toBeUndefined();
  });

  it('knows a pytest plugin flag without its plugin', () => {
    expect(environmentProblem({ ...failed('pytest-nocov'), exitCode: 4 }, 0)?.message).toMatch(/^pytest does not know --cov=src: install the plugin/);
  });
});
