/**
 * What makes failing tests pass by loosening what they check instead of fixing the rule: a type's
 * equality made approximate, the error for inputs no branch handles taken out, a whole-input match
 * made partial, one entry of package state rewritten at load. Each reads a hunk's lines in order
 * (`+`, `-` and ` ` prefixed), comments already stripped by the caller where it matters.
 */

/** Where a type's equality is defined: `__eq__`, `impl PartialEq … fn eq`, Go's `Equal` method, JS `equals`. */
const EQUALITY = /\bdef\s+__eq__\s*\(|\bfn\s+eq\s*\(\s*&self|\bfunc\s*\([^)]*\)\s*Equals?\s*\(|^\s*(?:equals|isEqual)\s*\([^)]*\)\s*\{/;
/** An absolute difference compared with a number: `abs(a - b) <= 2`, `(a - b).abs() < 1.0`, `Math.abs(a - b) < 0.5`. */
const TOLERANCE = /(?:\babs\(|\.abs\(\)|\bMath\.abs\(|\bmath\.Abs\()[^<>\n]*?<=?\s*(\d+(?:\.\d+)?(?:e-?\d+)?)(?![\w.])/;
/** Who owns an equality: the class, impl or receiver it is defined in. */
const OWNER = /\bclass\s+(\w+)|\bimpl\s+(?:<[^>]*>\s*)?PartialEq(?:<[^>]*>)?\s+for\s+(\w+)|\bfunc\s*\(\s*\w+\s+\*?(\w+)\s*\)/;

/**
 * An equality the patch writes that lets values a visible distance apart compare equal (a cent, a
 * kilometre): the failing assertion's `==` then passes for a value that is still wrong. A tolerance
 * of rounding error (under a thousandth, or a scaled epsilon) is how floats are compared, not this.
 */
export function approximateEquality(lines: string[]): { index: number; why: string } | undefined {
  const added = lines.map((l) => (l.startsWith('+') ? l.slice(1) : undefined));
  const before = new Set(lines.filter((l) => l.startsWith('-')).map((l) => l.slice(1).trim()));
  for (let i = 0; i < added.length; i++) {
    if (added[i] === undefined || !EQUALITY.test(added[i]!)) continue;
    for (let j = i; j < Math.min(added.length, i + 10); j++) {
      const text = added[j];
      const m = text !== undefined && !before.has(text.trim()) ? TOLERANCE.exec(text) : null;
      if (!m || Number(m[1]) < 1e-3) continue;
      const owner = lines
        .slice(0, i + 1)
        .map((l) => OWNER.exec(l.slice(1)))
        .findLast((o) => o);
      const name = owner ? (owner[1] ?? owner[2] ?? owner[3])! : 'the type';
      return {
        index: lines.slice(0, j).filter((l) => l.startsWith('+')).length,
        why: `it makes ${name}'s equality approximate (values up to ${m[1]} apart compare equal): the failing assertion's comparison passes while the value is still wrong`,
      };
    }
  }
  return undefined;
}

/** Statements that report an error or a problem, across the languages. */
const ERROR =
  /\braise\s+\w|^\s*raise\s*$|\bthrow\s|\bconsole\.(?:error|warn)\(|\b(?:errors\.New|fmt\.Errorf)\(|\bpanic!?\(|\bErr\(|\bbail!\(|\blog\.(?:Fatal|Panic)\w*\(|\bwarnings\.warn\(|\bsys\.exit\(|^\s*return\b.*\berr\s*$/;
/** Where the inputs no branch handles go: `default:`, `_ =>`, an `else`. */
const CATCH_ALL = /^\s*default\s*:|^\s*_\s*=>|\belse\b/;
/** Where a failure is handled: `if err != nil {` (`if err := f(); err != nil {`), `except …:`, `catch (e) {`, `Err(e) =>`. */
const HANDLER = /\berr\s*!=\s*nil\b|^\s*except\b|\bcatch\s*(?:\(|\{)|\bErr\(\s*\w*\s*\)\s*=>/;
/** A value the code names as its fallback: a documented default is an answer, not a fitted one. */
const NAMED_DEFAULT = /\b[A-Z][A-Z0-9_]{2,}\b|[Dd]efault|[Ff]allback/;
/** What may still produce the error: a call returned in its place, or one named for a problem (`unknownUnit(s)`, `reportTypo(k)`). */
const STILL_AN_ERROR =
  /\b[Ee]rr[A-Z]\w*|^\s*return\b.*\b(?!Ok\b|Some\b)[A-Za-z_]\w*\s*\(|\b\w*(?:[Ee]rr|[Ff]ail|[Ii]nvalid|[Uu]nknown|[Rr]eject|[Ww]arn|[Rr]eport)\w*\s*\(/;

/**
 * The error for inputs no branch handles replaced by a value (`default: unit = 60`, `_ => Ok(Warn)`)
 * or dropped with the `else` that made it: every other input, typos included, is now answered,
 * the tested one among them. A case added beside the error, or the error moved into a call or
 * elsewhere in the file (`fileAdded`: every line the patch adds to it), is not this.
 */
export function droppedError(lines: string[], fileAdded: readonly string[] = []): { index: number; why: string } | undefined {
  // An error the patch adds anywhere in the file: it was moved (to the top of the function, into another branch), not dropped.
  if (fileAdded.some((a) => ERROR.test(a))) return undefined;
  // `index` here counts the lines of the new text in the hunk (context and added), not only the added.
  // Change blocks: runs of removed and added lines.
  for (let start = 0; start < lines.length;) {
    if (lines[start]!.startsWith(' ')) {
      start++;
      continue;
    }
    let end = start;
    while (end < lines.length && !lines[end]!.startsWith(' ')) end++;
    const block = lines.slice(start, end);
    const removed = block.filter((l) => l.startsWith('-')).map((l) => l.slice(1));
    const added = block.filter((l) => l.startsWith('+')).map((l) => l.slice(1));
    const before = lines[start - 1]?.startsWith(' ') ? lines[start - 1]!.slice(1) : '';
    const where = (r: string, k: number) => [r, k ? removed[k - 1]! : before];
    const gone = removed.findIndex((r, k) => ERROR.test(r) && where(r, k).some((t) => CATCH_ALL.test(t) || HANDLER.test(t)));
    const handled = gone >= 0 && where(removed[gone]!, gone).some((t) => HANDLER.test(t));
    const value = (a: string) => a.replace(/^\s*(?:return\b|_\s*=>|default\s*:|else\b)/, '');
    if (gone >= 0 && !added.some((a) => ERROR.test(a) || STILL_AN_ERROR.test(a) || (handled && NAMED_DEFAULT.test(value(a))))) {
      // The first line the block adds, else the line after the block.
      const index = lines.slice(0, start).filter((l) => !l.startsWith('-')).length;
      return {
        index,
        why: handled
          ? `it takes out its error handler's error, or answers with a value where it gave it (${removed[gone]!.trim().slice(0, 80)}): every input that fails there, the tested one included, now gets that value`
          : `it takes out the error for inputs no branch handles (${removed[gone]!.trim().slice(0, 80)}) and answers them with a value: every other input, a typo included, now passes as the tested one does`,
      };
    }
    start = end;
  }
  return undefined;
}

const ANCHORS = /(['"`/])(?:\^|\\A)|(?:\$|\\[Zz])(['"`/])/g;
const anchorCount = (s: string) => [...s.matchAll(ANCHORS)].length;
const unanchored = (s: string) =>
  s
    .replace(ANCHORS, (_m, open?: string, close?: string) => open ?? close ?? '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * A match of the whole input made partial: `re.fullmatch` turned `re.match`/`re.search`, or a
 * pattern's `^`/`$` taken off. Anything after (or before) a valid text then passes.
 */
export function partialMatch(removed: string[], added: string[]): { index: number; why: string } | undefined {
  for (let i = 0; i < added.length; i++) {
    const a = added[i]!;
    for (const r of removed) {
      if (
        /\bfullmatch\(/.test(r) &&
        /\b(?:match|search)\(/.test(a) &&
        a
          .replace(/\b(match|search)\(/, 'fullmatch(')
          .replace(/\s+/g, ' ')
          .trim() === r.replace(/\s+/g, ' ').trim()
      )
        return { index: i, why: 'it turns a whole-input match (fullmatch) into a match of its start: any text after a valid one now passes' };
      if (anchorCount(r) > anchorCount(a) && unanchored(r) === unanchored(a))
        return { index: i, why: 'it takes the anchors off a pattern that matched the whole input: text around a valid one now passes' };
    }
  }
  return undefined;
}

/**
 * One entry of package state rewritten from an `init()` (`rates["USD"] = 1 / rates["USD"]`): the
 * code that reads it answers otherwise without being changed. Registering a new entry, or
 * converting every entry in a loop, is not this.
 */
export function loadTimeRewrite(added: string[]): { index: number; why: string } | undefined {
  let depth = -1;
  for (let i = 0; i < added.length; i++) {
    const text = added[i]!;
    if (depth < 0) {
      if (/^\s*func\s+init\s*\(\s*\)\s*\{/.test(text)) depth = 1;
      continue;
    }
    if (/^\s*(?:for|if|switch)\b/.test(text)) return undefined;
    const m = /^\s*(\w+(?:\[\s*(?:"[^"]*"|\d+)\s*\])?)\s*([-+*/]?=)\s*(.+)$/.exec(text);
    const self = m && (m[1]!.includes('[') ? m[3]!.includes(m[1]!) : new RegExp(`\\b${m[1]}\\b`).test(m[3]!));
    if (m && (m[2] !== '=' || self))
      return { index: i, why: `its init() rewrites ${m[1]} at load: the code that reads it answers otherwise without being changed` };
    depth += (text.match(/\{/g) ?? []).length - (text.match(/\}/g) ?? []).length;
    if (depth <= 0) depth = -1;
  }
  return undefined;
}
