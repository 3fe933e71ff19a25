import { lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { resolveInside } from '../../workspace/guard.js';
import { langOf } from './parser.js';
import { type Def, outline, type Outline } from './outline.js';

/** Where the walk starts: lines of files that the failing tests run, each with a weight. */
export interface Seed {
  file: string;
  line: number;
  weight: number;
}

export interface RankedDef extends Def {
  score: number;
  /** Calls from the nearest seed (0: the seed's own function). */
  depth: number;
}

const SKIP_DIRS = new Set(['node_modules', '.git', 'vendor', 'target', 'dist', 'build', 'coverage', '__pycache__', 'venv', '.venv', 'testdata']);
const MAX_FILES = 1500;
const MAX_BYTES = 300_000;
const MAX_DEPTH = 3;
/** A name defined in more places than this is too common to follow (get, run, new). */
const MAX_HOMONYMS = 6;

/** The repository's parsable files, breadth-first, skipping dependencies and build output. */
function repoFiles(root: string): string[] {
  const out: string[] = [];
  const queue = ['.'];
  while (queue.length && out.length < MAX_FILES) {
    const dir = queue.shift()!;
    // The root itself is not a path inside the repository to the guard; below it, every step is checked.
    const where = dir === '.' ? { ok: true as const, abs: root } : resolveInside(root, dir);
    if (!where.ok) continue;
    let names: string[];
    try {
      names = readdirSync(where.abs).sort();
    } catch {
      continue;
    }
    for (const name of names) {
      const rel = dir === '.' ? name : `${dir}/${name}`;
      let info;
      try {
        info = lstatSync(path.join(where.abs, name));
      } catch {
        continue;
      }
      if (info.isDirectory()) {
        if (!name.startsWith('.') && !SKIP_DIRS.has(name)) queue.push(rel);
      } else if (info.isFile() && info.size <= MAX_BYTES && langOf(rel)) out.push(rel);
    }
  }
  return out;
}

/** Constructors: what creating a type runs. */
const CONSTRUCTORS = new Set(['constructor', '__init__', '__new__', '__post_init__']);

/**
 * The names a definition calls. A type's are those outside its methods plus its constructor's:
 * `new Range(…)` runs the constructor, not every method the class holds.
 */
function callsOf(o: Outline, d: Def): string[] {
  const inside = (r: { line: number }, x: Def) => r.line >= x.start && r.line <= x.end;
  const own = o.refs.filter((r) => inside(r, d));
  if (!d.type) return own.map((r) => r.name);
  const methods = o.defs.filter((m) => m !== d && m.start >= d.start && m.end <= d.end && !m.type);
  return own.filter((r) => !methods.some((m) => inside(r, m) && !CONSTRUCTORS.has(m.name))).map((r) => r.name);
}

/**
 * The repository's functions ranked by how likely the failing tests run them: each seed line's
 * enclosing function and the names called on it start the walk; every call followed divides the
 * weight, a name defined in several places shares it, and a definition nearer the tests (in a
 * file their imports reach, or beside them) takes more of it.
 */
export function rankSymbols(
  root: string,
  read: (rel: string) => string | undefined,
  seeds: Seed[],
  messageNames: Set<string>,
  testNames: Set<string>,
  near: Set<string>,
  isTestFile: (rel: string) => boolean,
): RankedDef[] {
  const outlines = new Map<string, Outline>();
  const byName = new Map<string, Def[]>();
  for (const file of repoFiles(root)) {
    const text = read(file);
    const o = text === undefined ? undefined : outline(file, text);
    if (!o) continue;
    outlines.set(file, o);
    for (const d of o.defs) byName.set(d.name, [...(byName.get(d.name) ?? []), d]);
  }
  const key = (d: Def) => `${d.file}:${d.start}:${d.name}`;
  const ranked = new Map<string, RankedDef>();
  const enclosing = (file: string, line: number): Def | undefined =>
    outlines
      .get(file)
      ?.defs.filter((d) => d.start <= line && line <= d.end)
      .sort((a, b) => a.end - a.start - (b.end - b.start))[0];
  const credit = (d: Def, score: number, depth: number): boolean => {
    const k = key(d);
    const have = ranked.get(k);
    if (have && have.score >= score) return false;
    ranked.set(k, { ...d, score: Math.max(score, have?.score ?? 0), depth: Math.min(depth, have?.depth ?? depth) });
    return true;
  };

  // Each frontier entry: the names called from some lines, with the weight they carry.
  let frontier: { file: string; names: string[]; weight: number }[] = [];
  for (const s of seeds) {
    const own = enclosing(s.file, s.line);
    const lines = own && (own.end - own.start < 80 || isTestFile(s.file)) ? [own.start, own.end] : [s.line - 3, s.line + 3];
    // A frame in code under test is itself likely to be changed: its function is credited first.
    if (own && !isTestFile(s.file)) credit(own, s.weight, 0);
    const names = (outlines.get(s.file)?.refs ?? []).filter((r) => r.line >= lines[0]! && r.line <= lines[1]!).map((r) => r.name);
    frontier.push({ file: s.file, names, weight: s.weight });
  }
  // The failing tests' own functions, by the names the runner gives them.
  for (const name of testNames) {
    for (const d of byName.get(name) ?? []) {
      const names = callsOf(outlines.get(d.file)!, d);
      frontier.push({ file: d.file, names, weight: 1 });
    }
  }
  for (const name of messageNames) if (byName.has(name)) frontier.push({ file: '', names: [name], weight: 0.5 });

  for (let depth = 1; depth <= MAX_DEPTH && frontier.length; depth++) {
    const next: typeof frontier = [];
    for (const { file, names, weight } of frontier) {
      for (const name of new Set(names)) {
        const defs = (byName.get(name) ?? []).filter((d) => !isTestFile(d.file));
        if (!defs.length || defs.length > MAX_HOMONYMS) continue;
        // Beside the caller or reached by the tests' imports first; the rest share what is left.
        const close = defs.filter((d) => d.file === file || near.has(d.file) || path.posix.dirname(d.file) === path.posix.dirname(file));
        const chosen = close.length ? close : defs;
        const share = (weight / chosen.length) * (close.length ? 1 : 0.6);
        for (const d of chosen) {
          if (!credit(d, share, depth)) continue;
          const calls = callsOf(outlines.get(d.file)!, d);
          if (calls.length) next.push({ file: d.file, names: calls, weight: share * 0.5 });
        }
      }
    }
    frontier = next;
  }
  return [...ranked.values()].sort((a, b) => b.score - a.score || a.depth - b.depth || a.file.localeCompare(b.file) || a.start - b.start);
}
