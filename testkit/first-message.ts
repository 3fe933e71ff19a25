import { afterEach } from '@jest/globals';
import { buildContext } from '../src/context/build.js';
import type { TestFailure, TestReport } from '../src/failures/test-report.js';
import { gitIn, makeRepo } from './repo.js';

/**
 * The first message unbreak would send for a PR made of `change` over `base`, with one failing
 * test, in a real git repository (removed after each test), with `budget` tokens.
 */
export function firstMessageIn(budget: number, isTestFile: (f: string) => boolean) {
  let cleanups: (() => void)[] = [];
  afterEach(() => {
    cleanups.forEach((c) => c());
    cleanups = [];
  });
  return (base: Record<string, string>, change: Record<string, string>, failure: TestFailure) => {
    const r = makeRepo(base, change);
    cleanups.push(r.cleanup);
    const report: TestReport = { format: 'test', failures: [failure] };
    const files = gitIn(r.dir, 'ls-files').split('\n');
    return buildContext({ root: r.dir, testCommand: 'test', report, diff: gitIn(r.dir, 'diff', 'main'), budget, isTestFile, files });
  };
}

/** `n` lines (or blocks) made by `make`, joined by newlines: filler a real file would have. */
export const pad = (n: number, make: (i: number) => string) => Array.from({ length: n }, (_, i) => make(i)).join('\n');
