import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import picomatch from 'picomatch';
import { fileURLToPath } from 'node:url';
import { nameFilter, readReport } from '../../src/failures/collect.js';
import type { CommandRun } from '../../src/run/command.js';
import { DEFAULT_JUNIT_GLOB } from '../../src/options/config.js';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/readers/junit/pytest-failing.xml');

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

// A real run starts before it writes its report: a run stamped later (after a slow scan under load) would
// put the report outside the one-second window and make the test depend on the machine's speed.
const run = (startedAt = Date.now()): CommandRun => ({
  command: 'pytest --junitxml=reports/deep/junit.xml',
  output: 'some output no reader knows\n',
  exitCode: 1,
  timedOut: false,
  notFound: false,
  durationMs: 10,
  startedAt,
  outputBytes: 28,
  droppedBytes: 0,
});

describe('the JUnit glob', () => {
  it('tests names by the last segment of the glob only where every match must pass it', () => {
    const named = nameFilter(DEFAULT_JUNIT_GLOB)!;
    for (const name of ['junit.xml', 'TEST-suite.xml', 'my-junit-report.xml', 'test-results.xml', 'test-report.xml', '.junit.xml'])
      expect([name, named(name)]).toEqual([name, true]);
    for (const name of ['t1.test.mjs', 'junit.json', 'results.xml', 'README.md']) expect([name, named(name)]).toEqual([name, false]);
    // No name test where the last segment can span directories or is not a name pattern.
    expect(nameFilter('reports/**')).toBeUndefined();
    expect(nameFilter('reports/{a,b/c}.xml')).toBeUndefined();
    expect(nameFilter('!**/junit.xml')).toBeUndefined();
    expect(nameFilter('reports\\junit.xml')).toBeUndefined();
    expect(nameFilter('reports/')).toBeUndefined();
    expect(nameFilter('build/test-results/**/*.xml')!('TEST-a.xml')).toBe(true);
    expect(nameFilter('{a,b}/*.xml')!('x.xml')).toBe(true);
  });

  it('never refuses a name a path the glob matches ends in', () => {
    const globs = [DEFAULT_JUNIT_GLOB, 'build/test-results/**/TEST-*.xml', '**/@(junit|report)-[0-9].xml', 'x/{junit,other}.xml', '*.xml'];
    const paths = [
      'junit.xml',
      'a/b/TEST-x.xml',
      'build/test-results/test/TEST-a.b.xml',
      'q/junit-1.xml',
      'q/report-7.xml',
      'x/junit.xml',
      'x/other.xml',
      'a.xml',
      '.dot/junit.xml',
    ];
    for (const glob of globs) {
      const whole = picomatch(glob, { dot: false });
      const named = nameFilter(glob)!;
      for (const p of paths) if (whole(p)) expect([glob, p, named(path.basename(p))]).toEqual([glob, p, true]);
    }
  });

  it('still finds the report a run wrote among thousands of files it skips', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'unbreak-junit-glob-'));
    dirs.push(root);
    for (let d = 0; d < 20; d++) {
      mkdirSync(path.join(root, 'test', String(d)), { recursive: true });
      for (let i = 0; i < 100; i++) writeFileSync(path.join(root, 'test', String(d), `t${i}.test.mjs`), '// x\n');
    }
    mkdirSync(path.join(root, 'reports/deep'), { recursive: true });
    const startedAt = Date.now();
    writeFileSync(path.join(root, 'reports/deep/junit.xml'), readFileSync(FIXTURE));
    const report = await readReport(run(startedAt), root, DEFAULT_JUNIT_GLOB);
    expect(report.format).toBe('junit');
    expect(report.failures.length).toBeGreaterThan(0);
    // A glob with no name test (its last segment is **) finds it too, for the same run however long the first scan took.
    expect((await readReport(run(startedAt), root, 'reports/**')).format).toBe('junit');
  });

  it('finds a report written after an earlier search into a directory that search had read', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'unbreak-junit-glob-'));
    dirs.push(root);
    mkdirSync(path.join(root, 'reports/deep'), { recursive: true });
    mkdirSync(path.join(root, 'test/a'), { recursive: true });
    writeFileSync(path.join(root, 'test/a/t.test.mjs'), '// x\n');
    // Listings are kept only for directories that had not changed for a while before they were read.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await readReport(run(), root, DEFAULT_JUNIT_GLOB)).format).not.toBe('junit');
    expect((await readReport(run(), root, DEFAULT_JUNIT_GLOB)).format).not.toBe('junit');
    writeFileSync(path.join(root, 'reports/deep/junit.xml'), readFileSync(FIXTURE));
    expect((await readReport(run(), root, DEFAULT_JUNIT_GLOB)).format).toBe('junit');
    rmSync(path.join(root, 'reports/deep/junit.xml'));
    expect((await readReport(run(), root, DEFAULT_JUNIT_GLOB)).format).not.toBe('junit');
  });
});
