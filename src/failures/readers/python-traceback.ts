import path from 'node:path';
import type { SourceLocation } from '../test-report.js';
import { findLocations } from '../locations.js';
import { clampLines, dedent } from '../text.js';

/** One failure as its Python traceback tells it: pytest's sections and pytest's JUnit XML both carry one. */
export interface PythonDetails {
  message: string;
  expected?: string;
  actual?: string;
  stack?: string;
  locations: SourceLocation[];
}

/**
 * Message, operands, trimmed traceback and locations of one pytest failure section
 * (also the body of a pytest <failure> in JUnit XML).
 */
export function pythonDetails(body: string, root: string, prefix = ''): PythonDetails {
  const lines = body.split('\n');
  const groups: string[][] = [];
  let last = -2;
  lines.forEach((line, i) => {
    const m = /^E(?: (.*))?$/.exec(line);
    if (!m) return;
    if (i !== last + 1 || groups.length === 0) groups.push([]);
    groups[groups.length - 1]!.push(m[1] ?? '');
    last = i;
  });
  const message = clampLines(
    groups
      .map((g) => dedent(g.map((l) => l.trimEnd()).join('\n')).trim())
      .join('\n\n')
      .trim(),
    40,
  );

  const details: PythonDetails = { message: message || lastExceptionLine(lines), locations: pythonLocations(body, root, prefix) };
  const operands = assertOperands(
    details.message
      .split('\n')
      .map((l) => l.trim())
      .find((l) => /^(AssertionError: )?assert /.test(l)),
  );
  if (operands) Object.assign(details, operands);

  const stack = lines
    .filter((l, i) => {
      if (!l.trim() || /^(_ )+_?$/.test(l.trim())) return false;
      if (/^<frozen [^>]+>:\d+: in /.test(l)) return false;
      if (l.trim() === '???' && /^<frozen /.test(lines[i - 1] ?? '')) return false;
      return true;
    })
    .join('\n');
  if (stack) details.stack = clampLines(stack, 60);
  return details;
}

/** --tb=native has no "E" lines: the exception is the last unindented line that is not a location. */
function lastExceptionLine(lines: string[]): string {
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (!line.trim() || /^\s/.test(line) || /^(\S+\.py:\d+|-{3,}|_ _)/.test(line)) continue;
    return line.trim();
  }
  return '';
}

/** Locations of the traceback entries ("tests/x.py:12: in f", 'File "x.py", line 3'), inside the repo. */
export function pythonLocations(body: string, root: string, prefix = ''): SourceLocation[] {
  const refs: string[] = [];
  for (const line of body.split('\n')) {
    const entry = /^(\S[^:\s]*\.py):(\d+):(?: |$)/.exec(line);
    if (entry) {
      const file = entry[1]!;
      const withPrefix = prefix && !path.isAbsolute(file) ? `${prefix}/${file}` : file;
      refs.push(`${withPrefix}:${entry[2]}`);
      continue;
    }
    const native = /File "([^"]+)", line (\d+)/.exec(line);
    if (native) refs.push(`${native[1]}:${native[2]}`);
  }
  return findLocations(refs.join('\n'), root);
}

/** "assert 'a-b' == 'a_b'" → actual 'a-b' (left), expected 'a_b' (right), as pytest prints them. */
export function assertOperands(line: string | undefined): { expected: string; actual: string } | undefined {
  if (!line) return undefined;
  const m = /^(?:AssertionError: )?assert (.+)$/.exec(line);
  if (!m) return undefined;
  const expr = m[1]!;
  let depth = 0;
  let quote = '';
  for (let i = 0; i < expr.length; i++) {
    const c = expr[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (depth === 0 && expr.startsWith(' == ', i)) {
      return { actual: expr.slice(0, i).trim(), expected: expr.slice(i + 4).trim() };
    }
  }
  return undefined;
}
