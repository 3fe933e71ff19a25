import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import picomatch from 'picomatch';
import { screenedMatcher } from '../../src/workspace/globs.js';
import { TEST_FILE_GLOBS, protectPatterns } from '../../src/workspace/guard.js';
import { TEST_CONFIG_GLOBS } from '../../src/workspace/testconfig.js';
import { ALWAYS_PROTECTED } from '../../src/workspace/protected.js';

const OPTIONS = { dot: true, nocase: true };

/** Paths built from segments that are, nearly are, or fold into the globs' literals. */
function corpus(): string[] {
  const dirs = [
    '',
    'src/',
    'Test/',
    'TESTS/',
    'a/__tests__/',
    'spec/',
    'teſt/',
    'ſpec/',
    'fixtures/',
    '.github/',
    'x/testdata/y/',
    'lib/tests-old/',
    '__MOCKS__/',
    'é/',
    '../',
    './',
  ];
  const names = [
    'a.js',
    'a.test.js',
    'A.TEST.TS',
    'a.spec.mjs',
    'a_spec.rb',
    'A_SPEC.RB',
    'test_a.py',
    'a_test.py',
    'a_test.go',
    'tests.py',
    'conftest.py',
    'jest.config.js',
    'JEST.CONFIG.TS',
    'vitest.config.ts',
    'vitest.workspace.json',
    '.mocharc.yml',
    '.MOCHARC',
    'pytest.ini',
    'karma.conf.js',
    'vite.config.ts',
    'jest.setup.js',
    'setupTests.ts',
    'setup-tests.js',
    'a.snap',
    'A.SNAP',
    'tox.ini',
    'noxfile.py',
    '.nycrc',
    '.c8rc.json',
    '.taprc',
    '.ava.config.js',
    'ava.config.cjs',
    'sitecustomize.py',
    'x.pth',
    'teſt_a.py',
    'a.teſt.js',
    'a.tesT.js',
    'Kelvin.K.js',
    'aKa.snap',
    'contest.py',
    'testing.md',
    'a.test',
    'test',
    '.test.',
    'jest.config',
    'x.snapshot',
    'a.pth.bak',
    '',
    'ça.test.js',
  ];
  const out = dirs.flatMap((d) => names.map((n) => `${d}${n}`));
  // And this repository's own files.
  out.push(...execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n').filter(Boolean));
  return out;
}

describe('screenedMatcher', () => {
  const paths = corpus();
  const sets: [string, string[]][] = [
    ['test files', TEST_FILE_GLOBS],
    ['test configuration', TEST_CONFIG_GLOBS],
    ['always protected', ALWAYS_PROTECTED.flatMap(protectPatterns)],
    ['a protect glob with a class', protectPatterns('secrets/[ab]*.pem')],
  ];
  for (const [name, globs] of sets) {
    it(`answers as picomatch does for the ${name} globs`, () => {
      const screened = screenedMatcher(globs, OPTIONS);
      const plain = picomatch(globs, OPTIONS);
      const differ = paths.filter((p) => screened(p) !== plain(p));
      expect(differ).toEqual([]);
      // The corpus holds both answers, so the comparison says something.
      if (name !== 'a protect glob with a class') {
        expect(paths.some((p) => plain(p))).toBe(true);
        expect(paths.some((p) => !plain(p))).toBe(true);
      }
    });
  }
});
