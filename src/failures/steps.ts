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

/** `::step <job> / <step>`, and `::cwd <dir>` when the step runs in a subdirectory (its output's paths are relative to it). */
const header = (step: ScriptStep) =>
  step.dir ? `printf '\\n::step %s\\n::cwd %s\\n' ${quote(step.label)} ${quote(step.dir)}` : `printf '\\n::step %s\\n' ${quote(step.label)}`;

/** Setup: each step once, in order; the first that fails stops it, as it would have stopped CI's job. */
export function setupStepsCommand(steps: ScriptStep[]): string | undefined {
  if (!steps.length) return undefined;
  const lines = ['# unbreak: the setup steps of the failed CI jobs'];
  for (const step of steps) lines.push(header(step), `${invocation(step)} || exit $?`);
  return lines.join('\n');
}

/** Tests: every step runs, whatever the others did; the command fails when any of them does. */
export function testStepsCommand(steps: ScriptStep[]): string {
  const lines = [
    '# unbreak: the failed steps of the CI run, each as CI ran it',
    `u_fail=0; u_results=''`,
    `u_done() { if [ "$1" -eq 0 ]; then u_r=passed; else u_r=failed; u_fail=1; fi; u_results="$u_results::step-result $u_r $1 $2
"; }`,
  ];
  for (const step of steps) lines.push(header(step), `(${invocation(step)}); u_done $? ${quote(step.label)}`);
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
