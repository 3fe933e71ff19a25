import path from 'node:path';
import { parse } from 'yaml';

/**
 * A workflow file read the way GitHub reads it, for one purpose: given the jobs and steps the
 * Actions API says failed, find their `run:` scripts, with the directory, environment and shell
 * they ran with (CONTRACT section 5). Pure: the API calls live in ci-plan.ts.
 */

/** A job as `GET /actions/runs/{id}/jobs` lists it (the fields used here). */
export interface ApiJob {
  id: number;
  name: string;
  conclusion: string | null;
  html_url?: string | null;
  labels?: string[];
  steps?: { name: string; number: number; conclusion: string | null; status?: string }[];
}

/** One `run:` step, ready to run here. */
export interface CiStep {
  /** The job's name as the API gives it (matrix values included). */
  job: string;
  /** The step's name as the API gives it. */
  step: string;
  jobUrl?: string;
  /** The script, `${{ }}` expressions already filled in. */
  script: string;
  /** Repo-relative directory ('' is the root). */
  dir: string;
  env: Record<string, string>;
  /** The shell and its flags; `{0}` stands for a file holding the script, else the script goes after `-c`. */
  shell: string;
}

/** A failed step unbreak cannot run as CI did, and why. */
export interface Unreproducible {
  job: string;
  step: string;
  reason: string;
  jobUrl?: string;
}

export interface StepPlan {
  /** Earlier `run:` steps of the failed jobs, in job order, each once. */
  setup: CiStep[];
  /** The failed steps, one test command each. */
  tests: CiStep[];
  unreproducible: Unreproducible[];
  /** Things left out that are worth saying (a setup step that needs a secret). */
  notes: string[];
}

export const DEFAULT_SHELL = 'bash --noprofile --norc -eo pipefail';

type Yaml = Record<string, unknown>;
type Matrix = Record<string, unknown>;

const isObject = (v: unknown): v is Yaml => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined);

/** Reading `${{ … }}`: literals, `matrix.*` and `env.*` only; anything else is named, not guessed. */
export class Unsupported extends Error {
  constructor(readonly expression: string) {
    super(`\${{ ${expression} }}`);
  }
}

function valueText(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function evaluate(expr: string, matrix: Matrix, env: Record<string, string>): string {
  const e = expr.trim();
  let m: RegExpExecArray | null;
  if ((m = /^'((?:[^']|'')*)'$/.exec(e))) return m[1]!.replace(/''/g, "'");
  if (/^-?\d+(?:\.\d+)?$/.test(e) || e === 'true' || e === 'false') return e;
  if (e === 'null') return '';
  if ((m = /^matrix\.([A-Za-z_][\w-]*)((?:\.[A-Za-z_][\w-]*)*)$/.exec(e))) {
    let v: unknown = matrix[m[1]!];
    for (const part of m[2]!.split('.').filter(Boolean)) v = isObject(v) ? v[part] : undefined;
    return valueText(v);
  }
  if ((m = /^env\.([A-Za-z_]\w*)$/.exec(e))) return env[m[1]!] ?? '';
  throw new Unsupported(e);
}

/** Fills every `${{ … }}` in `text`; throws Unsupported for an expression it cannot know here. */
export function interpolate(text: string, matrix: Matrix, env: Record<string, string>): string {
  return text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_all, expr: string) => evaluate(expr, matrix, env));
}

// ---- jobs and matrices --------------------------------------------------------------------

/** Every combination of a job's matrix, as GitHub expands it (product, exclude, include). */
export function expandMatrix(matrix: unknown): Matrix[] | undefined {
  if (!isObject(matrix)) return undefined;
  const keys = Object.keys(matrix).filter((k) => k !== 'include' && k !== 'exclude');
  let combos: Matrix[] = [{}];
  for (const key of keys) {
    const values = matrix[key];
    if (!Array.isArray(values)) return undefined; // an expression (fromJSON…): not knowable here
    combos = combos.flatMap((c) => values.map((v: unknown) => ({ ...c, [key]: v })));
  }
  if (keys.length === 0) combos = [];
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const exclude = Array.isArray(matrix.exclude) ? matrix.exclude.filter(isObject) : [];
  combos = combos.filter((c) => !exclude.some((x) => Object.entries(x).every(([k, v]) => same(c[k], v))));
  const base = combos.map((c) => ({ ...c }));
  const include = Array.isArray(matrix.include) ? matrix.include.filter(isObject) : [];
  for (const inc of include) {
    // An include extends every original combination it does not contradict on an original key;
    // one that fits none becomes a combination of its own.
    let fitted = false;
    base.forEach((orig, i) => {
      const fits = Object.entries(inc).every(([k, v]) => !keys.includes(k) || same(orig[k], v));
      if (fits) {
        fitted = true;
        combos[i] = { ...combos[i], ...inc };
      }
    });
    if (!fitted) combos.push({ ...inc });
  }
  return combos;
}

/**
 * The job's name as the API shows it for this combination. GitHub's rule, as issue threads about
 * required checks that stopped matching after a matrix change show it: a `name:` that uses `matrix.*`
 * is that name filled in; otherwise `<name or key> (<values>)`, the combination's values in matrix
 * order (include-only keys last), joined by ", ", empty values left out.
 */
function displayName(key: string, job: Yaml, combo: Matrix | undefined): string | undefined {
  const parts = nameParts(key, job, combo);
  if (!parts) return undefined;
  const values = parts.values.filter((v) => !isObject(v) && !Array.isArray(v)).map(valueText);
  return values.length ? `${parts.plain} (${values.join(', ')})` : parts.plain;
}

/** The name before the parentheses, and the values that go in them (none when `name:` uses the matrix). */
function nameParts(key: string, job: Yaml, combo: Matrix | undefined): { plain: string; values: unknown[] } | undefined {
  const name = str(job.name);
  try {
    if (!combo) return { plain: name === undefined ? key : interpolate(name, {}, {}), values: [] };
    if (name !== undefined && /\$\{\{[\s\S]*?\bmatrix\b/.test(name)) return { plain: interpolate(name, combo, {}), values: [] };
    return { plain: interpolate(name ?? key, {}, {}), values: Object.values(combo).filter((v) => v !== null && v !== undefined && v !== '') };
  } catch {
    return undefined;
  }
}

/**
 * A matrix name that is not spelled out whole: GitHub cuts a long job name at about 100 characters
 * and ends it with "...", and writes an object value of the matrix in a form of its own. Such a
 * name fits a combination when the part shown agrees with it; it is used only when one fits.
 */
function fitsLoosely(apiName: string, key: string, job: Yaml, combo: Matrix): boolean {
  const full = displayName(key, job, combo);
  if (full === undefined) return false;
  if (apiName.endsWith('...') && apiName.length > 3 + 1) return full.startsWith(apiName.slice(0, -3));
  const parts = nameParts(key, job, combo)!;
  if (!parts.values.some((v) => isObject(v) || Array.isArray(v))) return false;
  if (!apiName.startsWith(`${parts.plain} (`)) return false;
  const shown = apiName.slice(parts.plain.length);
  // Plain values in order; every plain value inside an object somewhere.
  let rest = shown;
  for (const v of parts.values.filter((x) => !isObject(x) && !Array.isArray(x)).map(valueText)) {
    const at = rest.indexOf(v);
    if (at < 0) return false;
    rest = rest.slice(at + v.length);
  }
  return parts.values.filter((x) => isObject(x) || Array.isArray(x)).every((x) => leaves(x).every((leaf) => shown.includes(leaf)));
}

function leaves(v: unknown): string[] {
  if (isObject(v)) return Object.values(v).flatMap(leaves);
  if (Array.isArray(v)) return v.flatMap(leaves);
  return v === null || v === undefined || v === '' ? [] : [valueText(v)];
}

export interface FoundJob {
  key: string;
  job: Yaml;
  matrix: Matrix;
}

/** The workflow's job the API names `apiName`: exact `name:`, else the key, else a matrix combination. */
export function findJob(jobs: Yaml, apiName: string): FoundJob | undefined {
  const entries = Object.entries(jobs).filter((e): e is [string, Yaml] => isObject(e[1]));
  const hasMatrix = (job: Yaml) => isObject(job.strategy) && job.strategy.matrix !== undefined;
  for (const [key, job] of entries) if (!hasMatrix(job) && displayName(key, job, undefined) === apiName) return { key, job, matrix: {} };
  for (const [key, job] of entries) if (!hasMatrix(job) && job.name === undefined && key === apiName) return { key, job, matrix: {} };
  const loose: FoundJob[] = [];
  for (const [key, job] of entries) {
    if (!hasMatrix(job)) continue;
    for (const combo of expandMatrix((job.strategy as Yaml).matrix) ?? []) {
      if (displayName(key, job, combo) === apiName) return { key, job, matrix: combo };
      if (fitsLoosely(apiName, key, job, combo)) loose.push({ key, job, matrix: combo });
    }
  }
  return loose.length === 1 ? loose[0] : undefined;
}

// ---- steps --------------------------------------------------------------------------------

/** The names GitHub may show for a step: its `name:`, or `Run <first line>` / `Run <action>`. */
function stepNames(step: Yaml, matrix: Matrix, env: Record<string, string>): string[] {
  const names: string[] = [];
  const add = (raw: string) => {
    names.push(raw.trim());
    try {
      names.push(interpolate(raw, matrix, env).trim());
    } catch {
      // an expression not knowable here: only the raw text can match
    }
  };
  const name = str(step.name);
  if (name !== undefined) add(name);
  else if (typeof step.run === 'string') add(`Run ${step.run.trim().split('\n')[0] ?? ''}`);
  else if (typeof step.uses === 'string') add(`Run ${step.uses}`);
  return names;
}

function envOf(block: unknown, matrix: Matrix, outer: Record<string, string>): { env: Record<string, string>; dropped: Map<string, string> } {
  const env: Record<string, string> = {};
  const dropped = new Map<string, string>();
  if (!isObject(block)) return { env, dropped };
  for (const [name, raw] of Object.entries(block)) {
    if (!/^[A-Za-z_]\w*$/.test(name)) continue;
    const text = str(raw) ?? '';
    try {
      env[name] = interpolate(text, matrix, { ...outer, ...env });
    } catch (error) {
      dropped.set(name, error instanceof Unsupported ? error.message : text);
    }
  }
  return { env, dropped };
}

function defaultsRun(node: Yaml): Yaml {
  const d = isObject(node.defaults) && isObject(node.defaults.run) ? node.defaults.run : {};
  return d;
}

function isLinux(job: ApiJob, yamlJob: Yaml, matrix: Matrix): boolean {
  const labels = job.labels?.length ? job.labels : [];
  let runsOn: string[] = labels;
  if (!runsOn.length) {
    const raw = yamlJob['runs-on'];
    const list = Array.isArray(raw) ? raw : [raw];
    runsOn = list.map((v) => {
      try {
        return interpolate(str(v) ?? '', matrix, {});
      } catch {
        return '';
      }
    });
  }
  return !runsOn.some((l) => /^(?:windows|macos|win|mac)\b|[-_](?:windows|macos)\b/i.test(l.trim()));
}

/** A step's script and settings here, or the reason it cannot be. */
function buildStep(job: ApiJob, apiStep: string, found: FoundJob, workflow: Yaml, step: Yaml): { step: CiStep } | { reason: string } {
  const matrix = found.matrix;
  const wf = envOf(workflow.env, matrix, {});
  const jb = envOf(found.job.env, matrix, wf.env);
  const outer = { ...wf.env, ...jb.env };
  const st = envOf(step.env, matrix, outer);
  if (st.dropped.size) {
    const [name, expr] = [...st.dropped][0]!;
    return { reason: `its env ${name} is \`${expr}\`, which only CI has` };
  }
  const env = { ...outer, ...st.env };
  const script = str(step.run) ?? '';
  let filled: string;
  try {
    filled = interpolate(script, matrix, env);
  } catch (error) {
    return { reason: `it uses \`${error instanceof Unsupported ? error.message : 'an expression'}\`, which only CI has` };
  }
  // A variable CI set from a secret or the run's context, which the script reads: not here.
  for (const [name, expr] of [...wf.dropped, ...jb.dropped]) {
    if (name in env) continue;
    if (new RegExp(`\\$(?:${name}\\b|\\{${name}\\b)`).test(filled)) return { reason: `it reads $${name}, set in CI from \`${expr}\`` };
  }
  const dirRaw = str(step['working-directory']) ?? str(defaultsRun(found.job)['working-directory']) ?? str(defaultsRun(workflow)['working-directory']) ?? '';
  let dir: string;
  try {
    dir = interpolate(dirRaw, matrix, env).trim();
  } catch (error) {
    return { reason: `its working-directory uses \`${error instanceof Unsupported ? error.message : 'an expression'}\`, which only CI has` };
  }
  const norm = dir ? path.posix.normalize(dir.replace(/^\.\/+/, '')) : '';
  if (path.posix.isAbsolute(norm) || norm === '..' || norm.startsWith('../')) return { reason: `its working-directory ${dir} is outside the repository` };
  const shellRaw = (str(step.shell) ?? str(defaultsRun(found.job).shell) ?? str(defaultsRun(workflow).shell) ?? 'bash').trim();
  const shell = shellFor(shellRaw);
  if (!shell) return { reason: `it runs in \`${shellRaw}\`, a shell this Linux runner does not stand in for` };
  return {
    step: {
      job: job.name,
      step: apiStep,
      ...(job.html_url ? { jobUrl: job.html_url } : {}),
      script: filled,
      dir: norm === '.' ? '' : norm,
      env,
      shell,
    },
  };
}

/** GitHub's shell keywords, as its docs spell them out for Linux runners. */
function shellFor(shell: string): string | undefined {
  switch (shell) {
    case 'bash':
      return DEFAULT_SHELL;
    case 'sh':
      return 'sh -e';
    case 'python':
      return 'python {0}';
    case 'pwsh':
    case 'powershell':
    case 'cmd':
      return undefined;
    default:
      return shell.includes('{0}') ? shell : undefined;
  }
}

/**
 * The plan for the failed jobs of a run: each failed job's first failed step as a test, the
 * `run:` steps before it (those CI ran) as setup. Jobs in the API's order.
 */
export function planSteps(workflowText: string, jobs: ApiJob[]): StepPlan {
  const plan: StepPlan = { setup: [], tests: [], unreproducible: [], notes: [] };
  const failed = jobs.filter((j) => j.conclusion === 'failure');
  let workflow: Yaml;
  try {
    const doc: unknown = parse(workflowText);
    workflow = isObject(doc) ? doc : {};
  } catch (error) {
    for (const job of failed)
      plan.unreproducible.push(
        unrepro(
          job,
          firstFailed(job)?.name ?? '(unknown step)',
          `the workflow file does not parse (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
        ),
      );
    return plan;
  }
  const jobsYaml = isObject(workflow.jobs) ? workflow.jobs : {};
  const seenSetup = new Set<string>();
  for (const job of failed) {
    const failedStep = firstFailed(job);
    if (!failedStep) {
      plan.unreproducible.push(unrepro(job, '(no step)', 'no step of the job failed (it was cancelled, timed out, or failed before its steps ran)'));
      continue;
    }
    const found = findJob(jobsYaml, job.name);
    if (!found) {
      plan.unreproducible.push(
        unrepro(
          job,
          failedStep.name,
          'the job is not found in the workflow file (a reusable workflow, or a name built from expressions unbreak cannot evaluate)',
        ),
      );
      continue;
    }
    if (isObject(found.job.services) && Object.keys(found.job.services).length) {
      plan.unreproducible.push(
        unrepro(job, failedStep.name, `the job needs service containers (${Object.keys(found.job.services).join(', ')}), which unbreak does not start`),
      );
      continue;
    }
    if (!isLinux(job, found.job, found.matrix)) {
      plan.unreproducible.push(
        unrepro(job, failedStep.name, `the job ran on ${(job.labels ?? []).join(', ') || 'a non-Linux runner'}, and unbreak runs on Linux`),
      );
      continue;
    }
    const steps = Array.isArray(found.job.steps) ? found.job.steps.filter(isObject) : [];
    const scope = { ...envOf(workflow.env, found.matrix, {}).env };
    const index = steps.findIndex((s) => stepNames(s, found.matrix, scope).includes(failedStep.name.trim()));
    if (index < 0) {
      plan.unreproducible.push(unrepro(job, failedStep.name, 'the step is not found in the job in the workflow file'));
      continue;
    }
    const target = steps[index]!;
    if (typeof target.run !== 'string') {
      plan.unreproducible.push(
        unrepro(
          job,
          failedStep.name,
          typeof target.uses === 'string' ? `it is a \`uses: ${target.uses}\` step (an action), not a script unbreak can run` : 'it has no `run:` script',
        ),
      );
      continue;
    }
    const built = buildStep(job, failedStep.name, found, workflow, target);
    if ('reason' in built) {
      plan.unreproducible.push(unrepro(job, failedStep.name, built.reason));
      continue;
    }
    // Setup: the run: steps before it that CI ran (the API says which were skipped by their `if:`).
    const apiSteps = job.steps ?? [];
    for (const earlier of steps.slice(0, index)) {
      if (typeof earlier.run !== 'string') continue;
      const names = stepNames(earlier, found.matrix, scope);
      const api = apiSteps.find((s) => names.includes(s.name.trim()));
      if (api && api.conclusion === 'skipped') continue;
      const apiName = api?.name ?? names.at(-1) ?? 'Run';
      const setup = buildStep(job, apiName, found, workflow, earlier);
      if ('reason' in setup) {
        plan.notes.push(`setup step ${job.name} / ${apiName} is left out: ${setup.reason}`);
        continue;
      }
      const key = JSON.stringify([setup.step.script, setup.step.dir]);
      if (seenSetup.has(key)) continue;
      seenSetup.add(key);
      plan.setup.push(setup.step);
    }
    plan.tests.push(built.step);
  }
  return plan;
}

function firstFailed(job: ApiJob) {
  return [...(job.steps ?? [])].sort((a, b) => a.number - b.number).find((s) => s.conclusion === 'failure');
}

function unrepro(job: ApiJob, step: string, reason: string): Unreproducible {
  return { job: job.name, step, reason, ...(job.html_url ? { jobUrl: job.html_url } : {}) };
}
