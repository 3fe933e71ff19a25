/**
 * Every option once: its default, its CLI flag, its action input and the words that explain it.
 * The CLI's --help and parser (cli.ts), the names in config errors and the defaults (config.ts),
 * the action's fallbacks (github/inputs.ts) and the README's option and input tables
 * (scripts/readme-tables.ts) come from here; a test checks action.yml against it.
 */

export interface OptionSpec {
  /** string, whole number (with its range), true/false, repeatable or newline-separated list, or `input,output` prices. */
  kind: 'string' | 'int' | 'bool' | 'list' | 'price' | 'dollars';
  min?: number;
  max?: number;
  /** The default where no flag or input says otherwise (the action's may differ: `inputDefault`). */
  default?: string | number | boolean;
  /** CLI flag, with the placeholder of its value. */
  flag?: string;
  value?: string;
  /** A boolean flag that turns the option off (`--full-reruns` sets `targetedReruns` to false). */
  negates?: boolean;
  /** Where the CLI takes it from instead of a flag. */
  env?: string;
  /** --help line; `helpDefault` says the default there when it is more than the value. */
  help?: string;
  helpDefault?: string;
  /** The README's CLI table: meaning and default (Markdown), when they say more than --help. */
  doc?: string;
  docDefault?: string;
  /** Action input, its action.yml description and default (as action.yml writes it). */
  input?: string;
  description?: string;
  inputDefault?: string;
  required?: boolean;
  /** The README's flag/input table: why the other side has no counterpart. */
  oneSide?: string;
}

const PROTECTED_DOC =
  'always: CI definitions (`.github/**`, `.gitlab-ci.yml`, `.circleci/`, `.buildkite/`, `.travis.yml`, `azure-pipelines.yml`, ' +
  '`bitbucket-pipelines.yml`, `Jenkinsfile`, `.drone.yml`, `.woodpecker/`), git and package-manager hooks and settings ' +
  '(`.husky/` at any depth, `.gitmodules`, `.gitattributes`, `.gitignore`, `.npmrc`, `.pnpmfile.cjs`, `.yarnrc.yml`, `.yarn/plugins/`, ' +
  '`bunfig.toml`, `lefthook.yml`, `.pre-commit-config.yaml`), build wrappers (`gradle-wrapper.properties`, `.mvn/`, `.cargo/config.toml`), ' +
  '`.envrc`, `.devcontainer/`, `.vscode/`, `.idea/`, `.gitpod.yml`, `netlify.toml`, `CODEOWNERS` anywhere, a root `action.yml` ' +
  '(the full list: [Always protected](#always-protected))';

/** Options with an input are in action.yml's order; the flags only the CLI has sit among them. Keys are Config's (ActionInputs' for action-only inputs). */
export const OPTIONS = {
  testCommand: {
    kind: 'string',
    flag: '--test',
    value: '<cmd>',
    help: 'test command, run with sh -c in the repo root',
    helpDefault: 'detected from package.json, Cargo.toml, go.mod or a pytest setup',
    doc: 'the test command, run with `sh -c` in the repo root',
    docDefault:
      'detected: `npm test` (package.json with a test script), `cargo test` (Cargo.toml), `go test ./...` (go.mod), `python3 -m pytest` ' +
      '(pytest.ini, conftest.py, tox.ini, `[tool.pytest]`, or `test_*.py` files); none found is a usage error',
    input: 'test-command',
    description:
      'The command that runs the tests, run with sh -c in the repository root. Needed, except under workflow_run, where it defaults to what the failed CI run ran.',
    inputDefault: '',
  },
  setupCommand: {
    kind: 'string',
    flag: '--setup',
    value: '<cmd>',
    help: 'run once before the first test run (e.g. "npm ci")',
    doc: 'run once before the first test run (e.g. `npm ci`)',
    input: 'setup-command',
    description: 'Run once before the first test run (e.g. npm ci).',
    inputDefault: '',
  },
  testTimeoutSec: {
    kind: 'int',
    min: 1,
    max: 86_400,
    default: 600,
    flag: '--test-timeout',
    value: '<s>',
    help: 'seconds one test or setup run may take',
    doc: 'seconds one test (or setup) run may take; then its whole process tree is killed and the run counts as failing',
    input: 'test-timeout',
    description: 'Seconds one test or setup run may take; then its whole process tree is killed.',
    inputDefault: '600',
  },
  githubToken: {
    kind: 'string',
    oneSide: 'GitHub only',
    input: 'github-token',
    description: 'Token for the GitHub API and for pushing.',
    inputDefault: '${{ github.token }}',
  },
  apiKey: {
    kind: 'string',
    env: 'UNBREAK_API_KEY',
    input: 'api-key',
    description:
      "Model API key. The default, the job's token, works with GitHub Models (needs permissions models read) and is sent to no other server. " +
      "With another base-url, pass that server's key (empty is a configuration error).",
    inputDefault: '${{ github.token }}',
  },
  baseUrl: {
    kind: 'string',
    flag: '--base-url',
    value: '<url>',
    help: 'OpenAI-compatible API root',
    helpDefault: '$OPENAI_BASE_URL, else OpenAI',
    doc: 'OpenAI-compatible API root (the part before `/chat/completions`)',
    docDefault: '`OPENAI_BASE_URL`, else `https://api.openai.com/v1`',
    input: 'base-url',
    description: 'OpenAI-compatible API root (the part before /chat/completions).',
    inputDefault: 'https://models.github.ai/inference',
  },
  model: {
    kind: 'string',
    default: 'gpt-4.1',
    flag: '--model',
    value: '<id>',
    help: 'model id',
    helpDefault: '$UNBREAK_MODEL, else gpt-4.1',
    docDefault: '`UNBREAK_MODEL`, else `gpt-4.1`',
    input: 'model',
    description: 'Model id.',
    inputDefault: 'openai/gpt-4.1',
  },
  maxAttempts: {
    kind: 'int',
    min: 1,
    max: 10,
    default: 3,
    flag: '--max-attempts',
    value: '<n>',
    help: 'fix attempts, 1-10',
    doc: 'fix attempts (1–10), each ending in a verifying test run',
    input: 'max-attempts',
    description: 'Fix attempts (1-10), each ending in a verifying test run.',
    inputDefault: '3',
  },
  mode: {
    kind: 'string',
    oneSide: 'GitHub only; the CLI leaves a fix in the work tree (`--dry-run`: prints it)',
    input: 'mode',
    description: 'How to deliver a fix: auto, commit, suggest or comment.',
    inputDefault: 'auto',
  },
  label: {
    kind: 'string',
    oneSide: 'GitHub only',
    input: 'label',
    description: 'The label that asks for a fix on a pull request.',
    inputDefault: 'unbreak',
  },
  allowTestEdits: {
    kind: 'bool',
    default: false,
    flag: '--allow-test-edits',
    help: 'let the model edit test files',
    input: 'allow-test-edits',
    description: 'Let the model edit test files.',
    inputDefault: 'false',
  },
  protect: {
    kind: 'list',
    flag: '--protect',
    value: '<glob>',
    help: 'paths the model may never edit (repeatable; .github/** always)',
    doc:
      'repeatable; paths the model may never edit. Matched like a `.gitignore` line, case-insensitively: no slash means any depth ' +
      '(`*.pem` is also `certs/server.pem`, `secrets` any `secrets` directory), a leading `/` anchors at the root (`/secrets`), ' +
      'a directory protects what is in it; a glob matching no file gets a warning',
    docDefault: PROTECTED_DOC,
    input: 'protected-paths',
    description:
      'Newline-separated globs the model may never edit, matched like .gitignore lines (*.pem at any depth, /secrets at the root). ' +
      'Always protected: CI definitions (.github/**, .gitlab-ci.yml, .circleci, Jenkinsfile, …), git and package-manager hooks ' +
      'at any depth (.husky, lefthook.yml, .pre-commit-config.yaml, .gitattributes, .npmrc, .yarnrc.yml, bunfig.toml, …), build wrappers ' +
      '(gradle and maven wrappers, .cargo/config.toml), .envrc, .devcontainer, .vscode, .idea, .gitpod.yml, deploy configs (netlify.toml, vercel.json), ' +
      'CODEOWNERS, a root action.yml.',
    inputDefault: '',
  },
  allowForks: {
    kind: 'bool',
    oneSide: 'GitHub only',
    default: false,
    input: 'allow-forks',
    description: 'Work on fork pull requests under pull_request_target and workflow_run.',
    inputDefault: 'false',
  },
  allowedBots: {
    kind: 'list',
    oneSide: 'GitHub only',
    input: 'allowed-bots',
    description: 'Newline-separated bot logins allowed to trigger a run.',
    inputDefault: '',
  },
  command: {
    kind: 'string',
    oneSide: "GitHub only; the CLI's `--instructions` is the text after it",
    input: 'command',
    description:
      'The comment phrase that asks for a fix (any case, at the start of a comment; the rest of the comment is instructions for the model). ' +
      "Match it in the workflow's if: too.",
    inputDefault: '/unbreak',
  },
  price: {
    kind: 'price',
    flag: '--price',
    value: '<in,out>',
    help: "dollars per million input and output tokens (e.g. 2,8): the cost of each attempt and of the run, from the server's reported usage",
    doc: 'dollars per million input and output tokens (e.g. `2,8`, or `0.4/1.6`): the cost of each attempt and of the run, on stderr and as `cost` in the JSON result',
    docDefault: 'none: tokens only',
    input: 'price',
    description: 'US dollars per million input and output tokens (e.g. 2,8), to show what each attempt and the run cost; without it, tokens only.',
    inputDefault: '',
  },
  maxCost: {
    kind: 'dollars',
    flag: '--max-cost',
    value: '<usd>',
    help: 'US dollars the run may spend (needs --price); it stops before a request that could cross the cap ' + '(the request as sent plus a whole completion)',
    doc:
      'US dollars the run may spend (needs `--price`): before each request, what was spent plus the request at its size and a whole completion ' +
      '(4096 tokens) must stay within the cap, or the run stops there and says so; spent/cap is in the result (`cost.cap`)',
    docDefault: 'no cap',
    input: 'max-cost',
    description:
      'US dollars one run may spend (e.g. 0.50; needs price). The run stops before a request that could cross it ' +
      '(the request as sent plus a whole completion) and says so; the comment and summary show spent / cap.',
    inputDefault: '',
  },
  review: {
    kind: 'bool',
    default: true,
    negates: true,
    flag: '--no-review',
    help: "skip the self-review (one short model request after the tests pass that asks whether the patch fixes the cause or only the tests' symptoms) and the further cases of the rule (one more request, which never sees the patch, and one more test run)",
    doc: "skip the self-review (one short model request after the tests pass that asks whether the patch fixes the cause or only the tests' symptoms) and the further cases of the rule (one more request, which never sees the patch, and one more test run with its cases)",
    docDefault: 'both run',
    input: 'review',
    description:
      "After the tests pass, one short model request asks whether the patch fixes the cause or only the tests' symptoms, " +
      'and another, which never sees the patch, writes further cases of the rule that unbreak runs on the patched code; ' +
      'a patch the review flags or a case fails goes back to the model as feedback. false skips both.',
    inputDefault: 'true',
  },
  rerunWorkflows: {
    kind: 'list',
    oneSide: 'GitHub only',
    input: 'rerun-workflows',
    description:
      'Workflow files (e.g. ci.yml, newline- or comma-separated) to start on the PR branch with workflow_dispatch after a fix commit is pushed, ' +
      "since a push made with the job's token starts no workflow. Each must list on workflow_dispatch; needs permissions actions write.",
    inputDefault: '',
  },
  bisectRuns: {
    kind: 'int',
    min: 0,
    max: 20,
    default: 4,
    oneSide: 'GitHub only: a red default branch is a workflow_run',
    input: 'bisect-runs',
    description:
      'When the default branch goes red after several commits, at most this many test runs (0-20) at older commits, by bisection, to name the commit ' +
      'and pull request that broke it.',
    inputDefault: '4',
  },
  maxCompletionTokens: {
    kind: 'int',
    min: 256,
    max: 1_000_000,
    /** Room for an edit of a few hundred lines; a looping model stops there instead of at the server's context. */
    default: 4_096,
    flag: '--max-completion-tokens',
    value: '<n>',
    help: 'tokens one model answer may hold (sent as max_tokens, or max_completion_tokens where the server wants that)',
    doc:
      'tokens one model answer may hold, sent with every request as `max_tokens` (`max_completion_tokens` for reasoning models, ' +
      'or when a server refuses `max_tokens`); a tool call cut off there is not run, and the model is told to send it smaller',
    input: 'max-completion-tokens',
    description: 'Tokens one model answer may hold (sent as max_tokens, or max_completion_tokens where the server wants that).',
    inputDefault: '4096',
  },
  base: {
    kind: 'string',
    oneSide: "the action compares against the PR's base",
    flag: '--base',
    value: '<ref>',
    help: 'what the change is compared against',
    helpDefault: 'merge base with the upstream or default branch, else the last commit',
    docDefault: 'merge base with the upstream (or `origin/HEAD`, `origin/main`, `origin/master`, `main`, `master`), else the last commit',
  },
  tryLocal: {
    kind: 'bool',
    oneSide: 'for trying it locally',
    default: false,
    flag: '--try-local',
    help: 'no key: a stand-in model on this machine shows the loop on your failing tests and fixes nothing',
    doc:
      'no key, no network: a stand-in model on this machine reads the failing test file with a tool and proposes no change, so you see the ' +
      'whole loop (tests, failures, context, a request, a tool call, the verdict) on your own tests; it fixes nothing',
  },
  dryRun: {
    kind: 'bool',
    oneSide: 'the action never edits your branch unverified; `mode: comment` posts the patch instead of pushing',
    default: false,
    flag: '--dry-run',
    help: 'print the patch and leave the work tree as found',
    doc: 'print the patch (a git-style unified diff) to stdout and leave the work tree as found',
  },
  json: {
    kind: 'bool',
    oneSide: "the action's outputs carry the same facts",
    default: false,
    flag: '--json',
    help: 'print a JSON result object as the last line of stdout',
    doc: 'print one JSON result object as the last line of stdout',
  },
  maxTokens: {
    kind: 'int',
    min: 1_000,
    max: 100_000_000,
    /** Total tokens (prompt + completion) one run may spend before it stops. */
    default: 400_000,
    flag: '--max-tokens',
    value: '<n>',
    help: 'tokens the whole run may spend',
    doc: 'tokens (prompt + completion) the whole run may spend; the run stops with a clear line when spent, and a budget too small for one request is refused before any work',
    input: 'max-tokens',
    description: 'Tokens (prompt + completion) one run may spend; the run stops with a clear line when they are spent.',
    inputDefault: '400000',
  },
  requestTokens: {
    kind: 'int',
    min: 1_000,
    max: 1_000_000,
    /** Input tokens one request may hold: small enough for free model tiers (8k). */
    default: 7_000,
    flag: '--request-tokens',
    value: '<n>',
    help: 'input tokens one model request may hold',
    doc: 'input tokens one model request may hold',
    docDefault: '7000 (fits 8k free tiers)',
    input: 'request-tokens',
    description: "Input tokens one model request may hold; the default fits GitHub Models' and other free tiers' 8k limit.",
    inputDefault: '7000',
  },
  junitGlob: {
    kind: 'string',
    default: '**/{junit,TEST-*,*junit*,test-results,test-report}*.xml',
    flag: '--junit',
    value: '<glob>',
    help: 'JUnit XML reports to read when the test command writes them',
    doc: 'JUnit XML files to read when the test command writes them (only files written during the run count)',
    docDefault: '`**/{junit,TEST-*,*junit*,test-results,test-report}*.xml`',
    input: 'junit',
    description: 'JUnit XML files to read when the test command writes them (only files written during the run count).',
    inputDefault: '**/{junit,TEST-*,*junit*,test-results,test-report}*.xml',
  },
  targetedReruns: {
    kind: 'bool',
    default: true,
    negates: true,
    flag: '--full-reruns',
    help: 'always rerun the whole test command, never just the failing tests',
    doc: 'always rerun the whole test command, never the failing tests alone first',
    docDefault: 'off',
    input: 'full-reruns',
    description: 'true: always rerun the whole test command, never the failing tests alone first.',
    inputDefault: 'false',
  },
  stream: {
    kind: 'bool',
    default: false,
    flag: '--stream',
    help: 'stream model answers (server-sent events)',
    doc: 'ask for streamed answers (server-sent events); a server that answers without streaming is said once',
    input: 'stream',
    description: 'Ask for streamed answers (server-sent events), for gateways that time out long non-streamed answers.',
    inputDefault: 'false',
  },
  modelTimeoutSec: {
    kind: 'int',
    min: 1,
    max: 3_600,
    default: 180,
    flag: '--model-timeout',
    value: '<s>',
    help: 'seconds one model request may take (a streamed one too, once it starts); failed requests are retried 3 times, a time-out once',
    doc:
      'seconds one model request may take; a streamed answer is cut this long after it starts. A request that fails for a passing reason ' +
      '(429, 5xx) is retried up to 3 times, but not an error the server answers twice with the same text; a time-out is retried once, ' +
      'so a server that never answers ends the run after twice this long (6 minutes by default)',
    input: 'model-timeout',
    description:
      'Seconds one model request may take (a streamed one too); a failed request is retried 3 times, a time-out once (at most twice this long against a silent server).',
    inputDefault: '180',
  },
  instructions: {
    kind: 'string',
    oneSide: 'on a PR: the text after the command phrase (`/unbreak …`)',
    flag: '--instructions',
    value: '<text>',
    help: 'what you know about the cause, for the model (the text after /unbreak in a PR comment)',
    doc: "what you know about the cause, passed to the model as the maintainer's instructions (on a PR: the text after `/unbreak` in the comment)",
  },
  record: {
    kind: 'string',
    oneSide: 'for local debugging',
    flag: '--record',
    value: '<file>',
    help: 'save the model conversation to a JSON file',
    doc: 'save the model conversation (requests as sent, after redaction, and answers) as JSON',
  },
  replay: {
    kind: 'string',
    oneSide: 'for local debugging',
    flag: '--replay',
    value: '<file>',
    help: 'answer from a recorded conversation instead of a model server',
    doc: 'answer from a recorded conversation instead of a model server (no API key needed)',
  },
  phase: {
    kind: 'string',
    oneSide: 'GitHub only: the two-job setup',
    input: 'phase',
    description:
      'all: test, fix and deliver in this job. fix: test and fix, then write the verified fix to handoff-dir and deliver nothing (a job with read-only permissions). ' +
      'deliver: run no test or setup command; read the handoff, check it again and deliver it (the job with the write token). See .github/workflows/unbreak.yml.',
    inputDefault: 'all',
  },
  handoffDir: {
    kind: 'string',
    oneSide: 'GitHub only: the two-job setup',
    input: 'handoff-dir',
    description: 'Where phase fix writes handoff.json and phase deliver reads it; empty means $RUNNER_TEMP/unbreak-handoff.',
    inputDefault: '',
  },
} as const satisfies Record<string, OptionSpec>;

export type OptionKey = keyof typeof OPTIONS;
/** The whole-number options. */
export type IntOptionKey = { [K in OptionKey]: (typeof OPTIONS)[K]['kind'] extends 'int' ? K : never }[OptionKey];

const entries = () => Object.entries(OPTIONS) as [OptionKey, OptionSpec][];

/** How an option is named on one side: its flag (or variable) for the CLI, `input 'x'` for the action. */
export function optionName(key: string, side: 'flag' | 'input'): string {
  const o = (OPTIONS as Record<string, OptionSpec>)[key];
  if (!o) return key;
  return side === 'input' ? `input '${o.input ?? key}'` : (o.flag ?? o.env ?? key);
}

/** The options for node:util parseArgs, from every option with a flag. */
export function parseArgsOptions(): Record<string, { type: 'string' | 'boolean'; multiple?: boolean }> {
  const out: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }> = {};
  for (const [, o] of entries()) {
    if (!o.flag) continue;
    out[o.flag.slice(2)] = o.kind === 'bool' ? { type: 'boolean' } : o.kind === 'list' ? { type: 'string', multiple: true } : { type: 'string' };
  }
  return out;
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return line ? [...lines, line] : lines;
}

/** The Options block of --help: one entry per flag, wrapped to 100 columns. */
export function helpOptions(): string {
  const column = 26;
  return entries()
    .filter(([, o]) => o.flag && o.help)
    .map(([, o]) => {
      const shown = o.helpDefault ?? (typeof o.default === 'number' || typeof o.default === 'string' ? String(o.default) : undefined);
      const text = shown === undefined || o.negates ? o.help! : `${o.help} (default ${shown})`;
      const [first = '', ...rest] = wrap(text, 100 - column);
      const head = `  ${o.flag}${o.value ? ` ${o.value}` : ''}`;
      // A flag too long for the column has its text start on the next line.
      const top = head.length + 2 > column ? [head, `${' '.repeat(column)}${first}`] : [`${head.padEnd(column)}${first}`];
      return [...top, ...rest.map((l) => `${' '.repeat(column)}${l}`)].join('\n');
    })
    .join('\n');
}

const cell = (s: string) =>
  s
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim();

/** The README's table of CLI options. */
export function cliTable(): string {
  const rows = entries()
    .filter(([, o]) => o.flag)
    .map(([, o]) => {
      const shown = o.docDefault ?? (o.default === undefined ? 'none' : typeof o.default === 'boolean' ? 'off' : String(o.default));
      return `| \`${o.flag}${o.value ? ` ${o.value}` : ''}\` | ${o.doc ?? o.help} | ${shown} |`;
    });
  return ['| option | meaning | default |', '| --- | --- | --- |', ...rows].join('\n');
}

/** The README's table of action inputs, in action.yml's order. */
export function inputsTable(): string {
  const rows = entries()
    .filter(([, o]) => o.input)
    .map(([, o]) => `| \`${o.input}\` | ${cell(o.description ?? '')} | ${o.required ? 'required' : o.inputDefault ? `\`${cell(o.inputDefault)}\`` : 'none'} |`);
  return ['| input | meaning | default |', '| --- | --- | --- |', ...rows].join('\n');
}

/**
 * The README's one table from CLI flags to action inputs: every option on either side, with its
 * counterpart, or why there is none.
 */
export function flagInputTable(): string {
  const rows = entries()
    .filter(([, o]) => o.flag || o.input || o.env)
    .map(([, o]) => {
      const flag = o.flag ? `\`${o.flag}${o.value ? ` ${o.value}` : ''}\`` : o.env ? `\`${o.env}\` (variable)` : '—';
      const input = o.input ? `\`${o.input}\`` : '—';
      const both = o.flag && o.input;
      const note =
        o.oneSide ??
        (both && o.kind === 'bool'
          ? `\`${o.flag}\` is \`${o.input}: ${o.flag!.startsWith('--no-') ? 'false' : 'true'}\``
          : both && o.kind === 'list'
            ? 'the flag once per value; the input one value a line'
            : o.env && !o.flag
              ? `or \`OPENAI_API_KEY\``
              : '');
      return `| ${flag} | ${input} | ${cell(note)} |`;
    });
  return ['| CLI | action input | note |', '| --- | --- | --- |', ...rows].join('\n');
}
