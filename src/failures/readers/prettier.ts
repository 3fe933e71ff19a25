import { boundedReader } from './bounded.js';
import type { Reader } from '../test-report.js';
import { toRepoPath } from '../locations.js';
import { diagnosticsReport, type Diagnostic } from './diagnostic.js';
import { outputLines } from '../text.js';

/**
 * `prettier --check`: `[warn] <file>` for each file not formatted as Prettier formats it, and
 * `[error] <file>: SyntaxError: … (line:col)` with a code frame for one it cannot parse.
 */

const WARN = /^\[warn\] (.+)$/;
const ERROR = /^\[error\] ([^\s:][^:]*?): (\w*Error): (.*?)(?: \((\d+):(\d+)\))?$/;
const SUMMARY = /^(Code style issues|All matched files use Prettier)/;

export const prettierReader: Reader = boundedReader({
  name: 'prettier',
  read({ output, root }) {
    if (!/^Checking formatting\.\.\.$/m.test(output) && !/^\[warn\] Code style issues/m.test(output)) return undefined;
    const lines = outputLines(output);
    const found: Diagnostic[] = [];
    for (let i = 0; i < lines.length; i++) {
      const w = WARN.exec(lines[i]!);
      if (w && !SUMMARY.test(w[1]!)) {
        const file = toRepoPath(w[1]!.trim(), root) ?? w[1]!.trim();
        found.push({
          file,
          code: 'prettier',
          text: 'not formatted as Prettier formats it',
          message: `prettier --check: ${file} is not formatted the way Prettier (with the project's config) formats it; the whole file must match Prettier's output.`,
        });
        continue;
      }
      const e = ERROR.exec(lines[i]!);
      if (!e) continue;
      const file = toRepoPath(e[1]!.trim(), root) ?? e[1]!.trim();
      const frame = [lines[i]!.replace(/^\[error\] /, '')];
      while (i + 1 < lines.length && /^\[error\] (?:[> ] *\d* \||\s+\|)/.test(lines[i + 1]!)) frame.push(lines[++i]!.replace(/^\[error\] /, ''));
      found.push({
        file,
        code: e[2]!,
        ...(e[4] ? { line: Number(e[4]), column: Number(e[5]) } : {}),
        text: e[3]!.trim(),
        message: frame.join('\n'),
      });
    }
    return found.length ? diagnosticsReport('prettier', found) : undefined;
  },
});
