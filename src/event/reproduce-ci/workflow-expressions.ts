import { isObject, valueText, type Matrix } from './workflow-yaml.js';

/** Reading `${{ … }}`: literals, `matrix.*` and `env.*` only; anything else is named, not guessed. */
export class Unsupported extends Error {
  constructor(readonly expression: string) {
    super(`\${{ ${expression} }}`);
  }
}

function evaluate(expr: string, matrix: Matrix, env: Record<string, string>): string {
  const e = expr.trim();
  let m: RegExpExecArray | null;
  if ((m = /^'((?:[^']|'')*)'$/.exec(e))) return m[1]!.replace(/''/g, "'");
  if (/^-?\d+(?:\.\d+)?$/.test(e) || e === 'true' || e === 'false') return e;
  if (e === 'null') return '';
  if ((m = /^matrix\.([A-Za-z_][\w-]*)((?:\.[A-Za-z_][\w-]*)*)$/.exec(e))) {
    let v: unknown = matrix[m[1]!];
    for (const part of m[2]!.split('.').filter(Boolean)) v = isObject(v) ? v[part] : undefined;
    return valueText(v);
  }
  if ((m = /^env\.([A-Za-z_]\w*)$/.exec(e))) return env[m[1]!] ?? '';
  throw new Unsupported(e);
}

/** Fills every `${{ … }}` in `text`; throws Unsupported for an expression it cannot know here. */
export function interpolate(text: string, matrix: Matrix, env: Record<string, string>): string {
  return text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_all, expr: string) => evaluate(expr, matrix, env));
}
