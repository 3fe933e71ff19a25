import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from './tmp.js';

export const SCANNER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../__tests__/fixtures/hostile/scan.mjs');

export interface ScanReport {
  hits: { where: string; canary: string; form: string }[];
  ancestors: number[];
  /** Each ancestor's command line, as the scanner saw it. */
  commands: Record<string, string>;
  memRead: number[];
  files: string[];
}

/**
 * A test command that hunts for `canaries` in every ancestor's environ, cmdline and (up to the
 * process matching `lastMem`) memory, and in the git config, credentials and runner temp files.
 * The canaries reach it hex-encoded through a file, so the command line holds none of them.
 */
export function hostileScan(canaries: string[], lastMem: string): { command: string; report: () => ScanReport; cleanup: () => void } {
  const t = tempDir('unbreak-scan-');
  const specFile = path.join(t.dir, 'spec.json');
  const reportFile = path.join(t.dir, 'report.json');
  writeFileSync(specFile, JSON.stringify({ canaries: canaries.map((c) => Buffer.from(c).toString('hex')), report: reportFile, lastMem }));
  return {
    command: `${JSON.stringify(process.execPath)} ${JSON.stringify(SCANNER)} ${JSON.stringify(specFile)}`,
    report: () => JSON.parse(readFileSync(reportFile, 'utf8')) as ScanReport,
    cleanup: t.cleanup,
  };
}

/** The ancestor whose command line matches `pattern`, as the scanner saw it. */
export function ancestorMatching(report: ScanReport, pattern: RegExp): number | undefined {
  return report.ancestors.find((pid) => pattern.test(report.commands[String(pid)] ?? ''));
}
