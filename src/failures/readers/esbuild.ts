import { boundedReader } from './bounded.js';
import type { Reader } from '../test-report.js';
import { toRepoPath } from '../locations.js';
import { clampLines, outputLines } from '../text.js';
import { diagnosticsReport, type Diagnostic } from './diagnostic.js';

/**
 * An esbuild build error (also what Vite prints for its esbuild transforms): `✘ [ERROR] message`,
 * then the place, `    file:line:col:`, and a code frame.
 */

const HEAD = /^(?:✘ |X )?\[ERROR\] (.+)$/;
const PLACE = /^\s+(\S+?):(\d+):(\d+):$/;

export const esbuildReader: Reader = boundedReader({
  name: 'esbuild',
  read({ output, root }) {
    const lines = outputLines(output);
    const found: Diagnostic[] = [];
    for (let i = 0; i < lines.length; i++) {
      const h = HEAD.exec(lines[i]!);
      if (!h) continue;
      const block = [lines[i]!];
      let place: RegExpExecArray | null = null;
      while (i + 1 < lines.length && !HEAD.test(lines[i + 1]!) && !/^\d+ errors?$/.test(lines[i + 1]!)) {
        const next = lines[++i]!;
        block.push(next);
        place ??= PLACE.exec(next);
      }
      while (block.length > 1 && !block[block.length - 1]!.trim()) block.pop();
      if (!place) continue;
      const file = toRepoPath(place[1]!, root) ?? place[1]!;
      found.push({
        file,
        code: 'build error',
        line: Number(place[2]),
        column: Number(place[3]),
        text: h[1]!.trim(),
        message: clampLines(block.join('\n'), 20),
      });
    }
    return found.length ? diagnosticsReport('esbuild', found) : undefined;
  },
});
