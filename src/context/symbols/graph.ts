import path from 'node:path';
import { langOf } from './parser.js';
import { type Def, outline, type Outline } from './outline.js';
import { importAliases } from './aliases.js';
import { quotedLines } from './quoted.js';

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

/**
 * The files worth parsing, from git's own listing of the repository (tracked and untracked, ignored
 * left out): source in the languages a grammar reads, not dependencies, fixtures or build output
 * someone committed, at most MAX_FILES of them.
 */
function sourceFiles(files: readonly string[]): string[] {
  return files
    .filter(
      (f) =>
        langOf(f) &&
        !f
          .split('/')
          .slice(0, -1)
          .some((d) => d.startsWith('.') || SKIP_DIRS.has(d)),
    )
    .slice(0, MAX_FILES);
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
  files: readonly string[],
  read: (rel: string) => string | undefined,
  seeds: Seed[],
  messageNames: Set<string>,
  testNames: Set<string>,
  near: Set<string>,
  isTestFile: (rel: string) => boolean,
  failures = '',
): RankedDef[] {
  // Files are read once, and parsed only when one holds a name the walk looks up (or a seed is in
  // it): a repository of a thousand files has a few dozen the failing tests reach.
  const texts = new Map<string, string>();
  for (const file of sourceFiles(files)) {
    const text = read(file);
    if (text !== undefined && text.length <= MAX_BYTES) texts.set(file, text);
  }
  const outlines = new Map<string, Outline | undefined>();
  const outlineOf = (file: string): Outline | undefined => {
    if (!outlines.has(file)) {
      const text = texts.get(file);
      outlines.set(file, text === undefined ? undefined : outline(file, text));
    }
    return outlines.get(file);
  };
  // A name written in a tenth of the code's files (and at least 40) is everywhere: `require`, `expect`,
  // `len`. Like a name defined in many places, it is not followed, and its files are not parsed for it.
  const common = Math.max(40, Math.ceil([...texts.keys()].filter((f) => !isTestFile(f)).length / 10));
  const named = new Map<string, Def[]>();
  /** The definitions of a name: in code under test, or (for the failing tests' own functions) in test files. */
  const defsNamed = (name: string, inTests = false): Def[] => {
    const k = `${inTests ? 't' : 'c'}:${name}`;
    let defs = named.get(k);
    if (!defs) {
      const word = new RegExp(`(^|[^\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`);
      const files = [...texts].filter(([file, text]) => isTestFile(file) === inTests && text.includes(name) && word.test(text)).map(([file]) => file);
      defs = files.length > common ? [] : files.flatMap((file) => outlineOf(file)?.defs.filter((d) => d.name === name) ?? []);
      named.set(k, defs);
    }
    return defs;
  };
  const key = (d: Def) => `${d.file}:${d.start}:${d.name}`;
  const ranked = new Map<string, RankedDef>();
  const enclosing = (file: string, line: number): Def | undefined =>
    outlineOf(file)
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
  // The lines whose string literals the failures quote count as frames.
  for (const s of [...seeds, ...quotedLines(texts, failures, isTestFile).map((q) => ({ ...q, weight: 1 }))]) {
    const own = enclosing(s.file, s.line);
    const lines = own && (own.end - own.start < 80 || isTestFile(s.file)) ? [own.start, own.end] : [s.line - 3, s.line + 3];
    // A frame in code under test is itself likely to be changed: its function is credited first.
    if (own && !isTestFile(s.file)) credit(own, s.weight, 0);
    const names = (outlineOf(s.file)?.refs ?? []).filter((r) => r.line >= lines[0]! && r.line <= lines[1]!).map((r) => r.name);
    frontier.push({ file: s.file, names, weight: s.weight });
  }
  // The failing tests' own functions, by the names the runner gives them.
  for (const name of testNames) {
    for (const d of defsNamed(name, true)) {
      const names = callsOf(outlineOf(d.file)!, d);
      frontier.push({ file: d.file, names, weight: 1 });
    }
  }
  for (const name of messageNames) if (defsNamed(name).length) frontier.push({ file: '', names: [name], weight: 0.5 });

  /**
   * A definition reached: credited, and what it calls goes on the frontier. A type made is an
   * object whose methods someone runs later (a pipeline calling `process` on each filter it
   * built): its methods share a part of the weight.
   */
  const reach = (d: Def, share: number, depth: number, next: typeof frontier) => {
    if (!credit(d, share, depth)) return;
    const o = outlineOf(d.file)!;
    const calls = callsOf(o, d);
    if (calls.length) next.push({ file: d.file, names: calls, weight: share * 0.5 });
    if (!d.type) return;
    const methods = o.defs.filter((m) => m !== d && !m.type && m.start > d.start && m.end <= d.end && !CONSTRUCTORS.has(m.name));
    // Ranked below the constructor and what it calls; what they call is not followed (a class of fifty methods is not a map of the repository).
    for (const m of methods) credit(m, (share * 0.4) / Math.sqrt(methods.length), depth + 1);
  };
  // The code a test file is named after (tests/test_admonition.py, extensions/admonition.py), and
  // in it what the failing tests' names name: reached when the tests get there by a string or a registry.
  const nameWords = [...testNames].flatMap(words).filter((w) => w !== 'test');
  for (const file of namedAfter(
    seeds.filter((s) => isTestFile(s.file)).map((s) => s.file),
    [...texts.keys()].filter((f) => !isTestFile(f)),
  )) {
    for (const d of outlineOf(file)?.defs ?? []) {
      const own = words(d.name);
      const hits = nameWords.filter((w) => own.some((o) => o.startsWith(w) || (o.length >= 4 && w.startsWith(o)))).length;
      if (hits) reach(d, Math.min(0.6, 0.3 * hits), 1, frontier);
    }
  }

  const aliases = new Map<string, Map<string, string>>();
  const aliasesOf = (file: string) => {
    let a = aliases.get(file);
    if (!a) aliases.set(file, (a = file && texts.has(file) ? importAliases(file, texts.get(file)!, read, (f) => texts.has(f)) : new Map<string, string>()));
    return a;
  };
  for (let depth = 1; depth <= MAX_DEPTH && frontier.length; depth++) {
    const next: typeof frontier = [];
    for (const { file, names, weight } of frontier) {
      for (const called of new Set(names)) {
        // A name the file bound to another module's export is that export.
        const name = defsNamed(called).length ? called : (aliasesOf(file).get(called) ?? called);
        const defs = defsNamed(name);
        if (!defs.length || defs.length > MAX_HOMONYMS) continue;
        // Beside the caller or reached by the tests' imports first; the rest share what is left.
        const close = defs.filter((d) => d.file === file || near.has(d.file) || path.posix.dirname(d.file) === path.posix.dirname(file));
        const chosen = close.length ? close : defs;
        const share = (weight / chosen.length) * (close.length ? 1 : 0.6);
        for (const d of chosen) reach(d, share, depth, next);
      }
    }
    frontier = next;
  }
  creditCallers(
    [...messageNames].filter((n) => /^[A-Z]|[a-z][A-Z_]|_/.test(n) && new RegExp(`\\.${n}\\b|\\b${n}\\(`).test(failures) && !defsNamed(n).length),
    texts,
    outlineOf,
    enclosing,
    isTestFile,
    common,
    ranked,
    credit,
  );
  return [...ranked.values()].sort((a, b) => b.score - a.score || a.depth - b.depth || a.file.localeCompare(b.file) || a.start - b.start);
}

/**
 * A library function the failure names (`strconv.ParseUint: parsing "0x1"`) is defined nowhere in
 * the repository, but one of its calls is likely the line to change: the calls in files the walk
 * already reached come first.
 */
function creditCallers(
  names: string[],
  texts: Map<string, string>,
  outlineOf: (file: string) => Outline | undefined,
  enclosing: (file: string, line: number) => Def | undefined,
  isTestFile: (file: string) => boolean,
  common: number,
  ranked: Map<string, RankedDef>,
  credit: (d: Def, score: number, depth: number) => boolean,
): void {
  const reachedFiles = new Map<string, number>();
  for (const d of ranked.values()) reachedFiles.set(d.file, Math.max(reachedFiles.get(d.file) ?? 0, d.score));
  for (const name of names) {
    const files = [...texts].filter(([file, text]) => !isTestFile(file) && text.includes(name)).map(([file]) => file);
    if (!files.length || files.length > common) continue;
    const callers = files.flatMap((file) =>
      (outlineOf(file)?.refs ?? [])
        .filter((r) => r.name === name)
        .flatMap((r) => {
          const d = enclosing(file, r.line);
          return d ? [d] : [];
        }),
    );
    for (const d of new Set(callers)) credit(d, 0.5 * (reachedFiles.get(d.file) ?? 0.1), 1);
  }
}

/** A name's words, lower case: `StripWhitespaceFilter`, `strip_ws` → strip, whitespace, filter / strip, ws. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3);
}

/** Source files named after a test file (`test_grouping.py` → `engine/grouping.py`; `test_split.py` → `statement_splitter.py`), when at most three are. */
function namedAfter(testFiles: string[], sources: string[]): string[] {
  const out = new Set<string>();
  for (const t of new Set(testFiles)) {
    const stem = path.posix
      .basename(t)
      .replace(/\.[^.]+$/, '')
      .replace(/^test_|_test$|[._-](?:test|spec)$/i, '')
      .toLowerCase();
    if (stem.length < 4 || stem.startsWith('test')) continue;
    const found = sources.filter((f) => words(path.posix.basename(f).replace(/\.[^.]+$/, '')).some((w) => w.startsWith(stem)));
    if (found.length <= 3) for (const f of found) out.add(f);
  }
  return [...out];
}
