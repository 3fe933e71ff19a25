import type { TestFailure } from '../../failures/test-report.js';
import type { Hunk } from '../hunks.js';
import { readText } from '../repo-text.js';
import type { ContextInput } from '../context.js';
import { rankSymbols, type RankedDef, type Seed } from './graph.js';

/** Bodies shown whole up to this many lines (the budget decides whether one fits); a longer function is shown by its signature. */
const BODY_LINES = 250;
const BODIES = 12;
const SIGNATURES = 20;
const NAMES = 40;
export const SYMBOL_MAP_HEADING = '## Functions the failing tests reach';

export interface SymbolParts {
  /** The top-ranked functions' bodies, best first. */
  bodies: { file: string; start: number; end: number }[];
  /** The next ones' signatures and the rest's names: a map of where the tests lead. */
  map: string;
}

/**
 * What the failing tests run, beyond the files they import: seeds are the failures' frames, the
 * test functions the runner names, and the lines the branch added to test files (a PR that holds
 * only a new test); names in the failure messages count too.
 */
export function symbolParts(input: ContextInput, failing: TestFailure[], hunks: Hunk[], near: Set<string>): SymbolParts {
  const seeds: Seed[] = [];
  for (const f of failing) for (const l of f.locations) seeds.push({ file: l.file, line: l.line, weight: 1 });
  for (const h of hunks) if (input.isTestFile(h.file)) seeds.push({ file: h.file, line: Math.floor((h.newStart + h.newEnd) / 2), weight: 1 });
  const testNames = new Set(failing.flatMap((f) => /([A-Za-z_]\w*)\W*$/.exec(f.id)?.[1] ?? []));
  const messageNames = new Set(failing.flatMap((f) => [...`${f.message}\n${f.stack ?? ''}`.matchAll(/[A-Za-z_]\w{2,}/g)].map((m) => m[0]).slice(0, 40)));
  let ranked: RankedDef[];
  try {
    const said = failing.map((f) => f.message).join('\n');
    ranked = rankSymbols(input.files ?? [], (f) => readText(input.root, f), seeds, messageNames, testNames, near, input.isTestFile, said);
  } catch {
    return { bodies: [], map: '' };
  }
  const bodies: SymbolParts['bodies'] = [];
  const rest: RankedDef[] = [];
  for (const d of ranked) {
    if (bodies.length < BODIES && !d.type && d.end - d.start < BODY_LINES) bodies.push({ file: d.file, start: d.start, end: d.end });
    else rest.push(d);
  }
  const lines = new Map<string, string[]>();
  const sig = (d: RankedDef) => {
    if (!lines.has(d.file)) lines.set(d.file, (readText(input.root, d.file) ?? '').split('\n'));
    const text = lines
      .get(d.file)!
      .slice(d.start - 1, Math.min(d.sigEnd, d.start + 3))
      .map((l) => l.trim())
      .join(' ');
    return `${d.file}:${d.start}  ${text.length > 160 ? `${text.slice(0, 160)}…` : text}`;
  };
  const signatures = rest.slice(0, SIGNATURES).map(sig);
  const named = new Map<string, string[]>();
  for (const d of rest.slice(SIGNATURES, SIGNATURES + NAMES)) named.set(d.file, [...(named.get(d.file) ?? []), d.name]);
  const names = [...named].map(([file, ns]) => `${file}: ${ns.join(', ')}`);
  const map = signatures.length ? `${SYMBOL_MAP_HEADING} (by calls from the tests, nearest first)\n\n${[...signatures, ...names].join('\n')}` : '';
  return { bodies, map };
}
