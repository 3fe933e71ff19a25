import { boundedReader } from './bounded.js';
import type { Reader, SourceLocation } from '../test-report.js';
import { toRepoPath } from '../locations.js';
import { clampLines, outputLines } from '../text.js';
import { diagnosticsReport, type Diagnostic } from './diagnostic.js';

/**
 * TypeScript's `tsc`: `file(line,col): error TSxxxx: message` (plain, what a pipe gets), or
 * `file:line:col - error TSxxxx: message` with a code frame and related places (`--pretty`).
 * Elaborations are the indented lines that follow.
 */

const PLAIN = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/;
const PRETTY = /^(.+?):(\d+):(\d+) - error (TS\d+): (.*)$/;
const RELATED = /^\s{2,}(\S+?):(\d+):(\d+)$/;

export const tscReader: Reader = boundedReader({
  name: 'tsc',
  read({ output, root }) {
    const lines = outputLines(output);
    const found: Diagnostic[] = [];
    for (let i = 0; i < lines.length; i++) {
      const m = PLAIN.exec(lines[i]!) ?? PRETTY.exec(lines[i]!);
      if (!m) continue;
      const file = toRepoPath(m[1]!.trim(), root) ?? m[1]!.trim();
      const block = [lines[i]!];
      const related: SourceLocation[] = [];
      // What belongs to this error: indented elaboration, the code frame, related places; up to the next error.
      while (i + 1 < lines.length && !PLAIN.test(lines[i + 1]!) && !PRETTY.test(lines[i + 1]!) && !/^Found \d+ errors?/.test(lines[i + 1]!)) {
        const next = lines[++i]!;
        block.push(next);
        const r = RELATED.exec(next);
        const rel = r ? toRepoPath(r[1]!, root) : undefined;
        if (r && rel) related.push({ file: rel, line: Number(r[2]), column: Number(r[3]) });
      }
      while (block.length > 1 && !block[block.length - 1]!.trim()) block.pop();
      found.push({
        file,
        code: m[4]!,
        line: Number(m[2]),
        column: Number(m[3]),
        text: m[5]!.trim(),
        message: clampLines(block.join('\n'), 30),
        related,
      });
    }
    return found.length ? diagnosticsReport('tsc', found) : undefined;
  },
});
