import path from 'node:path';
import { jsModuleFile } from '../imports.js';

/**
 * Names a file binds to what another of the repository's files exports: `const merge = require('..')`
 * calls that module's default export, `from .x import f as g` calls `f`. Keyed by the local name.
 */
export function importAliases(file: string, text: string, read: (rel: string) => string | undefined, exists: (rel: string) => boolean): Map<string, string> {
  const out = new Map<string, string>();
  const dir = path.posix.dirname(file);
  for (const m of text.matchAll(
    /(?:const|let|var)\s+([\w$]+)\s*=\s*require\(\s*['"](\.[^'"]*)['"]\s*\)|import\s+([\w$]+)\s*(?:,[^;]*?)?\s+from\s+['"](\.[^'"]*)['"]/g,
  )) {
    const local = m[1] ?? m[3]!;
    const target = jsModuleFile(path.posix.join(dir, m[2] ?? m[4]!), exists);
    const name = target && defaultExport(read(target) ?? '');
    if (name && name !== local) out.set(local, name);
  }
  for (const m of text.matchAll(/(?:import\s*\{|(?:const|let|var)\s*\{)([^}]*)\}/g))
    for (const pair of m[1]!.matchAll(/([\w$]+)\s*(?:as|:)\s*([\w$]+)/g)) out.set(pair[2]!, pair[1]!);
  for (const m of text.matchAll(/^\s*from\s+\S+\s+import\s+\(?([^)\n]*)/gm))
    for (const pair of m[1]!.matchAll(/(\w+)\s+as\s+(\w+)/g)) out.set(pair[2]!, pair[1]!);
  return out;
}

/** The name a module exports as itself: `module.exports = f`, `export default f` or `export default function f`. */
function defaultExport(text: string): string | undefined {
  return (
    /^\s*module\.exports\s*=\s*(?:function\s*\*?\s*|class\s+)?([\w$]+)\s*[;\n({]/m.exec(text)?.[1] ??
    /^\s*export\s+default\s+(?:async\s+)?(?:function\s*\*?\s*|class\s+)?([\w$]+)/m.exec(text)?.[1]
  );
}
