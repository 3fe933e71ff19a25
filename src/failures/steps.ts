/**
 * Output made of steps (CI's failed steps run one after another, ci-script.ts): each step's part
 * starts with a `::step <job> / <step>` line, and the output ends with a `::step-result` line per
 * step. Readers read each part on its own, so a type check and a test run in one output both count.
 */

/** One step of CI, ready to run here: its script, directory, env and shell (event/reproduce-ci/workflow-steps.ts builds these). */
export interface ScriptStep {
  /** `<job> / <step>`, as the `::step` header and the `::step-result` line name it. */
  label: string;
  script: string;
  /** Repo-relative directory ('' is the root). */
  dir: string;
  env: Record<string, string>;
  /** The shell and its flags; `{0}` stands for a file holding the script, else the script goes after `-c`. */
  shell: string;
}

export function quote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** One step as a shell command line: `env -C <dir> NAME=value… <shell> -c <script>`. */
function invocation(step: ScriptStep): string {
  const env = Object.entries(step.env).map(([k, v]) => quote(`${k}=${v}`));
  const prefix = ['env', ...(step.dir ? ['-C', quote(step.dir)] : []), ...env].join(' ');
  if (step.shell.includes('{0}')) {
    // Shells that take a file (python {0}, bash -l {0}): the script goes in a temporary file, as on a runner.
    const [before, after] = step.shell.split('{0}', 2) as [string, string];
    return `u_file=$(mktemp) && printf '%s\\n' ${quote(step.script)} > "$u_file" && ${prefix} ${before}"$u_file"${after}; u_code=$?; rm -f "$u_file"; (exit $u_code)`;
  }
  return `${prefix} ${step.shell} -c ${quote(step.script)}`;
}

/**
 * GitHub's file commands between steps: what a step appends to `$GITHUB_PATH` goes in front of PATH
 * for the later steps, and `$GITHUB_ENV`'s `NAME=value` and `NAME<<DELIMITER … DELIMITER` records
 * become their variables (a step's own `env:` still wins, as on GitHub). The files are private ones
 * (run/file-commands.ts), read from their start in each step's own subshell, so the setup steps'
 * lines reach every test step and nothing is applied twice. A name that is not a variable's, or
 * names a channel, is skipped.
 */
const APPLY_FILE_COMMANDS = `u_set() { case $1 in ''|[0-9]*|*[!A-Za-z0-9_]*|GITHUB_ENV|GITHUB_PATH|GITHUB_OUTPUT|GITHUB_STATE|GITHUB_STEP_SUMMARY) return 0 ;; esac; export "$1=$2"; }
u_apply() {
  if [ -f "\${GITHUB_PATH:-}" ]; then
    while IFS= read -r u_l || [ -n "$u_l" ]; do if [ -n "$u_l" ]; then PATH="$u_l:$PATH"; fi; done < "$GITHUB_PATH"
    export PATH
  fi
  [ -f "\${GITHUB_ENV:-}" ] || return 0
  u_d=''
  while IFS= read -r u_l || [ -n "$u_l" ]; do
    if [ -n "$u_d" ]; then
      if [ "$u_l" = "$u_d" ]; then u_set "$u_n" "$u_v"; u_d=''
      elif [ -n "$u_first" ]; then u_v=$u_l; u_first=''
      else u_v="$u_v
$u_l"; fi
      continue
    fi
    case \${u_l%%=*} in
      *'<<'*) ;;
      "$u_l") ;;
      *) u_set "\${u_l%%=*}" "\${u_l#*=}"; continue ;;
    esac
    case $u_l in *'<<'?*) u_n=\${u_l%%<<*}; u_d=\${u_l#*<<}; u_v=''; u_first=1 ;; esac
  done < "$GITHUB_ENV"
}`;

/** `::step <job> / <step>`, and `::cwd <dir>` when the step runs in a subdirectory (its output's paths are relative to it). */
const header = (step: ScriptStep) =>
  step.dir ? `printf '\\n::step %s\\n::cwd %s\\n' ${quote(step.label)} ${quote(step.dir)}` : `printf '\\n::step %s\\n' ${quote(step.label)}`;

/** Setup: each step once, in order; the first that fails stops it, as it would have stopped CI's job. */
export function setupStepsCommand(steps: ScriptStep[]): string | undefined {
  if (!steps.length) return undefined;
  const lines = ['# unbreak: the setup steps of the failed CI jobs', APPLY_FILE_COMMANDS];
  for (const step of steps) lines.push(header(step), `(u_apply; ${invocation(step)}) || exit $?`);
  return lines.join('\n');
}

/** Tests: every step runs, whatever the others did; the command fails when any of them does. */
export function testStepsCommand(steps: ScriptStep[]): string {
  const lines = [
    '# unbreak: the failed steps of the CI run, each as CI ran it',
    APPLY_FILE_COMMANDS,
    `u_fail=0; u_results=''`,
    `u_done() { if [ "$1" -eq 0 ]; then u_r=passed; else u_r=failed; u_fail=1; fi; u_results="$u_results::step-result $u_r $1 $2
"; }`,
  ];
  for (const step of steps) lines.push(header(step), `(u_apply; ${invocation(step)}); u_done $? ${quote(step.label)}`);
  lines.push(`printf '\\n%s' "$u_results"`, 'exit $u_fail');
  return lines.join('\n');
}

export interface StepResult {
  label: string;
  passed: boolean;
  exitCode: number;
}

export interface StepSection {
  label: string;
  /** The step's working directory, repo-relative ('' is the root): paths in its output are relative to it. */
  dir: string;
  text: string;
  result?: StepResult;
}

const HEADER = /^::step (.+)$/gm;
const RESULT = /^::step-result (passed|failed) (\d+) (.+)$/gm;

/** The `::step-result` lines the command printed last. */
export function stepResults(output: string): StepResult[] {
  return [...output.matchAll(RESULT)].map((m) => ({ label: m[3]!.trim(), passed: m[1] === 'passed', exitCode: Number(m[2]) }));
}

/** The output cut at its `::step` headers; undefined when it has none. */
export function stepSections(output: string): StepSection[] | undefined {
  const headers = [...output.matchAll(HEADER)];
  if (!headers.length) return undefined;
  const results = new Map(stepResults(output).map((r) => [r.label, r]));
  return headers.map((h, i) => {
    const label = h[1]!.trim();
    const end = headers[i + 1]?.index ?? output.length;
    let text = output.slice(h.index + h[0].length, end).replace(RESULT, '');
    const cwd = /^\s*::cwd (.+)\n/.exec(text);
    if (cwd) text = text.slice(cwd[0].length);
    const result = results.get(label);
    return { label, dir: cwd?.[1]?.trim() ?? '', text: text.trim(), ...(result ? { result } : {}) };
  });
}
