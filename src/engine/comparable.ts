import { stripAnsi } from '../failures/text.js';
import type { TestResult } from './types.js';

/**
 * For a run only the generic reader understood (no test names, no count), exit 0 alone proves
 * little: `make test` whose recipe became `echo ok` exits 0 too. Such a run counts as fixed only if
 *  - the failure text is gone: the first line of each failure message is no longer printed, and
 *  - the command still does comparable work: the lines it printed before the first sign of the
 *    failure (make's recipe echo, npm's `> script` header, progress lines; digits ignored, so
 *    timings do not matter) are still printed, at least two in three of them.
 * Returns why not, one short line each.
 */
export function comparableWorkReasons(before: TestResult, after: TestResult): string[] {
  if (before.report.format !== 'generic' || after.report.format !== 'generic') return [];
  const reasons: string[] = [];
  const output = stripAnsi(after.run.output);
  const still = before.report.failures
    .map((f) => f.message.trim().split('\n')[0]!.trim())
    .filter((line) => line.length >= 8 && !/^exit code /.test(line))
    .filter((line) => output.includes(line));
  if (still.length) reasons.push(`the failure output is still there (${clip(still[0]!)})`);

  const work = workLines(stripAnsi(before.run.output));
  if (work.length > 0) {
    const now = new Set(allLines(output).map(normalize));
    const missing = work.filter((l) => !now.has(normalize(l)));
    if (missing.length * 3 > work.length)
      reasons.push(`the test command no longer prints what it printed while working (${clip(missing[0]!)}); it may no longer run the tests`);
  }
  return reasons;
}

// Lines that belong to a failure whatever reader saw them.
const FAILURE_LINE =
  /error|fail|traceback|exception|assert|expected|actual|^\s*at\s|^\s*File "|^\s*\^+\s*$|^\s*[+-]\s|\*\*\*|exit(?:ed)? (?:code|status)|npm ERR|Node\.js v\d|^\s*\{|^\s*\}|code: '|:\d+(?::\d+)?\)?$|^\s*\w+: .*,$/i;

const allLines = (output: string) =>
  output
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length >= 3);

/** The lines printed before the first sign of failure: what the command did while working. */
function workLines(output: string): string[] {
  const lines = allLines(output);
  const end = lines.findIndex((l) => FAILURE_LINE.test(l));
  return [...new Set(lines.slice(0, end < 0 ? lines.length : end))].slice(0, 200);
}

const normalize = (line: string) => line.replace(/\d+(?:\.\d+)?/g, '#');
const clip = (s: string) => (s.length > 80 ? `${s.slice(0, 80)}…` : s);
