import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isSynthetic, type TestFailure } from '../failures/test-report.js';

/**
 * A command that reruns just the given tests, when the test command is plainly one runner we
 * know how to narrow. Anything more complex (chained commands, wrappers) gets undefined, and the
 * full command runs instead.
 */
export function targetedCommand(command: string, format: string, failures: TestFailure[], root: string): string | undefined {
  const real = failures.filter((f) => !isSynthetic(f, format));
  if (real.length === 0 || real.length !== failures.length) return undefined;
  if (/[;&|<>`$()]/.test(command)) return undefined;
  const script = npmScript(command, root);
  const runner = script ?? command;
  if (/[;&|<>`$()]/.test(runner)) return undefined;
  const sep = script !== undefined ? ' --' : '';

  switch (format) {
    case 'pytest': {
      if (!/(^|\s)(python3?\s+-m\s+)?pytest(\s|$)/.test(runner)) return undefined;
      return `${command}${sep} ${real.map((f) => quote(f.id)).join(' ')}`;
    }
    case 'jest':
    case 'vitest': {
      if (!new RegExp(`(^|[\\s/])${format}(\\s|$)`).test(runner)) return undefined;
      const files = [...new Set(real.map((f) => f.file).filter((f): f is string => !!f))];
      // jest (and vitest up to 3) match -t against the names joined by spaces, vitest 4+ by " > ".
      const names = real.map((f) => f.name.split(' > ').map(escapeRegex).join('(?: > | )'));
      return `${command}${sep} ${files.map(quote).join(' ')} -t ${quote(`^(${names.join('|')})$`)}`;
    }
    case 'go': {
      if (!/^go\s+test(\s|$)/.test(runner)) return undefined;
      const tops = [...new Set(real.map((f) => f.name.split(/\s+/).at(-1)!.split('/')[0]!))];
      return `${command}${sep} -run ${quote(`^(${tops.map(escapeRegex).join('|')})$`)}`;
    }
    case 'cargo': {
      if (!/^cargo\s+test(\s|$)/.test(runner)) return undefined;
      const names = [...new Set(real.map((f) => f.name.split(' ').at(-1)!))];
      const dashdash = /\s--(\s|$)/.test(runner) ? '' : ' --';
      return `${command}${sep}${dashdash} ${names.map(quote).join(' ')}`;
    }
    default:
      return undefined;
  }
}

/** For `npm test` / `npm run test` / yarn / pnpm: the script it runs, else undefined. */
function npmScript(command: string, root: string): string | undefined {
  const m = /^(?:npm|pnpm|yarn)\s+(?:run\s+|run-script\s+)?(test|[\w:-]+)$/.exec(command.trim());
  if (!m) return undefined;
  try {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
    return pkg.scripts?.[m[1]!];
  } catch {
    return undefined;
  }
}

function quote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
