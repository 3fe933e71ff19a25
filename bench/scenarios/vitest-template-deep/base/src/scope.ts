export type Scope = Record<string, unknown>;

/** Looks up a dotted path ("user.address.city") in a stack of scopes, innermost first. */
export function lookup(path: string, scopes: Scope[]): unknown {
  if (path === '.') return scopes[0]?.['.'];
  const parts = path.split('.');
  for (const scope of scopes) {
    if (!(parts[0]! in scope)) continue;
    let value: unknown = scope;
    for (const part of parts) {
      if (value === null || value === undefined) return undefined;
      value = (value as Record<string, unknown>)[part];
    }
    return value;
  }
  return undefined;
}
