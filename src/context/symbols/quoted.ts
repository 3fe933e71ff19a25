/** The fixed words of a string literal that must all appear in a failure to count: short ones match anything. */
const MIN_CHARS = 12;
const MIN_WORDS = 3;
/** A text found in more files than this is boilerplate (a shared error prefix), not the place. */
const MAX_FILES = 3;
const MAX_LINES = 6;

const LITERAL = /"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g;
/** printf verbs, Python's `{…}`/`%(name)s`, JavaScript's `${…}`, escapes: what a message fills in or spells otherwise. */
const HOLE = /%(?:\([^)]*\))?[-+# 0]*\d*(?:\.\d+)?[a-zA-Z%]|\$?\{[^}]*\}|\\[nrt"'\\]/;

/**
 * Lines of code under test whose string literals the failures quote: the message a test prints
 * ("invalid string being converted to IP address: <nil>") is most often written where the fault
 * is raised, in a function the tests may reach only through a value passed around.
 */
export function quotedLines(texts: Map<string, string>, failures: string, isTestFile: (file: string) => boolean): { file: string; line: number }[] {
  const said = failures.replace(/\s+/g, ' ');
  if (said.length < MIN_CHARS) return [];
  const hits = new Map<string, { file: string; line: number }[]>();
  for (const [file, text] of texts) {
    if (isTestFile(file)) continue;
    const lines = text.split('\n');
    lines.forEach((l, i) => {
      if (!/["'`]/.test(l)) return;
      for (const m of l.matchAll(LITERAL)) {
        for (const piece of (m[1] ?? m[2] ?? m[3] ?? '').split(HOLE)) {
          const words = piece.trim();
          if (words.length < MIN_CHARS || (words.match(/[A-Za-z]\w*/g) ?? []).length < MIN_WORDS || !said.includes(words)) continue;
          const at = hits.get(words) ?? [];
          if (!at.some((h) => h.file === file && h.line === i + 1)) at.push({ file, line: i + 1 });
          hits.set(words, at);
        }
      }
    });
  }
  // The longest quotes first: the more of the message a literal holds, the surer the place.
  return [...hits]
    .filter(([, at]) => new Set(at.map((h) => h.file)).size <= MAX_FILES)
    .sort((a, b) => b[0].length - a[0].length)
    .flatMap(([, at]) => at)
    .slice(0, MAX_LINES);
}
