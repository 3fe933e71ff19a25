import type { Strength } from './finding.js';
import { LIT, literalsIn, norm, quote, stripComment, surprise } from './literals.js';
import type { Facts } from './test-facts.js';

/** A key made of several literals: `("EUR", 100)`, `[2024, 1]`. */
const TUPLE = String.raw`[(\[{]\s*${LIT}(?:\s*,\s*${LIT})+\s*,?\s*[)\]}]`;
/** A table entry whose key is a tuple of literals: `("EUR", 100): "€100.00"`, `(1, 2) => 3`. */
const TUPLE_ENTRY = new RegExp(String.raw`(${TUPLE})\s*(?::|=>)\s*(${LIT})`, 'g');
/** An entry put into a named table one at a time: `memo[100] = 541`, `sizes.set(1536, '1.5 KiB')`, `m.insert("a", 1)`. */
const PUT_ENTRY = new RegExp(
  String.raw`\b([A-Za-z_]\w*)\s*(?:\[\s*(${TUPLE}|${LIT})\s*\]\s*=(?!=)\s*(${LIT})|\.(?:set|insert|put|setdefault)\(\s*(${TUPLE}|${LIT})\s*,\s*(${LIT})\s*\))`,
  'g',
);
/** A line that opens a table literal: `X = {`, `new Map([`, `map[string]int{`, `HashMap::from([`, `vec![`. */
const TABLE_OPEN = /(?:[=:(,[]|:=|\breturn|\bfrom|\bMap|\bdict|\bvec!|\bmap\[[^\]]*\][\w.*[\]]*)\s*[{[(]+\s*$/;

interface TableEntry {
  at: { line: number; text: string };
  keys: string[];
  value: string;
  /** The table it belongs to, and whether the patch adds that table whole (none of its lines were there before). */
  table?: string;
  fresh: boolean;
}

/** The literals of a literal or a tuple of them, unquoted. */
function parts(source: string): string[] {
  return literalsIn(source).map((l) => l.value);
}

/** The failing test whose inputs hold every key and whose expected values hold the value. */
function pairedTest(keys: string[], value: string, facts: Facts): number | undefined {
  const v = norm(value);
  if (keys.some((k) => norm(k) === v)) return undefined;
  const t = facts.byTest.findIndex((own) => own.expected.has(v) && keys.every((k) => own.inputs.has(norm(k))));
  return t < 0 ? undefined : t;
}

/** The name a line binds a table to (`const NAMES =`, `UNITS:`, `known :=`), if it binds one. */
function binding(code: string): string | undefined {
  const m = /^\s*((?:(?:export|pub|const|let|var|static|final|mut)\s+)*[A-Za-z_][\w.]*(?:\s*:\s*[^=]+?)?\s*(?::=|=|:))\s*[^=]/.exec(code);
  return m?.[1]!.replace(/\s+/g, ' ').trim();
}

/**
 * A table whose binding the unchanged or removed lines already hold: the code had it, and the
 * patch rewrote its line(s) to add entries. Extending a table is not adding one.
 */
function rewritten(code: string, other: string[]): boolean {
  const name = binding(code);
  return !!name && other.some((o) => binding(o) === name);
}

function bracketDepth(code: string): number {
  const bare = code.replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\\n]|\\.)*`/g, '""');
  return (bare.match(/[{[(]/g)?.length ?? 0) - (bare.match(/[}\])]/g)?.length ?? 0);
}

/**
 * Entries of a table (`'k': 'v'`, `k => v`, `[k, v]`, `(k, v)`, a tuple key `(k1, k2): v`, or put
 * one at a time, `t[k] = v`, `t.set(k, v)`) in the added lines that pair a failing test's input
 * with its expected value. A table the patch adds whole, every entry of which is such a pair (one
 * is enough): a table of the failing tests' answers (strong). Two or more making at least half of
 * the added entries: the same (strong). Fewer: a domain table that holds the tested pairs among
 * others (a roman numeral or status table), weighed by surprise.
 *
 * `lines`: the hunk as the diff has it (`+`, `-`, ` `); `other`: the file's context and removed
 * lines across hunks (a table named there was not added whole).
 */
export function tableFindings(
  lines: string[],
  added: { line: number; text: string }[],
  facts: Facts,
  other: string[],
  strip: (line: string) => string = stripComment,
): { at: { line: number; text: string }; kind: 'test-table' | 'test-literal'; strength: Strength; why: string }[] {
  const ENTRY =
    /(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|(-?\d+(?:\.\d+)?))\s*(?::|=>)\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|(-?\d+(?:\.\d+)?))|[[(]\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|(-?\d+(?:\.\d+)?))\s*,\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|(-?\d+(?:\.\d+)?))\s*[\])]/g;
  const entries: TableEntry[] = [];
  // Tables opened in this hunk: whether every line of each is added.
  const stack: { id: string; table: boolean }[] = [];
  const whole = new Map<string, boolean>();
  let addedIndex = 0;
  lines.forEach((raw, row) => {
    if (raw.startsWith('\\')) return;
    const isAdded = raw.startsWith('+');
    if (!isAdded && !raw.startsWith(' ') && !raw.startsWith('-')) return;
    if (raw.startsWith('-')) return;
    const at = isAdded ? added[addedIndex++]! : undefined;
    let code = strip(raw.slice(1));
    const depth = bracketDepth(code);
    const inside = stack.length && stack.at(-1)!.table ? stack.at(-1)!.id : undefined;
    for (const u of stack) if (!isAdded) whole.set(u.id, false);
    // A table on one line (`SEEN = {("EUR", 100): "€100.00"}`) is its own table.
    const own = depth === 0 && /[{[(]/.test(code) && !inside ? `line:${row}` : undefined;
    if (own) whole.set(own, isAdded && !rewritten(code, other));
    const unit = inside ?? own;
    if (at) {
      for (const m of code.matchAll(TUPLE_ENTRY)) entries.push({ at, keys: parts(m[1]!), value: parts(m[2]!)[0] ?? '', table: unit, fresh: false });
      code = code.replace(TUPLE_ENTRY, ' ');
      for (const m of code.matchAll(PUT_ENTRY)) {
        const name = m[1]!;
        const named = new RegExp(`\\b${name}\\b`);
        entries.push({ at, keys: parts(m[2] ?? m[4]!), value: parts(m[3] ?? m[5]!)[0] ?? '', table: `name:${name}`, fresh: false });
        if (!whole.has(`name:${name}`)) whole.set(`name:${name}`, !other.some((o) => named.test(o)));
      }
      code = code.replace(PUT_ENTRY, ' ');
      for (const m of code.matchAll(ENTRY)) {
        // `randint(1, 6)`, `grid[2, 3]`: a call's arguments or an index, not a pair in a table.
        if (/^[[(]/.test(m[0]) && /[\w$)\]]/.test(code[m.index - 1] ?? '')) continue;
        const key = m[1] ?? m[2] ?? m[3] ?? m[7] ?? m[8] ?? m[9] ?? '';
        const value = m[4] ?? m[5] ?? m[6] ?? m[10] ?? m[11] ?? m[12] ?? '';
        entries.push({ at, keys: [key], value, table: unit, fresh: false });
      }
    }
    if (depth > 0) {
      const table = TABLE_OPEN.test(code);
      for (let d = 0; d < depth; d++) {
        const id = `open:${row}:${d}`;
        stack.push({ id, table: table && d === depth - 1 });
        whole.set(id, isAdded && !rewritten(code, other));
      }
    } else for (let d = depth; d < 0 && stack.length; d++) stack.pop();
  });
  // A table still open at the hunk's end, or one whose opening line was not in the hunk, is not known to be whole.
  for (const u of stack) whole.set(u.id, false);
  for (const e of entries) e.fresh = !!e.table && whole.get(e.table) === true;

  const paired = entries.map((e) => ({ ...e, test: pairedTest(e.keys, e.value, facts) }));
  const out: ReturnType<typeof tableFindings> = [];
  const done = new Set<TableEntry['table']>();
  const key = (e: (typeof paired)[number]) => (e.keys.length > 1 ? `(${e.keys.map(quote).join(', ')})` : quote(e.keys[0]!));
  for (const e of paired) {
    if (!e.fresh || done.has(e.table) || e.test === undefined) continue;
    const members = paired.filter((p) => p.table === e.table);
    if (members.some((p) => p.test === undefined)) continue;
    done.add(e.table);
    // Every entry of a table the patch adds is a failing test's input and its answer: nothing in it is a rule.
    out.push({
      at: e.at,
      kind: 'test-table',
      strength: 'decisive',
      why: `it adds a table whose every entry is a failing test's input with that test's expected value (${members.length} of ${members.length}, a table new in this patch: e.g. ${key(e)} → ${quote(e.value)}, which ${facts.names[e.test]} expects): the tests' answers, not a rule`,
    });
  }
  const rest = paired.filter((p) => !done.has(p.table) || !p.table);
  const matching = rest.filter((p) => p.test !== undefined);
  if (!matching.length) return out;
  if (matching.length >= 2 && matching.length * 2 >= rest.length) {
    const [first] = matching;
    out.push({
      at: first!.at,
      kind: 'test-table',
      strength: 'strong',
      why: `it adds entries keyed by the failing tests' inputs that answer their expected values (${matching.length} of the ${rest.length} entries it adds or extends, e.g. ${key(first!)} → ${quote(first!.value)}, which ${facts.names[first!.test!]} expects)`,
    });
    return out;
  }
  for (const m of matching) {
    const score = m.keys.reduce((sum, k) => sum + surprise(k), 0) + surprise(m.value);
    out.push({
      at: m.at,
      kind: 'test-literal',
      strength: score >= 2 ? 'strong' : 'weak',
      why: `a table entry pairs ${key(m)}, an input of the failing test ${facts.names[m.test!]}, with ${quote(m.value)}, its expected value (${matching.length} of ${rest.length} entries)`,
    });
  }
  return out;
}
