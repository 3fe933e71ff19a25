import type { SpecialCaseInput } from './finding.js';

/** Extensions of data a test or the code loads (not code it imports: an edit to code the tests import is the fix). */
export const DATA = /\.(?:json|jsonl|ya?ml|toml|csv|tsv|txt|xml|html?|golden|snap|expected|out|in|dat|bin|ini|md)$/i;
/** Folders whose files are the tests' by convention, wherever they are. */
const TEST_DATA_DIR = /(?:^|\/)(?:__snapshots__|testdata|golden|fixtures?|__fixtures__)\//;

/**
 * Files the failing tests read: data named in the failing tests' own files (`"data" /
 * "slugs.json"`, `'./fixtures/words.json'`), and snapshot, golden, fixture and testdata folders.
 * Editing one changes what the test expects, as editing the test would: refused like a test file.
 */
export function testDataRead(input: SpecialCaseInput): (file: string) => string | undefined {
  const texts = failingTestTexts(input);
  return (file) => {
    if (!DATA.test(file)) return undefined;
    if (TEST_DATA_DIR.test(file) && texts.length) return `it is in ${file.match(TEST_DATA_DIR)![0].replace(/^\//, '')}, where tests keep what they expect`;
    const base = file.split('/').at(-1)!;
    const quoted = new RegExp(`['"\`](?:[^'"\`\\n]*/)?${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"\`]`);
    const by = texts.find((t) => quoted.test(t.text));
    return by && `${by.file}, a failing test's file, reads it`;
  };
}

/** The failing tests' own files and their text. */
export function failingTestTexts(input: SpecialCaseInput): { file: string; text: string }[] {
  const testFiles = new Set<string>();
  for (const f of input.failures) {
    if (f.file && input.isTestFile(f.file)) testFiles.add(f.file);
    for (const l of f.locations) if (input.isTestFile(l.file)) testFiles.add(l.file);
  }
  return [...testFiles].map((file) => ({ file, text: input.readFile(file) ?? '' }));
}

/**
 * A function the failing tests call, rebound from another module (`shapes.circle_area = lambda r:
 * …`): what the tests run is no longer the code they test. `called`: the names the failing tests
 * call. Not `self.`/`this.`/`exports.`, which set the module's or object's own members.
 */
export function rebinding(code: string, called: Set<string>, modules: Set<string>): string | undefined {
  const m = /^\s*(?!self\b|this\b|cls\b|exports\b|module\b)([A-Za-z_]\w*)\.([A-Za-z_]\w*)\s*=(?!=)/.exec(code);
  // Only a module the file imports: `memo.size = () => …` on a function of its own sets its own member.
  return m && called.has(m[2]!) && modules.has(m[1]!) ? `${m[1]}.${m[2]}, which the failing tests call, is replaced from outside its module` : undefined;
}

/** Names a file binds to imported modules: `import x`, `import x as y`, `from . import x`, `import * as x`, `const x = require(…)`. */
export function moduleBindings(lines: string[]): Set<string> {
  const names = new Set<string>();
  for (const line of lines) {
    const py = /^\s*import\s+([\w.]+)(?:\s+as\s+(\w+))?/.exec(line);
    if (py) names.add(py[2] ?? py[1]!.split('.')[0]!);
    const from = /^\s*from\s+[\w.]+\s+import\s+\(?([\w\s,]+)\)?/.exec(line);
    if (from)
      for (const part of from[1]!.split(','))
        names.add(
          part
            .trim()
            .split(/\s+as\s+/)
            .at(-1)!
            .trim(),
        );
    const js =
      /^\s*import\s+(?:\*\s+as\s+)?(\w+)(?:\s*,\s*\{[^}]*\})?\s+from\s/.exec(line) ??
      /^\s*(?:const|let|var)\s+(\w+)\s*=\s*(?:require|await\s+import)\(/.exec(line);
    if (js) names.add(js[1]!);
  }
  names.delete('');
  return names;
}

export function calledNames(texts: { text: string }[]): Set<string> {
  return new Set(texts.flatMap((t) => [...t.text.matchAll(/\b([A-Za-z_]\w*)\s*\(/g)].map((m) => m[1]!)));
}
