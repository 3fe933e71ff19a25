import type { ApiJob } from './workflow-file.js';
import { interpolate } from './workflow-expressions.js';
import { isObject, str, valueText, type Matrix, type Yaml } from './workflow-yaml.js';

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

export function isLinux(job: ApiJob, yamlJob: Yaml, matrix: Matrix): boolean {
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
