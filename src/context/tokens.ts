import { createRequire } from 'node:module';

/**
 * Counts tokens the way current OpenAI models do (o200k_base). Other servers' tokenizers differ
 * by a few percent; the budgets leave room for that. o200k has a token for every byte, so a text's
 * UTF-8 length bounds its count from above, and a text whose bound fits needs no count at all
 * (`fitsTokens`, `tokenBound`).
 *
 * The exact counter (o200k.ts) is, in dist/, a file of its own beside the bundle with its table
 * (dist/o200k.cjs, dist/o200k.bin). The bundle loads the counter and reads the table's bytes while
 * it is itself being loaded, before any command of the repository runs (about 15 ms of CPU, most of
 * it the 3.7 MB read): the folder they are in (the action's own, under the runner's work folder) is
 * one test code can write to, and code or a table read from it later would be the test code's, run
 * in the process that holds the token. Indexing the bytes and compiling the split pattern (about
 * 25 ms) wait for the first exact count, which a run whose texts fit by their byte length never
 * makes. From source (tests, the benchmark), where there is no such file, gpt-tokenizer is loaded
 * when a count is first needed.
 */
const FROM_SOURCE = import.meta.url.endsWith('.ts');

let encoder: ((text: string) => number) | undefined;
/** Why the counter could not be loaded (at start, or its table indexed on the first count), said on each count that needs it. */
let loadError: Error | undefined;
/** dist/o200k.cjs's `indexTable`, until the first count has run it. */
let indexTable: (() => void) | undefined;

function unloadable(error: unknown): Error {
  return new Error(
    `unbreak's token counter (o200k.cjs and o200k.bin beside its bundle) could not be loaded: ${error instanceof Error ? error.message : String(error)}; install unbreak again`,
  );
}

function loadEncoder(): (text: string) => number {
  const load = createRequire(import.meta.url);
  if (FROM_SOURCE) {
    const { encode } = load('gpt-tokenizer/encoding/o200k_base') as typeof import('gpt-tokenizer/encoding/o200k_base');
    const none = new Set<string>();
    return (text) => encode(text, { allowedSpecial: none, disallowedSpecial: none }).length;
  }
  // No other module name to fall back on: a bare name is looked up in the folders above, which may be the repository's.
  const counter = load('./o200k.cjs') as { count: (text: string) => number; readTable: () => void; indexTable: () => void };
  // Its table (dist/o200k.bin) would be read on the first count: read it now; it is indexed then.
  counter.readTable();
  indexTable = counter.indexTable;
  return counter.count;
}

if (!FROM_SOURCE) {
  try {
    encoder = loadEncoder();
  } catch (error) {
    loadError = unloadable(error);
  }
}

/** An upper bound on `countTokens(text)` that needs no tokenizer. */
export function tokenBound(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** Whether `countTokens(text) <= max`, counting exactly only when the bound does not settle it. */
export function fitsTokens(text: string, max: number): boolean {
  return tokenBound(text) <= max || countTokens(text) <= max;
}

/** A text's token count (plus a fixed `extra`): the bound at once, the exact count when first asked for. */
export class Measured {
  readonly bound: number;
  private count: number | undefined;

  constructor(
    private readonly text: string,
    private readonly extra = 0,
  ) {
    this.bound = tokenBound(text) + extra;
  }

  get exact(): number {
    return (this.count ??= countTokens(this.text) + this.extra);
  }
}

const LONG_RUN = /\S{256,}/g;
const SLICE = 128;

export function countTokens(text: string): number {
  if (loadError) throw loadError;
  const encode = (encoder ??= loadEncoder());
  if (indexTable) {
    try {
      indexTable();
    } catch (error) {
      throw (loadError = unloadable(error));
    }
    indexTable = undefined;
  }
  return countWith(encode, text);
}

/**
 * `text`'s tokens by `encode`, with the long runs counted slice by slice: BPE on one long run without
 * spaces (minified code, base64, a model babbling) is quadratic, and a slice is off by a token at most.
 * The scripted model server (testkit) counts with it too, so its figures and the budget's agree.
 */
export function countWith(encode: (text: string) => number, text: string): number {
  if (!/\S{256}/.test(text)) return encode(text);
  let total = 0;
  let last = 0;
  for (const m of text.matchAll(LONG_RUN)) {
    total += encode(text.slice(last, m.index));
    for (let i = 0; i < m[0].length; i += SLICE) total += encode(m[0].slice(i, i + SLICE));
    last = m.index + m[0].length;
  }
  return total + encode(text.slice(last));
}

/** Cuts text to at most `max` tokens, on a line boundary where possible, saying what was cut. */
export function truncateToTokens(text: string, max: number, where: 'end' | 'middle' = 'end'): string {
  if (fitsTokens(text, max)) return text;
  const lines = text.split('\n');
  if (where === 'middle') {
    const head: string[] = [];
    const tail: string[] = [];
    let used = 20;
    let i = 0;
    let j = lines.length - 1;
    while (i <= j) {
      const takeHead = head.length <= tail.length;
      const line = takeHead ? lines[i]! : lines[j]!;
      const cost = countTokens(line) + 1;
      if (used + cost > max) break;
      used += cost;
      if (takeHead) head.push(lines[i++]!);
      else tail.unshift(lines[j--]!);
    }
    return [...head, `… (${j - i + 1} lines cut to fit the budget) …`, ...tail].join('\n');
  }
  const kept: string[] = [];
  let used = 20;
  for (const line of lines) {
    const cost = countTokens(line) + 1;
    if (used + cost > max) break;
    used += cost;
    kept.push(line);
  }
  if (kept.length === 0) return text.slice(0, max * 2) + ' … (cut to fit the budget)';
  return [...kept, `… (${lines.length - kept.length} more lines cut to fit the budget)`].join('\n');
}
