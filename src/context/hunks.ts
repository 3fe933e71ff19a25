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

const HUNK_HEAD = /@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/y;

/**
 * The hunks of a unified diff: each `@@` line and the lines under it, up to the next `@@` line or
 * file. A hunk's text is a slice of the diff (a diff of 10,000 files is not split into its lines
 * and joined again), the lines before a file's first `@@` (its header) belong to no hunk.
 */
export function parseDiff(diff: string): Hunk[] {
  const hunks: Hunk[] = [];
  let file = '';
  let current: Hunk | undefined;
  /** Where `current`'s text starts. */
  let from = 0;
  const close = (end: number) => {
    if (!current) return;
    current.text = diff.slice(from, end);
    current.removes = current.text.includes('\n-');
    current = undefined;
  };
  for (let at = 0; at <= diff.length;) {
    let end = diff.indexOf('\n', at);
    if (end < 0) end = diff.length;
    const first = diff.charCodeAt(at);
    // Only a line that starts with `d` or `@` can start a file or a hunk: the others are read no further.
    if (first === 0x64 /* d */ && diff.startsWith('diff --git ', at)) {
      close(at - 1);
      file = / b\/(.+)$/.exec(diff.slice(at, end))?.[1] ?? '';
    } else if (first === 0x40 /* @ */) {
      HUNK_HEAD.lastIndex = at;
      const h = HUNK_HEAD.exec(diff);
      if (h) {
        close(at - 1);
        const start = Number(h[1]);
        current = { file, text: '', order: hunks.length, newStart: start, newEnd: start + Number(h[2] ?? 1) - 1, removes: false };
        from = at;
        hunks.push(current);
      }
    }
    at = end + 1;
  }
  close(diff.length);
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

/** Whether a file is code a fix could be made in; `low` is `isLowValueFile(file)` where the caller has it. */
export function isSourceFile(file: string, low?: boolean): boolean {
  return SOURCE_EXT.test(file) && !(low ?? isLowValueFile(file));
}

/** A package manifest or version file, where a hunk may be only a version bump. */
export function isManifest(file: string): boolean {
  return MANIFESTS.has(path.posix.basename(file).toLowerCase());
}

/** A hunk in a manifest whose every changed line is about a version: a release bump, not a fix site. */
export function isVersionBump(h: Hunk): boolean {
  if (!isManifest(h.file)) return false;
  const changed = h.text
    .split('\n')
    .slice(1)
    .filter((l) => /^[+-]/.test(l) && l.slice(1).trim());
  return changed.length > 0 && changed.every((l) => /version|^[+-]\s*"?[\w@/.-]+"?\s*[:=]\s*"?[~^<>=]*\s*v?\d+(\.\d+)*/i.test(l));
}
