import { LIT } from './literals.js';

/** Names the added lines bind to one literal (`const EXPECTED = '…'`, `X = 1234.5`, `const X: &str = "…";`). */
export function literalBindings(lines: string[]): Map<string, string> {
  const out = new Map<string, string>();
  const BINDING = new RegExp(
    String.raw`^\s*(?:export\s+)?(?:pub(?:\([^)]*\))?\s+)?(?:(?:const|let|var|static|final)\s+)?(?:mut\s+)?([A-Za-z_]\w*)(?:\s*:\s*[^=]+?)?\s*:?=\s*(${LIT})\s*;?\s*$`,
  );
  const seen = new Map<string, number>();
  for (const line of lines) {
    const m = BINDING.exec(line);
    if (!m) continue;
    seen.set(m[1]!, (seen.get(m[1]!) ?? 0) + 1);
    // A constant: declared so (const, static, final) or named so (UPPER_CASE); a variable changes.
    if (/\b(?:const|static|final)\s/.test(line) || /^[A-Z][A-Z0-9_]*$/.test(m[1]!)) out.set(m[1]!, m[2]!);
  }
  for (const [name, n] of seen) if (n > 1) out.delete(name);
  return out;
}

/** A line with the names bound to a literal read as that literal (not on the binding's own line). */
export function throughBindings(text: string, bound: Map<string, string>): string {
  if (!bound.size) return text;
  const names = [...bound.keys()].filter((n) => !new RegExp(`^\\s*(?:[\\w\\s()]*\\s)?${n}\\s*(?::[^=]*)?:?=(?!=)`).test(text));
  if (!names.length) return text;
  return text.replace(new RegExp(`(?<![\\w.'"])(?:${names.join('|')})(?![\\w'"])`, 'g'), (n) => bound.get(n)!);
}
