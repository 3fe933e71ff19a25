import { FILTERS } from './filters.js';
import { lookup, type Scope } from './scope.js';

/** "user.name | trim | upper" against the scopes. */
export function evaluate(expression: string, scopes: Scope[]): unknown {
  const [path, ...filters] = expression.split('|').map((s) => s.trim());
  let value = lookup(path!, scopes);
  for (const f of filters) value = applyFilter(f, value);
  return value;
}

function applyFilter(spec: string, value: unknown): unknown {
  const [name, arg] = spec.split(':').map((s) => s.trim());
  const filter = FILTERS[name!];
  if (!filter) throw new Error(`unknown filter "${name}"`);
  return filter(value, arg?.replace(/^"|"$/g, ''));
}
