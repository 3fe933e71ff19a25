import { boundedReader } from './bounded.js';
import type { Reader } from '../test-report.js';
import { toRepoPath } from '../locations.js';
import { diagnosticsReport, type Diagnostic } from './diagnostic.js';
import { outputLines } from '../text.js';

/**
 * ESLint's default "stylish" output: a file's path, then `  line:col  error  message  rule` rows,
 * and the `✖ N problems (E errors, W warnings)` total that makes it ESLint's. Errors fail the run;
 * warnings count only when the run failed on them alone (`--max-warnings`).
 */

const TOTAL = /^✖ \d+ problems? \((\d+) errors?, (\d+) warnings?\)$/m;
const FILE = /^(\S.*\.\w+)$/;
const ROW = /^\s+(\d+):(\d+)\s+(error|warning)\s+(.+?)(?:\s{2,}(\S+))?$/;

export const eslintReader: Reader = boundedReader({
  name: 'eslint',
  read({ output, root }) {
    const total = TOTAL.exec(output);
    if (!total) return undefined;
    const warningsFail = total[1] === '0' && /ESLint found too many warnings/.test(output);
    const lines = outputLines(output);
    const found: Diagnostic[] = [];
    let file: string | undefined;
    for (const line of lines) {
      if (!line.trim()) {
        file = undefined;
        continue;
      }
      const f = FILE.exec(line);
      if (f && !line.startsWith(' ')) {
        file = toRepoPath(f[1]!, root) ?? f[1]!;
        continue;
      }
      const row = file ? ROW.exec(line) : undefined;
      if (!row || !file) continue;
      if (row[3] === 'warning' && !warningsFail) continue;
      const rule = row[5] ?? (row[3] === 'error' ? 'error' : 'warning');
      found.push({
        file,
        code: rule,
        line: Number(row[1]),
        column: Number(row[2]),
        text: row[4]!.trim(),
        message: `${file}:${row[1]}:${row[2]}: ${row[3]}: ${row[4]!.trim()}${row[5] ? ` (${row[5]})` : ''}`,
      });
    }
    return found.length ? diagnosticsReport('eslint', found) : undefined;
  },
});
