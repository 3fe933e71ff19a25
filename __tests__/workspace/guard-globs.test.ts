import { describe, expect, it } from '@jest/globals';
import picomatch from 'picomatch';
import { screenedMatcher } from '../../src/workspace/globs.js';
import { Guard, TEST_FILE_GLOBS } from '../../src/workspace/guard.js';
import { TEST_CONFIG_GLOBS } from '../../src/workspace/testconfig.js';

const anyGlob = (globs: string[]) => screenedMatcher(globs, { dot: true, nocase: true });

const PATHS = [
  'src/a.js',
  'test/a.js',
  'TEST/x.js',
  'a/Tests/b.py',
  'x.test.ts',
  'lib/x.Spec.js',
  'conftest.py',
  'a/.mocharc.yml',
  'test',
  'foo/test',
  'a_test.go',
  'jest.config.js',
  'pkg/__snapshots__/a.snap',
  'x/setupTests.ts',
  'a/b/sitecustomize.py',
  'vite.config.mts',
  '.hidden/test/a',
  'spec',
  'x/spec/y',
  'testing/a.js',
  'contest.py',
  '**/test/**',
  '',
];

describe('the test-file globs matched as one (screen, then one joined expression)', () => {
  it('answers as picomatch does, glob by glob', () => {
    const globs = [...TEST_FILE_GLOBS, ...TEST_CONFIG_GLOBS];
    const one = anyGlob(globs);
    const each = picomatch(globs, { dot: true, nocase: true });
    for (const p of PATHS) expect([p, one(p)]).toEqual([p, each(p)]);
    expect(PATHS.filter(one).length).toBeGreaterThan(10);
    expect(PATHS.filter((p) => !one(p))).toEqual(expect.arrayContaining(['src/a.js', 'testing/a.js', 'contest.py', '']));
  });

  it('a glob that is also a file name matches that name, and no glob matches nothing', () => {
    expect(anyGlob(['a[b]'])('a[b]')).toBe(picomatch('a[b]', { dot: true, nocase: true })('a[b]'));
    expect(anyGlob([])('anything')).toBe(false);
  });

  it('is what the guard calls a test file', () => {
    const guard = new Guard({ root: '/nonexistent', protect: [], allowTestEdits: false });
    for (const p of PATHS.filter(Boolean)) expect([p, guard.isTestFile(p)]).toEqual([p, anyGlob([...TEST_FILE_GLOBS, ...TEST_CONFIG_GLOBS])(p)]);
    expect(guard.isTestFile('jest.config.js')).toBe(true);
    expect(guard.isTestFile('src/a.js')).toBe(false);
  });
});
