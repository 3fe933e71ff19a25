/** Where an assertion or test library is bound to a name in JavaScript. */
const ASSERT_MODULE = /['"](?:node:)?assert(?:\/strict)?['"]|['"](?:chai|should|expect|@jest\/globals|vitest|node:test|uvu\/assert|power-assert)['"]/;
const ASSERT_BINDING =
  /\bimport\s+(?:\*\s+as\s+)?(\w+)|\bimport\s*\{([^}]*)\}|\b(?:const|let|var)\s+(\w+)\s*=\s*(?:await\s+import|require)\(|\b(?:const|let|var)\s*\{([^}]*)\}\s*=\s*(?:await\s+import|require)\(/;

/** Changing the test machinery from source: the test library's own functions, the runner's hooks. */
const MACHINERY: { pattern: RegExp; what: string }[] = [
  { pattern: /\bexpect\.extend\(/, what: 'expect.extend from source' },
  { pattern: /\b(?:unittest\.)?TestCase\.\w+\s*=(?!=)|\bsetattr\(\s*(?:unittest\.)?TestCase\b/, what: 'unittest.TestCase patched' },
  { pattern: /^\s*(?:import\s+_pytest|from\s+_pytest\b)|\bpytest\.\w+(?:\.\w+)*\s*=(?!=)|\bsetattr\(\s*_?pytest\b/, what: "pytest's internals" },
  { pattern: /\bsys\.modules\[\s*['"](?:_?pytest|unittest|assert)['"]\s*\]\s*=(?!=)/, what: 'the test library replaced in sys.modules' },
  { pattern: /\bbuiltins\.AssertionError\s*=(?!=)|\bAssertionError\s*=(?!=)/, what: 'AssertionError replaced' },
];

/** Files that configure a test runner, and words that select or skip tests in them. */
export const RUNNER_CONFIG =
  /(?:^|\/)(?:pytest\.ini|tox\.ini|setup\.cfg|pyproject\.toml|conftest\.py|package\.json|(?:jest|vitest|vite|ava|playwright|karma)\.conf(?:ig)?\.[cm]?[jt]s(?:on)?|\.mocharc(?:\.\w+)?|\.taprc|\.nycrc|Cargo\.toml|\.cargo\/config(?:\.toml)?)$/;
export const SELECTS_TESTS =
  /--deselect\b|--ignore(?:-glob)?\b|(?:^|[\s'"=])-k\s|\bnorecursedirs\b|\bcollect_ignore\b|\bpython_(?:files|functions|classes)\b|\btestPathIgnorePatterns\b|\btestMatch\b|\btestRegex\b|\bmodulePathIgnorePatterns\b|--testNamePattern\b|--testPathPattern\b|(?:^|\s)-t\s|--grep\b|--invert\b|--test-(?:name|skip)-pattern\b|--skip\b|\bexclude\b|\bharness\s*=\s*false\b|\bskip\w*\s*[:=]/i;

/** Names the patch's lines bind to an assertion or test library (`import assert from 'node:assert/strict'`). */
export function assertionNames(lines: string[]): Set<string> {
  const names = new Set(['assert', 'chai', 'should']);
  for (const text of lines) {
    if (!ASSERT_MODULE.test(text)) continue;
    const m = ASSERT_BINDING.exec(text);
    if (!m) continue;
    for (const part of [m[1], m[3], ...(m[2] ?? m[4] ?? '').split(',')]) {
      const bound = part
        ?.split(/\s+as\s+|:/)
        .at(-1)
        ?.trim();
      if (bound && /^\w+$/.test(bound)) names.add(bound);
    }
  }
  return names;
}

/** The process-wide random generator seeded with a fixed number: every caller then draws the test's sequence. */
const GLOBAL_SEED = /\b(?:random\.seed|(?:np|numpy)\.random\.seed|rand\.Seed|torch\.manual_seed|srand)\(\s*-?\d+\s*\)/;

export function machineryPatch(code: string, names: Set<string>): string | undefined {
  for (const m of MACHINERY) if (m.pattern.test(code)) return m.what;
  if (GLOBAL_SEED.test(code)) return "the process's random generator seeded with a fixed number, so every caller draws one sequence";
  const alt = [...names].join('|');
  const assigned = new RegExp(`(?<![\\w.])(?:${alt})(?:\\.\\w+|\\[[^\\]]+\\])+\\s*=(?!=)`);
  const redefined = new RegExp(
    `\\b(?:Object\\.(?:defineProperty|defineProperties|assign|setPrototypeOf)|Reflect\\.(?:set|defineProperty))\\(\\s*(?:${alt})\\b`,
  );
  if (assigned.test(code) || redefined.test(code)) return 'the assertion library patched';
  return undefined;
}

/** Settings by which a runner loads other code than an import would: module search paths, module maps, preloads. */
const LOADS =
  /\b(?:pythonpath|python_paths|NODE_PATH|modulePaths|moduleDirectories|moduleNameMapper|roots|setupFiles(?:AfterEnv)?|alias)\b|--require\b|(?:^|\s)-r\s|"require"\s*:/;

/**
 * A runner's configuration made to give the tests what users do not get: code from a folder the
 * patch adds, put ahead of the shipped module by a search path or a module map; or variables that
 * only this checkout's cargo runs set (`.cargo/config.toml`'s `[env]`). Undefined for anything
 * else (a dependency bumped, a source folder the project already has put on the path).
 */
export function runnerSwap(file: string, code: string, line: number, newText: string | undefined, added: readonly string[]): string | undefined {
  if (/(?:^|\/)\.cargo\/config(?:\.toml)?$/.test(file)) {
    const lines = (newText ?? '').split('\n');
    let section = '';
    for (let i = 0; i < Math.min(line, lines.length); i++) {
      const header = /^\s*\[([^\]]+)\]/.exec(lines[i]!);
      if (header) section = header[1]!.trim();
    }
    if (section === 'env' || /^\s*\[env\]/.test(code)) return `${file}'s [env], variables only this checkout's cargo runs set`;
    return undefined;
  }
  if (!LOADS.test(code)) return undefined;
  const folder = added
    .map((f) => f.split('/')[0]!)
    .find((dir, i) => added[i]!.includes('/') && new RegExp(`(?:^|[^\\w.-])${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:[/'"\\s,\\]]|$)`).test(code));
  return folder ? `${file} loads code from ${folder}/, a folder the patch adds, ahead of the module users import` : undefined;
}
