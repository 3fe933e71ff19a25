import { afterEach, describe, expect, it } from '@jest/globals';
import { makeRepo } from '../../testkit/repo.js';
import { isTestConfigFile, testConfigChange } from '../../src/workspace/testconfig.js';
import { Guard, protectPatterns } from '../../src/workspace/guard.js';

describe('test configuration inside shared files', () => {
  it('package.json: scripts and runner keys are test configuration, dependencies are not', () => {
    const pkg = (o: object) => JSON.stringify(o, null, 2);
    expect(testConfigChange('package.json', pkg({ scripts: { test: 'jest' } }), pkg({ scripts: { test: 'jest --passWithNoTests' } }))).toBe('scripts');
    expect(testConfigChange('pkg/package.json', pkg({ jest: {} }), pkg({ jest: { setupFiles: ['./shim.js'] } }))).toBe('jest');
    expect(testConfigChange('package.json', pkg({ dependencies: { a: '1' } }), pkg({ dependencies: { a: '2' } }))).toBeUndefined();
  });

  it('pyproject.toml and setup.cfg: pytest sections and lines naming pytest', () => {
    const py = '[project]\nname = "x"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n';
    expect(testConfigChange('pyproject.toml', py, py.replace('testpaths', 'addopts = "-p flip"\ntestpaths'))).toBe('[tool.pytest.ini_options]');
    expect(testConfigChange('pyproject.toml', py, py.replace('name = "x"', 'name = "y"'))).toBeUndefined();
    expect(testConfigChange('pyproject.toml', '[project]\n', '[project]\n\n[project.entry-points.pytest11]\nflip = "flip"\n')).toBe(
      '[project.entry-points.pytest11]',
    );
    expect(testConfigChange('setup.cfg', '[metadata]\nname = x\n', '[metadata]\nname = x\n\n[tool:pytest]\naddopts = -p flip\n')).toBe('[tool:pytest]');
  });

  it('pytest.ini is test configuration by its [pytest] section, whatever the key', () => {
    const ini = '[pytest]\ntestpaths = tests\n';
    expect(testConfigChange('pytest.ini', ini, `${ini}addopts = -p flip\n`)).toBe('[pytest]');
    expect(testConfigChange('sub/pytest.ini', ini, ini.replace('tests', 'tests/unit'))).toBe('[pytest]');
    expect(testConfigChange('pytest.ini', ini, `${ini}pythonpath = src\n`)).toBe('[pytest]');
  });

  describe('pythonpath: a folder of the project the tests could not import from is not a test change', () => {
    // What the guard answers from the work tree: `src` and `lib` are source folders; `tests` holds tests; `shim` does not exist.
    const folder = (entry: string) => ['src', 'lib', 'src/pkg'].includes(entry);
    it.each([
      ['pytest.ini', '[pytest]\ntestpaths = tests\n', '[pytest]\ntestpaths = tests\npythonpath = src\n'],
      ['pytest.ini', '[pytest]\npythonpath = src\n', '[pytest]\npythonpath = src lib\n'],
      ['pytest.ini', '[pytest]\n', '[pytest]\npythonpath =\n    src\n    lib\n'],
      ['pytest.ini', '[pytest]\n', '[pytest]\npythonpath = ./src/\n'],
      ['pyproject.toml', '[tool.pytest.ini_options]\npythonpath = ["."]\n', '[tool.pytest.ini_options]\npythonpath = [".", "src"]\n'],
      ['pyproject.toml', '[project]\nname = "x"\n', '[project]\nname = "x"\n\n[tool.pytest.ini_options]\npythonpath = [\n  "src",\n]\n'],
      ['setup.cfg', '[tool:pytest]\naddopts = -q\n', '[tool:pytest]\naddopts = -q\npythonpath = src/pkg\n'],
    ])('%s: %j -> %j is allowed', (file, before, after) => {
      expect(testConfigChange(file, before, after, folder)).toBeUndefined();
    });
    it.each([
      ['a folder that is not one of the project', 'pytest.ini', '[pytest]\n', '[pytest]\npythonpath = shim\n'],
      ['the tests folder', 'pytest.ini', '[pytest]\n', '[pytest]\npythonpath = tests\n'],
      ['a folder taken off', 'pytest.ini', '[pytest]\npythonpath = src lib\n', '[pytest]\npythonpath = src\n'],
      ['a folder put first', 'pyproject.toml', '[tool.pytest.ini_options]\npythonpath = ["src"]\n', '[tool.pytest.ini_options]\npythonpath = ["lib", "src"]\n'],
      ['another key changed with it', 'pytest.ini', '[pytest]\n', '[pytest]\npythonpath = src\naddopts = -p flip\n'],
      ['an option hidden in the value', 'pytest.ini', '[pytest]\n', '[pytest]\npythonpath = src\n  -p flip\n'],
      ['a path outside the project', 'pytest.ini', '[pytest]\n', '[pytest]\npythonpath = ../src\n'],
      ['without the guard to ask (no folder is known)', 'setup.cfg', '[tool:pytest]\n', '[tool:pytest]\npythonpath = src\n'],
    ])('%s: refused', (_why, file, before, after) => {
      const ask = _why.startsWith('without') ? undefined : folder;
      expect(testConfigChange(file, before, after, ask)).toBeDefined();
    });
  });

  it('Makefile: test targets, their recipes and test variables; other targets are free', () => {
    const mk = 'CFLAGS = -O2\nTEST_FLAGS = -v\n\nbuild:\n\tcc main.c\n\ntest: build\n\t./run-tests $(TEST_FLAGS)\n';
    expect(testConfigChange('Makefile', mk, mk.replace('./run-tests', 'echo'))).toBe('target test');
    expect(testConfigChange('Makefile', mk, mk.replace('-v', '-q || true'))).toBe('variable TEST_FLAGS');
    expect(testConfigChange('Makefile', mk, mk.replace('cc main.c', 'cc -g main.c'))).toBeUndefined();
    expect(testConfigChange('src/lib.js', 'a', 'b')).toBeUndefined();
  });

  it('whole files: setup files, snapshots anywhere, vite config', () => {
    for (const f of ['vite.config.ts', 'web/jest.setup.js', 'src/setupTests.ts', 'src/components/Button.tsx.snap', 'tox.ini', 'sitecustomize.py'])
      expect(isTestConfigFile(f)).toBe(true);
    expect(isTestConfigFile('src/vite.ts')).toBe(false);
  });
});

describe('protect globs match like .gitignore lines', () => {
  const guard = (protect: string[]) => new Guard({ root: '/nonexistent', protect, allowTestEdits: false });
  it.each([
    ['*.pem', 'certs/server.pem', true],
    ['*.pem', 'server.pem', true],
    ['/secrets', 'secrets/a.txt', true],
    ['/secrets', 'lib/secrets/a.txt', false],
    ['secrets', 'lib/secrets/a.txt', true],
    ['secrets/', 'secrets/a.txt', true],
    ['config/prod/*', 'config/prod/db.yml', true],
    ['config/prod/*', 'other/config/prod/db.yml', false],
    ['.github/**', '.github/workflows/ci.yml', true],
  ])('%s on %s: %s', (glob, file, expected) => {
    expect(guard([glob]).mayEdit(file).ok).toBe(!expected);
  });

  it('protects the defaults and says which user globs match nothing', () => {
    const g = guard(['*.pem', 'nowhere/**']);
    for (const f of ['.gitlab-ci.yml', '.husky/pre-commit', '.gitmodules', '.gitattributes', 'web/.npmrc', 'action.yml']) expect(g.mayEdit(f).ok).toBe(false);
    expect(g.mayEdit('lib/action.yml').ok).toBe(true);
    expect(g.unmatchedProtect(['certs/a.pem', 'src/x.js'])).toEqual(['nowhere/**']);
    expect(protectPatterns('secrets')).toEqual(['**/secrets', '**/secrets/**']);
  });

  it('protects what other systems run or obey, whatever the flags, and names the glob that matched', () => {
    const g = new Guard({ root: '/nonexistent', protect: [], allowTestEdits: true });
    const always = [
      '.circleci/config.yml',
      'services/api/.circleci/config.yml',
      '.buildkite/pipeline.yml',
      '.travis.yml',
      'azure-pipelines.yml',
      'bitbucket-pipelines.yml',
      'Jenkinsfile',
      'ci/Jenkinsfile',
      '.drone.yml',
      '.woodpecker/test.yml',
      '.woodpecker.yml',
      '.pnpmfile.cjs',
      '.yarnrc.yml',
      '.yarnrc',
      '.yarn/plugins/@yarnpkg/plugin-hook.cjs',
      '.yarn/releases/yarn-4.1.0.cjs',
      '.devcontainer/devcontainer.json',
      '.devcontainer/post-create.sh',
      '.devcontainer.json',
      '.vscode/tasks.json',
      'CODEOWNERS',
      'docs/CODEOWNERS',
      '.GitHub/CODEOWNERS',
    ];
    for (const f of always) expect([f, g.mayEdit(f).ok]).toEqual([f, false]);
    for (const f of ['src/vscode-settings.json', 'src/circleci.js', 'docs/jenkins.md', 'yarn.lock', 'src/devcontainer.ts'])
      expect([f, g.mayEdit(f).ok]).toEqual([f, true]);
    const refused = g.mayEdit('.pnpmfile.cjs');
    expect(refused.ok ? '' : refused.reason).toBe(
      '.pnpmfile.cjs is a protected path (.pnpmfile.cjs, always protected: other systems run or obey it); it may not be edited',
    );
  });
});

describe('the guard: a folder put on pythonpath must be a source folder of the project that shadows no other module', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => cleanups.splice(0).forEach((c) => c()));
  const ini = '[pytest]\ntestpaths = tests\n';
  const guardOf = (files: Record<string, string>) => {
    const repo = makeRepo({ 'pytest.ini': ini, 'tests/test_convert.py': 'from convert import f\n', ...files });
    cleanups.push(repo.cleanup);
    return new Guard({ root: repo.dir, protect: [], allowTestEdits: false });
  };
  const put = (guard: Guard, folder: string) => guard.mayChangeContent('pytest.ini', ini, `${ini}pythonpath = ${folder}\n`);

  it('allows the src folder of a src layout, and refuses the tests folder and a folder that is not there', () => {
    const guard = guardOf({ 'src/convert.py': 'def f(): return 1\n', 'src/units/__init__.py': '' });
    expect(put(guard, 'src')).toEqual({ ok: true });
    expect(put(guard, 'tests').ok).toBe(false);
    expect(put(guard, 'lib').ok).toBe(false);
  });

  it('refuses a folder holding a module another folder of the project also provides: it would be imported instead', () => {
    const guard = guardOf({ 'src/convert.py': 'def f(): return 1\n', 'legacy/convert.py': 'def f(): return 2\n', 'legacy/units/__init__.py': '' });
    const refused = put(guard, 'legacy');
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.reason).toMatch(/pytest\.ini \(\[pytest\]\)/);
    // And a package of the same name counts as the module.
    const pkg = guardOf({ 'src/convert.py': 'def f(): return 1\n', 'vendor/convert/__init__.py': 'def f(): return 2\n' });
    expect(put(pkg, 'vendor').ok).toBe(false);
  });
});
