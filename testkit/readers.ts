import { readFileSync } from 'node:fs';
import type { Reader, TestFailure, TestReport } from '../src/testing/report.js';

/** The root each fixture was made in (see __tests__/fixtures/readers/README.md). */
export const fixtureRoot = (tool: string) => `/tmp/unbreak-fixture/${tool}`;

/** A reader's report on a recorded fixture; fails loudly when the reader does not claim it. */
export function fixtureReport(reader: Reader, tool: string, name: string): TestReport {
  const output = readFileSync(new URL(`../__tests__/fixtures/readers/${tool}/${name}.txt`, import.meta.url), 'utf8');
  const report = reader.read({ output, root: fixtureRoot(tool) });
  if (!report) throw new Error(`${reader.name} did not recognise ${tool}/${name}`);
  return report;
}

export function byId(r: TestReport, id: string): TestFailure {
  const f = r.failures.find((x) => x.id === id);
  if (!f) throw new Error(`no failure ${id} in ${r.failures.map((x) => x.id).join(', ')}`);
  return f;
}
