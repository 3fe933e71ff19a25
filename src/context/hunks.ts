import path from 'node:path';

export interface Hunk {
  file: string;
  /** The `@@` line and the lines under it. */
  text: string;
  /** Position in the diff, to print the chosen hunks in their own order. */
  order: number;
  /** Lines of the new side the hunk shows (context and added). */
  newStart: number;
  newEnd: number;
  removes: boolean;
}

export function parseDiff(diff: string): Hunk[] {
  const hunks: Hunk[] = [];
  let file = '';
  let current: Hunk | undefined;
  for (const line of diff.split('\n')) {
    if (line.startsWith('diff --git ')) {
      current = undefined;
      file = / b\/(.+)$/.exec(line)?.[1] ?? '';
      continue;
    }
    const h = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (h) {
      const start = Number(h[1]);
      current = { file, text: line, order: hunks.length, newStart: start, newEnd: start + Number(h[2] ?? 1) - 1, removes: false };
      hunks.push(current);
      continue;
    }
    if (!current) continue;
    current.text += `\n${line}`;
    if (line.startsWith('-')) current.removes = true;
  }
  return hunks;
}

const LOCKFILES = new Set([
  'package-lock.json',
  'npm-shrinkwrap.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  'bun.lockb',
  'cargo.lock',
  'poetry.lock',
  'pipfile.lock',
  'uv.lock',
  'pdm.lock',
  'go.sum',
  'gemfile.lock',
  'composer.lock',
  'flake.lock',
  'mix.lock',
  'pubspec.lock',
  'packages.lock.json',
]);
const MANIFESTS = new Set([
  'package.json',
  'cargo.toml',
  'pyproject.toml',
  'setup.cfg',
  'setup.py',
  'go.mod',
  'gemfile',
  'composer.json',
  'pom.xml',
  'build.gradle',
  'mix.exs',
  'pubspec.yaml',
  'version',
  'version.txt',
]);
const SOURCE_EXT = /\.(m?[jt]sx?|cjs|cts|mts|py|rs|go|rb|java|kt|kts|scala|swift|c|h|cc|cpp|hpp|cs|php|ex|exs|erl|hs|ml|clj|dart|lua|vue|svelte|sh)$/i;

/** Files no fix is made in: lockfiles, build output, minified or generated code. */
export function isLowValueFile(file: string): boolean {
  const base = path.posix.basename(file).toLowerCase();
  if (LOCKFILES.has(base)) return true;
  if (/(^|\/)(dist|build|out|vendor|node_modules|target|__generated__|generated)\//.test(file)) return true;
  return /\.(min\.js|min\.css|map|snap|pb\.go|lock)$/i.test(base) || /(_pb2|\.generated|\.g)\.\w+$/.test(base);
}

export function isSourceFile(file: string): boolean {
  return SOURCE_EXT.test(file) && !isLowValueFile(file);
}

/** A hunk in a manifest whose every changed line is about a version: a release bump, not a fix site. */
export function isVersionBump(h: Hunk): boolean {
  if (!MANIFESTS.has(path.posix.basename(h.file).toLowerCase())) return false;
  const changed = h.text
    .split('\n')
    .slice(1)
    .filter((l) => /^[+-]/.test(l) && l.slice(1).trim());
  return changed.length > 0 && changed.every((l) => /version|^[+-]\s*"?[\w@/.-]+"?\s*[:=]\s*"?[~^<>=]*\s*v?\d+(\.\d+)*/i.test(l));
}
