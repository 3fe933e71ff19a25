import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Language, Parser, Query } from 'web-tree-sitter';

/**
 * tree-sitter's WebAssembly build and the grammars the tree-sitter project publishes. Loading is
 * asynchronous (WebAssembly is compiled once), parsing is not: the pipeline awaits `loadParsers()`
 * before the first run, and the context builder, which is synchronous, parses with what loaded.
 * Anything that fails to load leaves that language to the import lines alone.
 */
export type Lang = 'javascript' | 'typescript' | 'tsx' | 'python' | 'go' | 'rust';

const GRAMMARS: Record<Lang, { pkg: string; wasm: string }> = {
  javascript: { pkg: 'tree-sitter-javascript', wasm: 'tree-sitter-javascript.wasm' },
  typescript: { pkg: 'tree-sitter-typescript', wasm: 'tree-sitter-typescript.wasm' },
  tsx: { pkg: 'tree-sitter-typescript', wasm: 'tree-sitter-tsx.wasm' },
  python: { pkg: 'tree-sitter-python', wasm: 'tree-sitter-python.wasm' },
  go: { pkg: 'tree-sitter-go', wasm: 'tree-sitter-go.wasm' },
  rust: { pkg: 'tree-sitter-rust', wasm: 'tree-sitter-rust.wasm' },
};

const EXT: Record<string, Lang> = {
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.jsx': 'javascript',
  '.ts': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.tsx': 'tsx',
  '.py': 'python',
  '.go': 'go',
  '.rs': 'rust',
};

export function langOf(file: string): Lang | undefined {
  return EXT[path.posix.extname(file)];
}

/**
 * Where a .wasm file is: beside the bundle (the build copies them into dist/tree-sitter/), else in
 * the package that ships it (running from src/).
 */
function locate(pkg: string, file: string, dir?: string): string | undefined {
  const bundled = path.join(dir ?? path.join(path.dirname(fileURLToPath(import.meta.url)), 'tree-sitter'), file);
  if (existsSync(bundled)) return bundled;
  if (dir) return undefined;
  try {
    const require = createRequire(import.meta.url);
    // web-tree-sitter's exports name its .wasm and not its package.json; the grammars export nothing.
    const dir = pkg === 'web-tree-sitter' ? path.dirname(require.resolve(`${pkg}/${file}`)) : path.dirname(require.resolve(`${pkg}/package.json`));
    const p = path.join(dir, file);
    return existsSync(p) ? p : undefined;
  } catch {
    return undefined;
  }
}

const loaded = new Map<Lang, Language>();
let runtime: Promise<string[]> | undefined;
let grammars = new Map<Lang, Promise<string[]>>();
/** A test's own directory of .wasm files, in place of the bundle's. */
let from: string | undefined;

/** The languages of these files that a grammar reads. */
export function languagesOf(files: Iterable<string>): Lang[] {
  const langs = new Set<Lang>();
  for (const f of files) {
    const lang = langOf(f);
    if (lang) langs.add(lang);
  }
  return [...langs].sort();
}

/**
 * Loads the runtime and the grammars of `langs` (every one by default), each once. Never rejects:
 * what did not load is returned as one line each, for the run to say (a bundle without its .wasm
 * files, or a grammar built for another tree-sitter ABI, would otherwise only make the first
 * message quietly weaker).
 */
export async function loadParsers(langs: readonly Lang[] = Object.keys(GRAMMARS) as Lang[]): Promise<string[]> {
  runtime ??= loadRuntime(from);
  const problems = await runtime;
  if (problems.length) return problems;
  const each = await Promise.all(
    langs.map((lang) => {
      let p = grammars.get(lang);
      if (!p) grammars.set(lang, (p = loadGrammar(lang, from)));
      return p;
    }),
  );
  return each.flat().sort();
}

/** Loads from `dir` alone (a test's own .wasm files), replacing what loaded before. */
export async function loadParsersFrom(dir: string): Promise<string[]> {
  loaded.clear();
  parsers.clear();
  queries.clear();
  grammars = new Map();
  runtime = undefined;
  from = dir;
  return loadParsers();
}

async function loadRuntime(dir?: string): Promise<string[]> {
  const wasm = locate('web-tree-sitter', 'web-tree-sitter.wasm', dir);
  if (!wasm)
    return [
      'tree-sitter: web-tree-sitter.wasm not found beside the bundle (dist/tree-sitter/): calls are followed by import lines only; rebuild with `npm run build`',
    ];
  try {
    await Parser.init({ locateFile: () => wasm });
    return [];
  } catch (e) {
    return [`tree-sitter: its runtime did not load (${message(e)}): calls are followed by import lines only`];
  }
}

async function loadGrammar(lang: Lang, dir?: string): Promise<string[]> {
  const { pkg, wasm } = GRAMMARS[lang];
  const where = locate(pkg, wasm, dir);
  if (!where) return [`tree-sitter: ${wasm} not found (dist/tree-sitter/ or the ${pkg} package): ${lang} calls are followed by import lines only`];
  try {
    loaded.set(lang, await Language.load(where));
    return [];
  } catch (e) {
    return [`tree-sitter: the ${lang} grammar (${wasm}) did not load (${message(e)}): ${lang} calls are followed by import lines only`];
  }
}

function message(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0]!.slice(0, 200);
}

/** The languages whose grammar loaded. */
export function loadedLanguages(): Lang[] {
  return [...loaded.keys()].sort();
}

const parsers = new Map<Lang, Parser>();
const queries = new Map<string, Query | null>();

/** The tree of a file's text, when its language loaded. */
export function parse(lang: Lang, text: string) {
  const language = loaded.get(lang);
  if (!language) return undefined;
  let parser = parsers.get(lang);
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(language);
    parsers.set(lang, parser);
  }
  return parser.parse(text) ?? undefined;
}

/** A compiled query, once per language and source; a query the grammar rejects is null. */
export function query(lang: Lang, source: string): Query | undefined {
  const key = `${lang}\n${source}`;
  if (!queries.has(key)) {
    const language = loaded.get(lang);
    try {
      queries.set(key, language ? new Query(language, source) : null);
    } catch {
      queries.set(key, null);
    }
  }
  return queries.get(key) ?? undefined;
}
