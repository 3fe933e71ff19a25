import path from 'node:path';
import type { ApiJob } from './workflow-file.js';
import { interpolate, Unsupported } from './workflow-expressions.js';
import type { FoundJob } from './workflow-jobs.js';
import { isObject, str, type Matrix, type Yaml } from './workflow-yaml.js';

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

export const DEFAULT_SHELL = 'bash --noprofile --norc -eo pipefail';

/** The names GitHub may show for a step: its `name:`, or `Run <first line>` / `Run <action>`. */
export function stepNames(step: Yaml, matrix: Matrix, env: Record<string, string>): string[] {
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

export function envOf(block: unknown, matrix: Matrix, outer: Record<string, string>): { env: Record<string, string>; dropped: Map<string, string> } {
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

/** A step's script and settings here, or the reason it cannot be. */
export function buildStep(job: ApiJob, apiStep: string, found: FoundJob, workflow: Yaml, step: Yaml): { step: CiStep } | { reason: string } {
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
