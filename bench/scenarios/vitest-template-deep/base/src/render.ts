import { evaluate } from './expr.js';
import type { Scope } from './scope.js';

const TAG = /\{\{\s*(#each|\/each)?\s*([^}]*?)\s*\}\}/g;

/** Renders {{ expr }} and {{#each list}}...{{/each}} blocks (one level deep). */
export function render(template: string, data: Scope): string {
  return renderWith(template, [data]);
}

function renderWith(template: string, scopes: Scope[]): string {
  let out = '';
  let last = 0;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(template); m; m = TAG.exec(template)) {
    out += template.slice(last, m.index);
    if (m[1] === '#each') {
      const close = template.indexOf('{{/each}}', TAG.lastIndex);
      if (close < 0) throw new SyntaxError(`unclosed {{#each ${m[2]}}}`);
      const body = template.slice(TAG.lastIndex, close);
      const items = (evaluate(m[2]!, scopes) as unknown[] | undefined) ?? [];
      out += items.map((item) => renderWith(body, [typeof item === 'object' && item ? { ...item, '.': item } : { '.': item }, ...scopes])).join('');
      last = close + '{{/each}}'.length;
      TAG.lastIndex = last;
      continue;
    }
    const value = evaluate(m[2]!, scopes);
    out += value === undefined || value === null ? '' : String(value);
    last = TAG.lastIndex;
  }
  return out + template.slice(last);
}
