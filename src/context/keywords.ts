/** Identifiers of four or more characters, lower-cased, minus the most common words of code and tests. */
export function keywords(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/[A-Za-z_][A-Za-z0-9_]{3,}/g)) {
    const w = m[0].toLowerCase();
    if (!COMMON.has(w)) out.add(w);
  }
  return out;
}

/**
 * How many of `words` (keywords, so lower-cased and none of COMMON) a text names: the size of
 * `keywords(text)` ∩ `words`. A text that holds none of the words in any case names none of them,
 * and is settled by one scan that makes no list of its keywords.
 */
export function scorer(words: Set<string>): (text: string) => number {
  if (!words.size) return () => 0;
  const any = new RegExp([...words].join('|'), 'i');
  return (text) => {
    if (!any.test(text)) return 0;
    const named = new Set<string>();
    for (const m of text.matchAll(/[A-Za-z_][A-Za-z0-9_]{3,}/g)) {
      const w = m[0].toLowerCase();
      if (words.has(w)) named.add(w);
    }
    return named.size;
  };
}

const COMMON = new Set([
  ...['return', 'const', 'function', 'true', 'false', 'null', 'none', 'self', 'this', 'import', 'from', 'assert', 'expect', 'test', 'tests'],
  ...['equal', 'strictequal', 'tobe', 'toequal', 'error', 'assertionerror', 'expected', 'actual', 'received', 'value', 'values', 'string'],
  ...['number', 'else', 'elif', 'await', 'async', 'export', 'default', 'class', 'def', 'with', 'raise', 'throw', 'print', 'list', 'dict', 'node_modules'],
]);
