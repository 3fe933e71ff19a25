/** Helpers shared by the JavaScript test-runner readers (jest, vitest, mocha, node --test). */
import { findLocations, toRepoPath, trimStack } from '../locations.js';
import type { SourceLocation } from '../test-report.js';
import type { FailureDetails } from '../events.js';
import { clampLines, outputLines } from '../text.js';

/** How many lines a failure message keeps. */
const MESSAGE_LINES = 12;

/** Cuts the output into lines, dropping carriage returns (split once for all readers: text.ts). */
export function splitLines(output: string): readonly string[] {
  return outputLines(output);
}

export function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/** Drops a trailing runner timing like ` (5 ms)`, ` (0.21ms)`, ` 12ms`, ` (1.2 s)`. */
export function stripDuration(text: string): string {
  return text
    .replace(/\s+\(\d+(?:\.\d+)?\s?(?:ms|s|m)\)$/, '')
    .replace(/\s+\d+(?:\.\d+)?\s?(?:ms|s)$/, '')
    .trimEnd();
}

/** Joins message lines: trims the edges, collapses runs of blank lines into one, keeps it short. */
export function tidyMessage(lines: string[]): string {
  const out: string[] = [];
  for (const raw of lines) {
    const line = raw.trimEnd();
    if (!line.trim()) {
      if (out.length && out[out.length - 1] !== '') out.push('');
      continue;
    }
    out.push(line);
  }
  while (out.length && out[out.length - 1] === '') out.pop();
  return clampLines(out.join('\n'), MESSAGE_LINES);
}

/**
 * Reads a line diff into its two sides. Each line is a marker (`-`, `+` or a space for context) and, for
 * jest and vitest, one more space (`width` 2); mocha puts the content right after the marker (`width` 1).
 * `expectedMark` is the marker the runner uses for the expected side.
 */
export function diffSides(lines: string[], expectedMark: '-' | '+', width = 2): { expected: string; actual: string } | undefined {
  const expected: string[] = [];
  const actual: string[] = [];
  let changed = false;
  for (const line of lines) {
    // A long snapshot's diff is cut into hunks (`@@ -19,11 +19,11 @@`): the header is neither side.
    if (!line.trim() || /^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@$/.test(line.trim())) continue;
    const mark = line[0];
    const body = line.slice(width);
    if (mark === expectedMark) {
      expected.push(body);
      changed = true;
    } else if (mark === '-' || mark === '+') {
      actual.push(body);
      changed = true;
    } else {
      expected.push(body);
      actual.push(body);
    }
  }
  if (!changed) return undefined;
  return { expected: expected.join('\n'), actual: actual.join('\n') };
}

/** Moves locations in the test file to the front (stable), as TestFailure.locations promises. */
export function testFileFirst(locations: SourceLocation[], file: string | undefined): SourceLocation[] {
  if (!file) return locations;
  return [...locations.filter((l) => l.file === file), ...locations.filter((l) => l.file !== file)];
}

/** Adds `extra` locations not already present (same file and line). */
export function mergeLocations(locations: SourceLocation[], extra: SourceLocation[]): SourceLocation[] {
  const out = [...locations];
  for (const l of extra) {
    if (!out.some((o) => o.file === l.file && o.line === l.line)) out.push(l);
  }
  return out;
}

/** A `path:line[:col]` reference inside the repo, or undefined. */
export function locationOf(ref: string, root: string): SourceLocation | undefined {
  const m = /^(.*?):(\d+)(?::(\d+))?$/.exec(ref.trim());
  if (!m) return undefined;
  const file = toRepoPath(m[1]!, root);
  if (!file) return undefined;
  return m[3] ? { file, line: Number(m[2]), column: Number(m[3]) } : { file, line: Number(m[2]) };
}

/** The test file among stack locations: one that looks like a test, else the outermost. */
export function testFileOf(locations: SourceLocation[]): string | undefined {
  const test = locations.find((l) => /(^|\/)(tests?|spec|__tests__)\/|[.-](test|spec)\.[cm]?[jt]sx?$/.test(l.file));
  return (test ?? locations[locations.length - 1])?.file;
}

/** True when `name` is a path to a JS/TS file (how node --test names a file that failed as a whole). */
export function looksLikeTestFile(name: string): boolean {
  return /^[^\s]+\.(?:[cm]?[jt]sx?)$/.test(name);
}

export interface FailureParts {
  file?: string;
  message: string;
  expected?: string;
  actual?: string;
  stack?: string;
  /** Locations the runner gives outside the message and stack (e.g. a parse error position). */
  extraLocations?: SourceLocation[];
}

/** What a test event carries about its failure; its id and name are the fold's to decide. */
export function makeFailure(parts: FailureParts, root: string): FailureDetails {
  const stack = parts.stack ? trimStack(parts.stack) : '';
  let locations = findLocations(`${parts.message}\n${stack}`, root);
  if (parts.extraLocations) locations = mergeLocations(locations, parts.extraLocations);
  locations = testFileFirst(locations, parts.file);
  const failure: FailureDetails = { message: parts.message, locations };
  if (parts.file) failure.file = parts.file;
  if (parts.expected !== undefined) failure.expected = parts.expected;
  if (parts.actual !== undefined) failure.actual = parts.actual;
  if (stack) failure.stack = stack;
  return failure;
}

/** The first line that names an error (`TypeError: …`, `SyntaxError [ERR_X]: …`, `Error: …`). */
export function findErrorLine(lines: string[]): number {
  return lines.findIndex((l) => /^\s*(?:[A-Z]\w*)?(?:Error|Exception)\b[^:]*:/.test(l) && !/^\s*at /.test(l));
}

/**
 * The error printed by a crashing node process (a test file that fails to load): message is the error line,
 * stack is the whole block (it starts with `path:line` for a syntax error, which locations pick up).
 */
export function crashDetails(block: string[]): { message: string; stack: string } | undefined {
  const lines = block.filter((l) => !/^Node\.js v\d/.test(l.trim()));
  if (!lines.some((l) => l.trim())) return undefined;
  const at = findErrorLine(lines);
  const message = at >= 0 ? lines[at]!.trim() : lines.find((l) => l.trim())!.trim();
  const first = lines.find((l) => l.trim())!.trim();
  const stack = lines.filter((l) => /^\s*at /.test(l)).map((l) => `    ${l.trim()}`);
  if (/:\d+$/.test(first) && !/^node:/.test(first)) stack.unshift(first);
  return { message, stack: stack.join('\n') };
}
