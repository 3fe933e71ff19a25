import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { resolveInside } from '../workspace/guard.js';
import { MAX_READ_BYTES } from '../workspace/read.js';

/**
 * The local files a file depends on, found by reading its import lines (no parser: a miss costs a
 * read_file later, never a wrong edit). Re-exports count as imports, so a walk passes through
 * barrels (`index.js`, `__init__.py`, `lib.rs`) to the files that define the names.
 */
export function importsOf(root: string, rel: string, read: (rel: string) => string | undefined): string[] {
  const text = read(rel);
  if (text === undefined) return [];
  const ext = path.posix.extname(rel);
  const out =
    ext === '.py'
      ? pythonImports(root, rel, text)
      : ext === '.rs'
        ? rustImports(root, rel, text)
        : ext === '.go'
          ? goImports(root, rel, text)
          : jsImports(root, rel, text);
  return [...new Set(out)].filter((f) => f !== rel);
}

export interface GraphFile {
  file: string;
  /** Import steps from the nearest start file; a barrel (only imports and re-exports) adds none. */
  depth: number;
}

/** Breadth-first from the start files, through non-test files only, nearest first. */
export function importGraph(
  root: string,
  starts: string[],
  read: (rel: string) => string | undefined,
  isTestFile: (rel: string) => boolean,
  maxDepth = 3,
  maxFiles = 30,
): GraphFile[] {
  const seen = new Map<string, number>(starts.map((s) => [s, 0]));
  const queue: GraphFile[] = starts.map((file) => ({ file, depth: 0 }));
  const out: GraphFile[] = [];
  while (queue.length && out.length < maxFiles) {
    queue.sort((a, b) => a.depth - b.depth);
    const { file, depth } = queue.shift()!;
    if (!starts.includes(file)) out.push({ file, depth });
    const step = starts.includes(file) || !isBarrel(read(file) ?? '') ? 1 : 0;
    if (depth + step > maxDepth) continue;
    for (const dep of importsOf(root, file, read)) {
      if (isTestFile(dep) || (seen.get(dep) ?? Infinity) <= depth + step) continue;
      seen.set(dep, depth + step);
      queue.push({ file: dep, depth: depth + step });
    }
  }
  return out;
}

/** A file that only gathers names from elsewhere: every statement an import, re-export or module declaration. */
export function isBarrel(text: string): boolean {
  const lines = text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/"""[\s\S]*?"""/g, '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/^(\/\/|#|\/\/!|\/\/\/)/.test(l));
  if (!lines.length) return false;
  let open = false;
  return lines.every((l) => {
    if (open) {
      open = !/[)}\]];?$/.test(l);
      return true;
    }
    const ok =
      /^(export\s+(\*|\{|type\s)|import\s|from\s+\S+\s+import\s|(pub(\([^)]*\))?\s+)?(mod|use)\s|__all__\s*=|package\s|module\.exports\s*=\s*require\()/.test(
        l,
      );
    if (ok) open = /[({[]\s*$/.test(l) || (/[({[]/.test(l) && !/[)}\]]/.test(l));
    return ok;
  });
}

const JS_EXTS = ['', '.ts', '.tsx', '.js', '.mjs', '.cjs', '.jsx', '/index.ts', '/index.tsx', '/index.js', '/index.mjs'];
const JS_IMPORT =
  /(?:\bimport\s[^'";]*?\bfrom\s*|\bexport\s[^'";]*?\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+|\.{1,2})['"]/gm;

function jsImports(root: string, rel: string, text: string): string[] {
  const out: string[] = [];
  const dir = path.posix.dirname(rel);
  for (const m of text.matchAll(JS_IMPORT)) {
    const found = jsModuleFile(path.posix.join(dir, m[1]!), (p) => isFile(root, p));
    if (found) out.push(found);
  }
  return out;
}

/** The file a relative JavaScript or TypeScript module path names (`./x`, `./x.js` for x.ts, `..` for ../index.js), among those that exist. */
export function jsModuleFile(joined: string, exists: (rel: string) => boolean): string | undefined {
  const base = path.posix.normalize(joined);
  // TypeScript written for ESM imports './x.js' for the file x.ts.
  const candidates = [...JS_EXTS.map((e) => base + e), base.replace(/\.(m|c)?js$/, '.ts'), base.replace(/\.(m|c)?js$/, '.tsx')];
  return candidates.map((c) => path.posix.normalize(c)).find((c) => c !== '.' && exists(c));
}

function pythonImports(root: string, rel: string, text: string): string[] {
  const out: string[] = [];
  const dir = path.posix.dirname(rel);
  const add = (mod: string, names: string[]) => {
    const dots = /^\.*/.exec(mod)![0].length;
    let baseDir: string | undefined;
    if (dots) {
      baseDir = dir;
      for (let i = 1; i < dots; i++) baseDir = path.posix.dirname(baseDir);
    }
    const modPath = mod.slice(dots).split('.').filter(Boolean).join('/');
    const roots = baseDir !== undefined ? [baseDir] : ['', 'src', 'lib', dir];
    for (const r of roots) {
      const p = (s: string) => path.posix.normalize(path.posix.join(r || '.', s));
      const file = modPath ? [p(`${modPath}.py`), p(`${modPath}/__init__.py`)].find((f) => isFile(root, f)) : undefined;
      if (file) out.push(file);
      // `from pkg import mod` names a submodule as often as a function.
      const pkgDir = modPath ? p(modPath) : p('.');
      for (const n of names) {
        const sub = [`${pkgDir}/${n}.py`, `${pkgDir}/${n}/__init__.py`].find((f) => isFile(root, f));
        if (sub) out.push(sub);
      }
      if (file || (!modPath && names.length)) break;
    }
  };
  for (const m of text.matchAll(/^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(?:\(([^)]*)\)|([\w \t,]*))/gm))
    add(
      m[1]!,
      (m[2] ?? m[3] ?? '')
        .split(',')
        .map((n) => n.trim().split(/\s+as\s+/)[0]!)
        .filter((n) => /^\w+$/.test(n)),
    );
  for (const m of text.matchAll(/^[ \t]*import[ \t]+([\w.]+(?:[ \t]*,[ \t]*[\w.]+)*)/gm)) for (const mod of m[1]!.split(',')) add(mod.trim(), []);
  return out;
}

function rustImports(root: string, rel: string, text: string): string[] {
  const out: string[] = [];
  const srcDir = rel.startsWith('src/') || rel.includes('/src/') ? rel.slice(0, rel.lastIndexOf('src/') + 3) : 'src';
  const crateRoot = srcDir.slice(0, -3);
  // `mod x;` in lib.rs, main.rs or mod.rs is a sibling; in foo.rs it lives in foo/.
  const name = path.posix.basename(rel, '.rs');
  const modDir = ['lib', 'main', 'mod'].includes(name) ? path.posix.dirname(rel) : path.posix.join(path.posix.dirname(rel), name);
  for (const m of text.matchAll(/^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;/gm)) {
    const found = [`${modDir}/${m[1]}.rs`, `${modDir}/${m[1]}/mod.rs`].find((f) => isFile(root, f));
    if (found) out.push(found);
  }
  const modFile = (segments: string[]) => {
    for (let n = segments.length; n > 0; n--) {
      const p = `${srcDir}/${segments.slice(0, n).join('/')}`;
      const found = [`${p}.rs`, `${p}/mod.rs`].find((f) => isFile(root, f));
      if (found) return found;
    }
    return undefined;
  };
  const crate = crateName(root, crateRoot);
  for (const m of text.matchAll(/^\s*(?:pub(?:\([^)]*\))?\s+)?use\s+([\w:]+)(?:::\{([^}]*)\})?/gm)) {
    const segs = m[1]!.split('::').filter(Boolean);
    const head = segs[0];
    const inner = (m[2] ?? '')
      .split(',')
      .map((s) => s.trim().split('::')[0]!)
      .filter((s) => /^\w+$/.test(s));
    if (head === 'crate' || (crate && head === crate)) {
      if (head === crate) {
        // An integration test or a binary: the library's entry point.
        const lib = `${srcDir}/lib.rs`;
        if (isFile(root, lib)) out.push(lib);
      }
      const rest = segs.slice(1);
      const f = rest.length ? modFile(rest) : undefined;
      if (f) out.push(f);
      for (const i of inner) {
        const g = modFile([...rest, i]);
        if (g) out.push(g);
      }
    } else if (head === 'self' || head === 'super') {
      const f = modFile(segs.slice(1));
      if (f) out.push(f);
    } else if (head && m[0].includes('pub use')) {
      // `pub use parse::{…}` in lib.rs re-exports a module declared beside it.
      const found = [`${modDir}/${head}.rs`, `${modDir}/${head}/mod.rs`].find((f) => isFile(root, f));
      if (found) out.push(found);
    }
  }
  return out;
}

function crateName(root: string, crateRoot: string): string | undefined {
  const toml = readSmall(root, path.posix.join(crateRoot || '.', 'Cargo.toml'));
  const m = toml && /\[package\][^[]*?\bname\s*=\s*"([^"]+)"/.exec(toml);
  return m ? m[1]!.replace(/-/g, '_') : undefined;
}

function goImports(root: string, rel: string, text: string): string[] {
  const out: string[] = [];
  // One package is one directory: a test sees every file beside it.
  const dir = path.posix.dirname(rel);
  out.push(...goFiles(root, dir));
  const mod = /^module\s+(\S+)/m.exec(readSmall(root, 'go.mod') ?? '')?.[1];
  if (mod) {
    for (const m of text.matchAll(/"([^"\s]+)"/g)) {
      if (m[1] === mod || m[1]!.startsWith(`${mod}/`)) out.push(...goFiles(root, m[1]!.slice(mod.length + 1) || '.'));
    }
  }
  return out;
}

function goFiles(root: string, dir: string): string[] {
  const where = resolveInside(root, dir);
  if (!where.ok) return [];
  try {
    return readdirSync(where.abs)
      .filter((f) => f.endsWith('.go') && !f.endsWith('_test.go'))
      .sort()
      .map((f) => (dir === '.' ? f : `${dir}/${f}`));
  } catch {
    return [];
  }
}

function readSmall(root: string, rel: string): string | undefined {
  const where = resolveInside(root, rel);
  if (!where.ok) return undefined;
  try {
    const info = lstatSync(where.abs);
    return info.isFile() && info.size <= MAX_READ_BYTES ? readFileSync(where.abs, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}

export function isFile(root: string, rel: string): boolean {
  const where = resolveInside(root, rel);
  if (!where.ok) return false;
  try {
    return lstatSync(where.abs).isFile();
  } catch {
    return false;
  }
}
