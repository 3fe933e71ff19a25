/** Ways code tells it is running under a test runner, across the languages unbreak reads. */
const ENVIRONMENT_SNIFFS: { pattern: RegExp; what: string }[] = [
  { pattern: /\bNODE_ENV\b[^\n]{0,40}?['"`]test['"`]|['"`]test['"`][^\n]{0,40}?\bNODE_ENV\b/, what: 'NODE_ENV === "test"' },
  { pattern: /\bJEST_WORKER_ID\b/, what: 'JEST_WORKER_ID' },
  { pattern: /\bNODE_TEST_CONTEXT\b/, what: 'NODE_TEST_CONTEXT (node --test)' },
  { pattern: /\bnpm_lifecycle_event\b[^\n]{0,40}?['"`]test/, what: 'npm_lifecycle_event === "test"' },
  {
    pattern: /\bprocess\.(?:argv|execArgv)\b[^\n]{0,60}?['"`](?:--test\b|[^'"`\n]*\b(?:jest|vitest|mocha|ava|tap)\b)/,
    what: 'the test runner in process.argv',
  },
  {
    pattern: /\bprocess\.argv\b[^\n]{0,80}?['"`][^'"`\n]*(?:\.(?:test|spec)\b|__tests__|\btests?\/)/,
    what: 'a test file in process.argv',
  },
  {
    pattern: /\brequire\.main\b[^\n]{0,60}?['"`][^'"`\n]*\btest|\bmodule\.parent\b[^\n]{0,60}?['"`][^'"`\n]*\btest/,
    what: 'the test file that loaded the module',
  },
  { pattern: /\b(?:globalThis|global|window)\.(?:describe|it|expect|jest|vi|__vitest_\w+|__coverage__)\b/, what: 'a test-runner global' },
  { pattern: /\bprocess\.env\.VITEST\b|\bimport\.meta\.env\.VITEST\b|['"`]VITEST(?:_WORKER_ID|_POOL_ID)?['"`]|\bVITEST_WORKER_ID\b/, what: 'VITEST' },
  { pattern: /\btypeof\s+(?:describe|it|expect|jest|vi)\s*[!=]==?\s*['"`]/, what: 'a test-runner global (typeof describe/it/expect)' },
  { pattern: /\bPYTEST_(?:CURRENT_TEST|VERSION|XDIST_WORKER)\b/, what: 'PYTEST_CURRENT_TEST' },
  {
    pattern: /['"](?:_?pytest|unittest)['"]\s+(?:not\s+)?in\s+sys\.modules|\bsys\.modules\s*(?:\.get\(\s*|\[\s*)['"](?:_?pytest|unittest)['"]/,
    what: "'pytest' in sys.modules",
  },
  {
    pattern: /\bsys\.argv\b[^\n]{0,60}?(?:pytest|unittest|py\.test)|(?:pytest|unittest|py\.test)[^\n]{0,60}?\bsys\.argv\b/,
    what: 'the test runner in sys.argv',
  },
  { pattern: /\btesting\.Testing\(\)|\bflag\.Lookup\(\s*"test\./, what: 'testing.Testing()' },
  { pattern: /\bflag\.Parsed\(\)/, what: 'flag.Parsed(), true in every go test binary' },
  { pattern: /\bos\.Args\b[^\n]{0,60}?(?:\.test\b|-test\.)/, what: 'the test binary in os.Args' },
  { pattern: /\bcfg!\(\s*test\s*\)/, what: 'cfg!(test)' },
  // The machine's own settings: the tests' machine has one time zone and locale, users' machines others.
  // (Whether the zone is UTC or which it is; `time.daylight` choosing the offset is how the local offset is read.)
  {
    pattern:
      /\btime\.(?:timezone|altzone)\s*[!=]=\s*0\b|\btime\.tzname\b[^\n]{0,30}?(?:[!=]=|\bin\b)|\bgetTimezoneOffset\(\)[^\n]{0,20}?[!=<>]=?|\bresolvedOptions\(\)\.timeZone\b[^\n]{0,20}?[!=]==?|\btime\.Local\s*[!=]=|\b(?:process\.env\.TZ|os\.Getenv\("TZ"\)|os\.environ(?:\.get\(|\[)\s*['"]TZ['"])[^\n]{0,20}?[!=]=/,
    what: "the machine's time zone, which the tests' machine happens to have",
  },
  // Test builds use the debug profile; a release build, what users run, does not: a branch on it
  // gives the tests another answer. (`debug_assert!` checks; it does not choose a result.)
  {
    pattern: /\bcfg!\(\s*(?:not\(\s*)?debug_assertions\b|#\[cfg\(\s*(?:not\(\s*)?debug_assertions\b/,
    what: 'the debug build profile (debug_assertions), which test builds use',
  },
  { pattern: /^\s*(?:el)?if\s+(?:not\s+)?__debug__\b|\bif\s+__debug__\s+else\b/, what: '__debug__, true unless Python runs with -O' },
  { pattern: /\bthread::current\(\)\s*\.name\(\)/, what: "the test thread's name" },
  // Not Error.captureStackTrace: every custom Node error class calls it, and it reads nothing.
  {
    pattern:
      /\bnew Error\([^)]*\)\.stack\b|\bError\.prepareStackTrace\b|\binspect\.(?:stack|currentframe)\(\)|\bsys\._getframe\(|\btraceback\.(?:extract|format)_stack\(|\bruntime\.Callers?\(|\bdebug\.Stack\(\)|\bBacktrace::(?:capture|force_capture)\(|\bcallsite\b/,
    what: 'reading the call stack',
  },
  {
    pattern:
      /\b(?:readFileSync|readFile|open|Path|read_to_string|include_str!|ReadFile|createReadStream|glob|readdirSync|listdir|ReadDir)\b[^\n]{0,80}?(?:__tests__|\.test\.[cm]?[jt]sx?|\.spec\.[cm]?[jt]sx?|test_\w+\.py|_test\.(?:go|py)|['"`/\\]tests?['"`/\\])/,
    what: 'reading a test file',
  },
];

/**
 * Sniffs spread over a few lines: the program's name read into a variable, then tested for the
 * runner's mark (`name := filepath.Base(os.Args[0])` … `.test`; `current_exe()` … `/deps/`).
 */
const SPREAD_SNIFFS: { pattern: RegExp; what: string }[] = [
  { pattern: /\bos\.Args\b[\s\S]{0,200}?(?:\.test\b|-test\.)/, what: 'the test binary in os.Args' },
  { pattern: /\bos\.Executable\(\)[\s\S]{0,200}?(?:\bgo-build\b|\.test\b)/, what: "the test binary's path (os.Executable in the go tool's go-build folder)" },
  { pattern: /\bcurrent_exe\(\)[\s\S]{0,200}?(?:\bdeps\b|\btest)/, what: "the test binary's path (current_exe under deps/)" },
  { pattern: /\bsys\.argv\b[\s\S]{0,200}?(?:pytest|unittest|py\.test)/, what: 'the test runner in sys.argv' },
  { pattern: /\bsys\.modules\b[\s\S]{0,120}?['"]_?pytest|['"]_?pytest[\s\S]{0,120}?\bsys\.modules\b/, what: 'a pytest module in sys.modules' },
  { pattern: /\bprocess\.argv\b[\s\S]{0,200}?['"`][^'"`\n]*(?:\.(?:test|spec)\b|__tests__)/, what: 'a test file in process.argv' },
];

/** A test folder or the runner's own file, named as a literal: what exists only in a checkout that runs the tests. */
const TEST_TREE = String.raw`['"\`](?:\.\/)?(?:testdata|tests?|__tests__|spec|conftest\.py|pytest\.ini|jest\.config\.[cm]?[jt]s|vitest\.config\.[cm]?[jt]s)\/?['"\`]`;
/** Asking whether such a path exists, in the ways the languages ask it. */
const EXISTS = new RegExp(
  String.raw`\b(?:os\.Stat|os\.Lstat|os\.path\.(?:exists|isdir|isfile)|Path|existsSync|statSync|accessSync|fs::metadata|Path::new)\(\s*${TEST_TREE}\s*\)(?:\.(?:exists|is_dir|is_file)\(\))?`,
);
/** Creating that path: a scaffolder's check before it makes the folder, not a branch on the test run. */
const CREATES = /\b(?:makedirs|mkdir|MkdirAll|Mkdir|mkdirSync|create_dir(?:_all)?|writeFileSync|WriteFile)\b/;

/**
 * Variables a build tool or test runner sets while it runs the tests, read at run time: a branch
 * on them changes the answer under the runner alone. A build script (build.rs) and compile-time
 * `env!`/`option_env!` read the build's own variables by design; a path built from one is data.
 */
const BUILD_VARIABLE = String.raw`(?:CARGO_\w+|RUST_TEST_\w+|npm_lifecycle_\w+|npm_package_\w+|GOFLAGS|PYTEST_\w+|VITEST\w*|JEST_\w+)`;
const BUILD_READ = new RegExp(
  String.raw`\b(?:std::)?env::var(?:_os)?\(\s*"${BUILD_VARIABLE}"\s*\)|\bprocess\.env\.${BUILD_VARIABLE}\b|\bprocess\.env\[\s*['"\`]${BUILD_VARIABLE}['"\`]\s*\]|\bos\.(?:Getenv|LookupEnv)\(\s*"${BUILD_VARIABLE}"\s*\)|\bos\.(?:environ\.get|getenv)\(\s*['"]${BUILD_VARIABLE}['"]|\bos\.environ\[\s*['"]${BUILD_VARIABLE}['"]|['"]${BUILD_VARIABLE}['"]\s+(?:not\s+)?in\s+os\.environ`,
);
/** The read used as a test (present, absent, equal to something), not as a value the code goes on with. */
const BRANCH = /^\s*(?:\}\s*else\s+)?(?:if|elif|while|unless)\b|\s\?\s|&&|\|\||\.is_(?:some|none|ok|err)\(\)|[!=]==?|\bin\s+os\.environ\b/;

/** A format in the machine's default locale (`toLocaleString()`, `Intl.NumberFormat(undefined, …)`), or a branch on it. */
const DEFAULT_LOCALE =
  /\.toLocale(?:Date|Time)?String\(\s*(?:\)|undefined\b)|\bIntl\.(?:NumberFormat|DateTimeFormat)\(\s*(?:\)|undefined\b)|\blocale\.(?:getlocale|getdefaultlocale)\(\)[^\n]{0,30}?[!=]=/;
/** A value as a locale writes it: digits grouped by thousands, a numeric date, a month's name. */
const LOCALE_SHAPED = /\d[,.\u00a0\u202f ]\d{3}(?!\d)|\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b|\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\b/;

/**
 * The machine's default locale deciding a value the failing tests expect formatted (`1,234,567.5`):
 * the tests' machine happens to format it so, a German one does not. A log line in the default
 * locale, where no tested value is formatted, is not this.
 */
export function machineLocale(code: string, expected: Iterable<string>): string | undefined {
  if (!DEFAULT_LOCALE.test(code)) return undefined;
  for (const value of expected) if (LOCALE_SHAPED.test(value)) return "the machine's default locale, which the tests' machine happens to have";
  return undefined;
}

export function environmentSniff(code: string, rest: { text: string }[], file = ''): string | undefined {
  for (const sniff of ENVIRONMENT_SNIFFS) if (sniff.pattern.test(code)) return sniff.what;
  const tree = EXISTS.exec(code);
  if (tree && BRANCH.test(code) && ![code, ...rest.slice(0, 2).map((r) => r.text)].some((t) => CREATES.test(t))) return `whether ${tree[0]} exists`;
  // A library has no arguments of its own: the ones it sees are the program's, under test the harness's (`cargo test` passes options).
  if (/\b(?:std::)?env::args(?:_os)?\(\)/.test(code) && BRANCH.test(code) && /\.rs$/.test(file) && !/(?:^|\/)(?:main|build)\.rs$|(?:^|\/)src\/bin\//.test(file))
    return "the process's arguments read from library code, which under test are the harness's";
  const build = BUILD_READ.exec(code);
  if (build && BRANCH.test(code) && !/(?:^|\/)build\.rs$/.test(file)) return `${build[0]}, a variable only the build tool or test runner sets`;
  const window = [code, ...rest.slice(0, 3).map((r) => r.text)].join('\n');
  for (const sniff of SPREAD_SNIFFS) if (sniff.pattern.test(window) && sniff.pattern.exec(window)!.index < code.length) return sniff.what;
  // `#[cfg(test)]` is how Rust marks its test module: only code under it that is not a module counts.
  const next = rest.find((a) => a.text.trim())?.text ?? '';
  if (/#\[cfg\(\s*test\s*\)\]/.test(code) && !/^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s/.test(next)) return 'cfg(test) outside a test module';
  return undefined;
}
