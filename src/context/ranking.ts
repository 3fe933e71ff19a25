import type { TestFailure } from '../failures/test-report.js';
import { snippetAround } from './snippets.js';
import { type GraphFile, isFile } from './imports.js';
import { type Hunk, isLowValueFile, isManifest, isSourceFile, isVersionBump, parseDiff } from './hunks.js';
import type { ContextInput } from './context.js';
import { readText } from './repo-text.js';
import { keywords, scorer } from './keywords.js';
import { dependencyTexts } from './dependencies.js';
import { symbolParts } from './symbols/parts.js';
import { bindingsRead, type Range } from './symbols/reads.js';

export const MAX_FAILURES = 12;
const MAX_SNIPPETS = 8;
/** A file this short is shown whole rather than by the definitions the tests use. */
const WHOLE_FILE_LINES = 150;

/** A candidate for the first message: a diff hunk or a range of a file's lines. */
export type Part =
  { kind: 'hunk'; hunk: Hunk; score: number } | { kind: 'lines'; file: string; start: number; end: number; test: boolean } | { kind: 'text'; text: string };

/** Every candidate part, most likely to hold the lines to change first. */
export function rankParts(input: ContextInput, failing: TestFailure[], locations: Loc[], graph: GraphFile[]): Part[] {
  const hunks = input.diff?.trim() ? parseDiff(input.diff.trim()) : [];
  const words = keywords([...failing.slice(0, MAX_FAILURES).map((f) => `${f.id}\n${f.message}\n${f.stack ?? ''}`), ...namesUsed(failing, input)].join('\n'));
  const score = scorer(words);
  const byScore = (hs: Hunk[]) =>
    hs.map((hunk) => ({ kind: 'hunk' as const, hunk, score: score(hunk.text) })).sort((a, b) => b.score - a.score || a.hunk.order - b.hunk.order);

  const srcLocs = locations.filter((l) => !input.isTestFile(l.file)).slice(0, MAX_SNIPPETS);
  const testLocs = locations.filter((l) => input.isTestFile(l.file)).slice(0, MAX_SNIPPETS);
  const reached = new Set([...graph.map((g) => g.file), ...srcLocs.map((l) => l.file)]);
  const testFiles = new Set(failingTestFiles(failing, input));
  // A hunk's rank: what its file decides (once per file; a file's hunks come together in a diff),
  // unless it is a manifest's version bump. The hunks of each rank, in one pass over the diff.
  const fileRank = (file: string, low: boolean): number => {
    if (low) return 7;
    if (input.isTestFile(file)) return testFiles.has(file) ? 5 : 6;
    if (!isSourceFile(file, low)) return 6;
    return reached.has(file) ? 0 : 3;
  };
  const ranked = new Map<number, Hunk[]>();
  let last: { file: string; rank: number; manifest: boolean } | undefined;
  for (const h of hunks) {
    if (last?.file !== h.file) {
      const low = isLowValueFile(h.file);
      last = { file: h.file, rank: fileRank(h.file, low), manifest: !low && isManifest(h.file) };
    }
    const rank = last.manifest && isVersionBump(h) ? 7 : last.rank;
    const list = ranked.get(rank);
    if (list) list.push(h);
    else ranked.set(rank, [h]);
  }
  const inRank = (r: number) => byScore(ranked.get(r) ?? []);

  const snippetsAt = (locs: Loc[], test: boolean): Part[] =>
    locs.flatMap((loc) => {
      const content = readText(input.root, loc.file);
      const snip = content === undefined ? undefined : snippetAround(content, loc.line);
      return snip ? [{ kind: 'lines' as const, file: loc.file, start: snip.start, end: snip.end, test }] : [];
    });
  const names = namesUsed(failing, input);
  const wholeOrDefinitions = (files: GraphFile[]): Part[] =>
    files.flatMap(({ file }) => {
      const content = readText(input.root, file);
      if (content === undefined) return [];
      const lines = content.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
      if (lines.length <= WHOLE_FILE_LINES) return [{ kind: 'lines' as const, file, start: 1, end: lines.length, test: false }];
      return names.flatMap((name) => {
        const at = definitionLine(lines, name);
        const snip = at ? snippetAround(content, at) : undefined;
        return snip ? [{ kind: 'lines' as const, file, start: snip.start, end: snip.end, test: false }] : [];
      });
    });

  // On a bump PR, what the new version declares comes right after the failing lines; its notes after the code they import.
  const deps = dependencyParts(input, failing, [...graph.map((g) => g.file), ...srcLocs.map((l) => l.file)]);
  // The functions the failing tests call, followed through the repository: bodies, then a map.
  const symbols = symbolParts(input, failing, hunks, reached);
  const atFrames = snippetsAt(srcLocs, false);
  // What that code reads at the top of its file (a regex, a table, a constant), not only what it calls.
  const reads = (ranges: Range[]): Part[] => bindingsRead(ranges, (f) => readText(input.root, f)).map((r) => ({ kind: 'lines' as const, ...r, test: false }));
  return [
    ...inRank(0),
    ...atFrames,
    ...reads(atFrames.flatMap((p) => (p.kind === 'lines' ? [p] : []))),
    ...deps.first,
    // The PR's own source changes before code reached by following calls: what a PR changed
    // stays in its first request (the fix of a bug the PR brought in is in these lines).
    ...inRank(3),
    ...symbols.bodies.map((b) => ({ kind: 'lines' as const, ...b, test: false })),
    ...reads(symbols.bodies.slice(0, 6)),
    ...(symbols.map ? [{ kind: 'text' as const, text: symbols.map }] : []),
    ...wholeOrDefinitions(graph.filter((g) => g.depth <= 1)),
    ...deps.then,
    ...wholeOrDefinitions(graph.filter((g) => g.depth > 1)),
    ...snippetsAt(testLocs, true),
    ...inRank(5),
    ...inRank(6),
    ...inRank(7),
  ];
}

function dependencyParts(input: ContextInput, failing: TestFailure[], files: string[]): { first: Part[]; then: Part[] } {
  const deps = input.dependencies;
  if (!deps?.bumps.length) return { first: [], then: [] };
  const code = [...new Set(files)].flatMap((file) => {
    const text = readText(input.root, file);
    return text === undefined ? [] : [{ file, text }];
  });
  const messages = failing.slice(0, MAX_FAILURES).map((f) => `${f.message}\n${f.stack ?? ''}`);
  const texts = dependencyTexts(deps.bumps, deps.installed, code, messages.join('\n'));
  if (!texts) return { first: [], then: [] };
  const part = (text: string): Part => ({ kind: 'text', text });
  return { first: [texts.summary, ...texts.declarations].map(part), then: texts.notes.map(part) };
}

export interface Loc {
  file: string;
  line: number;
}

/** Code under test before test files; within each, the order the stacks give. */
export function rankLocations(failures: TestFailure[], input: ContextInput): Loc[] {
  const src: Loc[] = [];
  const tests: Loc[] = [];
  for (const f of failures.slice(0, MAX_FAILURES)) {
    for (const loc of f.locations) (input.isTestFile(loc.file) ? tests : src).push(loc);
  }
  // Not interleaved: the first failures' locations come first, and the snippet and budget caps
  // decide how far down the list the message reaches.
  return [...src, ...tests];
}

/** The failing tests' files, the files in stacks and in the diff, and what the tests import. */
export function relatedFiles(failures: TestFailure[], locations: Loc[], graph: GraphFile[], input: ContextInput): string[] {
  // The first 25 that are files, in this order: a diff of 50,000 files is not stat'ed beyond them.
  function* candidates(): Generator<string> {
    for (const f of failures) if (f.file) yield f.file;
    for (const l of locations) yield l.file;
    for (const g of graph) yield g.file;
    for (const m of (input.diff ?? '').matchAll(/^\+\+\+ b\/(.+)$/gm)) if (!isLowValueFile(m[1]!)) yield m[1]!;
  }
  const seen = new Set<string>();
  const files: string[] = [];
  for (const f of candidates()) {
    if (seen.has(f)) continue;
    seen.add(f);
    if (isFile(input.root, f)) files.push(f);
    if (files.length === 25) break;
  }
  return files.map((f) => {
    const text = readText(input.root, f);
    return text === undefined ? f : `${f} (${text.split('\n').length} lines)`;
  });
}

/** The test files the failures are in or pass through: where the import walk starts. */
export function failingTestFiles(failures: TestFailure[], input: ContextInput): string[] {
  const out = new Set<string>();
  for (const f of failures.slice(0, MAX_FAILURES)) {
    if (f.file) out.add(f.file);
    for (const l of f.locations) if (input.isTestFile(l.file)) out.add(l.file);
  }
  return [...out];
}

/** Identifiers the failing tests' files import by name ({ a, b } = require, import { a }, from x import a). */
function namesUsed(failures: TestFailure[], input: ContextInput): string[] {
  const names = new Set<string>();
  const files = new Set(failures.map((f) => f.file).filter((f): f is string => !!f));
  for (const file of files) {
    const text = readText(input.root, file) ?? '';
    for (const m of text.matchAll(/(?:const|let|var|import)\s*\{([^}]+)\}\s*(?:=\s*require|from)|from\s+[\w.]+\s+import\s+\(?([\w, ]+)/g)) {
      for (const n of (m[1] ?? m[2] ?? '').split(',')) {
        const name = n
          .trim()
          .split(/\s+as\s+|:/)[0]!
          .trim();
        if (/^[A-Za-z_$][\w$]*$/.test(name)) names.add(name);
      }
    }
  }
  return [...names].slice(0, 12);
}

function definitionLine(lines: string[], name: string): number | undefined {
  const n = name.replace(/[$]/g, '\\$');
  const forms = [
    `function\\*?\\s+${n}\\b`,
    `\\b(?:const|let|var)\\s+${n}\\s*=`,
    `\\bdef\\s+${n}\\b`,
    `\\bfn\\s+${n}\\b`,
    `\\bfunc\\s+(?:\\([^)]*\\)\\s*)?${n}\\b`,
    `\\bclass\\s+${n}\\b`,
    `^\\s*(?:async\\s+)?${n}\\s*\\([^)]*\\)\\s*\\{`,
  ];
  const def = new RegExp(`(?:${forms.join('|')})`);
  const i = lines.findIndex((l) => def.test(l));
  return i >= 0 ? i + 1 : undefined;
}
