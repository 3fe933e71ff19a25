import path from 'node:path';

/**
 * Where the further cases of the rule are written for one run, beside the failing test file and
 * named so the project's own test command finds them as it finds that file: the file's test
 * marker (`_test`, `.test`, `.spec`, a `test_` prefix) is kept and `unbreak` put before it
 * (`parse_test.go` → `parse_unbreak_test.go`, `date.test.js` → `date.unbreak.test.js`,
 * `test_ledger.py` → `test_ledger_unbreak.py`). A Rust test inside a source file (a `#[cfg(test)]`
 * module) gets an integration test file, `tests/unbreak_cases.rs`, which cargo runs on its own.
 * Undefined for a file of a language the cases are not written in.
 */
export function casesPath(testFile: string, exists: (rel: string) => boolean): string | undefined {
  const posix = testFile.split(path.sep).join('/');
  const dir = path.posix.dirname(posix);
  const base = path.posix.basename(posix);
  const ext = path.posix.extname(base);
  if (!CASE_EXTENSIONS.has(ext)) return undefined;
  const stem = base.slice(0, -ext.length);
  let name: (n: string) => string;
  if (ext === '.rs' && !/(^|\/)tests$/.test(dir)) {
    // The crate's root: the folder holding src/, or the file's own folder for a crate without one.
    const crate = /(^|\/)src(\/|$)/.test(posix) ? posix.slice(0, posix.search(/(^|\/)src(\/|$)/)) : dir === '.' ? '' : dir;
    const tests = crate ? `${crate}/tests` : 'tests';
    name = (n) => `${tests}/unbreak_cases${n}.rs`;
  } else {
    const marked = /^(.*?)([._-])(test|spec|tests)$/i.exec(stem);
    const prefixed = /^(test)([_-]?)(.+)$/i.exec(stem);
    const within = (file: string) => (dir === '.' ? file : `${dir}/${file}`);
    if (marked) name = (n) => within(`${marked[1]}${marked[2]}unbreak${n}${marked[2]}${marked[3]}${ext}`);
    else if (prefixed) name = (n) => within(`${prefixed[1]}${prefixed[2] || '_'}${prefixed[3]}${prefixed[2] || '_'}unbreak${n}${ext}`);
    else name = (n) => within(`${stem}_unbreak${n}${ext}`);
  }
  for (let n = 0; n < 10; n++) {
    const candidate = name(n ? String(n + 1) : '');
    if (!exists(candidate)) return candidate;
  }
  return undefined;
}

/** The languages the further cases are asked in: the test file's own. */
const CASE_EXTENSIONS = new Set(['.py', '.go', '.rs', '.js', '.mjs', '.cjs', '.ts', '.mts', '.cts', '.jsx', '.tsx']);

/**
 * Whether a failure is one of the further cases: a test case (not a file that did not compile or
 * load) whose name carries the marker every case's name is asked to carry. The file a failure
 * names is not enough: a compile error in the cases file names it too, and is no counterexample.
 */
export function isFurtherCase(failure: { name: string; synthetic?: boolean }): boolean {
  return !failure.synthetic && /unbreak/i.test(failure.name) && !/^error(\[\w+\])?:|\[build failed\]|\(suite failed to run\)/.test(failure.name);
}
