import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Reader, TestFailure, TestReport } from '../src/failures/test-report.js';

/**
 * The folders the fixtures were recorded in (see __tests__/fixtures/readers/README.md), with the project's own
 * folder when it follows: `/tmp/unbreak-fixture/<tool>`, `/tmp/unbreak-real/<project>`, `/tmp/tapfix/<v>`.
 * They exist only where the fixtures were made, so a test never hands them to a reader: `fixture` rewrites
 * them to a project folder of the test's own.
 */
export const RECORDED_AT = /\/tmp\/(?:unbreak-fixture|unbreak-real|tapfix|envout)(?:\/[\w.-]+)?/g; // path as data: rewritten here

const fixturesDir = new URL('../__tests__/fixtures/', import.meta.url);

/** A fresh folder in the system temp dir, removed when the test process ends. */
function ownDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A recorded project folder replayed in a folder of this test file's own. */
export interface RecordedProject {
  /** The folder: pass it as the reader's root. */
  root: string;
  /** A fixture's text (path under __tests__/fixtures/), with the folder it was recorded in rewritten to `root`. */
  fixture(file: string): string;
}

/**
 * A project folder for replaying recorded output, with the files the recording's project had that a reader
 * looks for (go.mod, the modules unittest ids name): the recording stays byte for byte what the tool printed,
 * except for the folder it ran in.
 */
export function recordedProject(files: Record<string, string> = {}): RecordedProject {
  const root = ownDir('unbreak-recorded-');
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return { root, fixture: (file) => readFileSync(new URL(file, fixturesDir), 'utf8').replace(RECORDED_AT, root) };
}

let shared: RecordedProject | undefined;
/** An empty project folder shared by the tests of one file: for readers that do not look at the tree. */
export const emptyProject = (): RecordedProject => (shared ??= recordedProject());

/** A reader's report on a recorded fixture; fails loudly when the reader does not claim it. */
export function fixtureReport(reader: Reader, tool: string, name: string): TestReport {
  const { root, fixture } = emptyProject();
  const report = reader.read({ output: fixture(`readers/${tool}/${name}.txt`), root });
  if (!report) throw new Error(`${reader.name} did not recognise ${tool}/${name}`);
  return report;
}

export function byId(r: TestReport, id: string): TestFailure {
  const f = r.failures.find((x) => x.id === id);
  if (!f) throw new Error(`no failure ${id} in ${r.failures.map((x) => x.id).join(', ')}`);
  return f;
}
