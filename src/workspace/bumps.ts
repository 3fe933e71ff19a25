import path from 'node:path';

/** The package ecosystems whose manifests and lockfiles a bump is read from. */
export type Ecosystem = 'npm' | 'python' | 'cargo' | 'go';

/** A dependency whose version the change moved: `from` → `to` (exact versions where a lockfile gives them, else the manifest's ranges). */
export interface Bump {
  ecosystem: Ecosystem;
  name: string;
  from: string;
  to: string;
  /** The manifests and lockfiles that carry it. */
  files: string[];
}

type Kind = 'manifest' | 'lockfile';
interface Format {
  ecosystem: Ecosystem;
  kind: Kind;
}

/** What a file is, by its name; undefined for anything that holds no dependency versions. */
export function dependencyFile(rel: string): Format | undefined {
  const base = path.posix.basename(rel).toLowerCase();
  if (base === 'package.json') return { ecosystem: 'npm', kind: 'manifest' };
  if (['package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml', 'bun.lock'].includes(base)) return { ecosystem: 'npm', kind: 'lockfile' };
  if (base === 'pyproject.toml' || base === 'pipfile' || /^requirements.*\.(txt|in)$/.test(base) || /^constraints.*\.txt$/.test(base))
    return { ecosystem: 'python', kind: 'manifest' };
  if (['poetry.lock', 'uv.lock', 'pipfile.lock', 'pdm.lock'].includes(base)) return { ecosystem: 'python', kind: 'lockfile' };
  if (base === 'cargo.toml') return { ecosystem: 'cargo', kind: 'manifest' };
  if (base === 'cargo.lock') return { ecosystem: 'cargo', kind: 'lockfile' };
  if (base === 'go.mod') return { ecosystem: 'go', kind: 'manifest' };
  if (base === 'go.sum') return { ecosystem: 'go', kind: 'lockfile' };
  return undefined;
}

export const isLockfile = (rel: string) => dependencyFile(rel)?.kind === 'lockfile';

/** Keys of a manifest that look like `"name": "1.2.3"` but are not dependencies. */
const NOT_DEPENDENCIES = new Set([
  'version',
  'name',
  'node',
  'npm',
  'yarn',
  'pnpm',
  'edition',
  'rust-version',
  'python',
  'requires-python',
  'description',
  'license',
]);
const VERSIONISH = /^(?:[\^~<>=!*]|\d|v\d|workspace:|npm:|latest$|x$)/;

/**
 * One line's dependency and version in a file of this format, given the entry the lines above
 * it opened (a lockfile names the package on one line and its version on a later one).
 */
interface LineReader {
  /** The entry name this line opens, if it opens one. */
  opens(line: string): string | undefined;
  /** `[name, version]` this line states, `name` undefined when it is the open entry's. */
  states(line: string): [string | undefined, string] | undefined;
}

const packageJson: LineReader = {
  opens: () => undefined,
  states: (l) => {
    const m = /^\s*"([^"]+)":\s*"([^"]+)",?\s*$/.exec(l);
    return !m || NOT_DEPENDENCIES.has(m[1]!) || !VERSIONISH.test(m[2]!) ? undefined : [m[1], m[2]!];
  },
};

// package-lock.json (v2, v3): `"node_modules/lru-cache": {` opens, its `"version": "10.4.3"` states; ranges inside entries are not versions.
const npmLock: LineReader = {
  opens: (l) => {
    const m = /^\s*"((?:[^"]*\/)?node_modules\/(?:@[^/"]+\/)?[^/"]+)":\s*\{/.exec(l);
    // A nested install (`node_modules/a/node_modules/b`) is not what the repository's own code loads.
    return m ? (m[1]!.split('node_modules/').length === 2 ? m[1]!.replace(/^.*node_modules\//, '') : '') : undefined;
  },
  states: (l) => {
    const m = /^\s*"version":\s*"([^"]+)"/.exec(l);
    return m ? [undefined, m[1]!] : undefined;
  },
};

// yarn.lock: `"lru-cache@^6.0.0", lru-cache@^6.1.0:` opens, `  version "6.0.0"` (berry: `version: 6.0.0`) states.
const yarn: LineReader = {
  opens: (l) => (/^\S/.test(l) && l.trimEnd().endsWith(':') ? /^"?((?:@[^@/"]+\/)?[^@"]+)@/.exec(l)?.[1] : undefined),
  states: (l) => {
    const m = /^\s+version:?\s+"?([^"\s]+)"?\s*$/.exec(l);
    return m ? [undefined, m[1]!] : undefined;
  },
};

// pnpm-lock.yaml: importers (`      lru-cache:` then `        version: 6.0.0(…)`), and package keys (`  /lru-cache@6.0.0:`, `  lru-cache@6.0.0:`).
const pnpm: LineReader = {
  opens: (l) => /^\s+'?((?:@[^@/'\s]+\/)?[^@/'\s:]+)'?:\s*$/.exec(l)?.[1],
  states: (l) => {
    const key = /^\s+'?\/?((?:@[^@/'\s]+\/)?[^@/'\s]+)@(\d[^:('\s]*)[^:]*'?:\s*$/.exec(l);
    if (key) return [key[1], key[2]!];
    const v = /^\s+version:\s+'?(\d[^('\s]*)/.exec(l);
    return v ? [undefined, v[1]!] : undefined;
  },
};

// TOML lockfiles (Cargo.lock, poetry.lock, uv.lock): `name = "serde"` opens, `version = "1.0.1"` states.
const tomlLock: LineReader = {
  opens: (l) => /^name\s*=\s*"([^"]+)"/.exec(l)?.[1],
  states: (l) => {
    const m = /^version\s*=\s*"([^"]+)"/.exec(l);
    return m ? [undefined, m[1]!] : undefined;
  },
};

// Cargo.toml and Poetry's pyproject tables: `serde = "1.0"`, `serde = { version = "1.0", … }`; PEP 621 lists: `"requests>=2.28",`.
const tomlManifest: LineReader = {
  opens: () => undefined,
  states: (l) => {
    const table = /^\s*([A-Za-z0-9_.-]+)\s*=\s*(?:"([^"]+)"|\{[^}]*\bversion\s*=\s*"([^"]+)")/.exec(l);
    if (table) return NOT_DEPENDENCIES.has(table[1]!) || !VERSIONISH.test(table[2] ?? table[3]!) ? undefined : [table[1], table[2] ?? table[3]!];
    const pep = /^\s*["']([A-Za-z0-9_.-]+)(?:\[[^\]]*\])?\s*((?:==|>=|~=|<=|!=|>|<)[^"';]+)/.exec(l);
    return pep ? [pep[1], pep[2]!.trim()] : undefined;
  },
};

const requirements: LineReader = {
  opens: () => undefined,
  states: (l) => {
    const m = /^\s*([A-Za-z0-9_.-]+)(?:\[[^\]]*\])?\s*((?:==|>=|~=|<=|!=|>|<)\s*[^;#\s]+)/.exec(l);
    return m ? [m[1], m[2]!.replace(/\s+/g, '')] : undefined;
  },
};

// go.mod: `require example.com/m v1.2.3` or, in a block, `\texample.com/m v1.2.3 // indirect`.
const goMod: LineReader = {
  opens: () => undefined,
  states: (l) => {
    const m = /^\s*(?:require\s+)?([a-z0-9.-]+\.[a-z]{2,}\/\S+)\s+(v\d\S*)/.exec(l);
    return m ? [m[1], m[2]!] : undefined;
  },
};

function readerFor(rel: string): LineReader | undefined {
  const base = path.posix.basename(rel).toLowerCase();
  if (base === 'package.json') return packageJson;
  if (base === 'package-lock.json' || base === 'npm-shrinkwrap.json') return npmLock;
  if (base === 'yarn.lock') return yarn;
  if (base === 'pnpm-lock.yaml') return pnpm;
  if (base === 'cargo.lock' || base === 'poetry.lock' || base === 'uv.lock') return tomlLock;
  if (base === 'cargo.toml' || base === 'pyproject.toml') return tomlManifest;
  if (base === 'go.mod') return goMod;
  if (dependencyFile(rel)?.ecosystem === 'python' && base !== 'pipfile') return requirements;
  return undefined;
}

/** Python names compare lower-cased with `-`, `_` and `.` alike (PEP 503). */
const key = (eco: Ecosystem, name: string) => `${eco}:${eco === 'python' ? name.toLowerCase().replace(/[-_.]+/g, '-') : name}`;

/** Every dependency a manifest or lockfile states, name → version, in file order (the first version of a name wins). */
export function declaredVersions(rel: string, text: string): Map<string, string> {
  const reader = readerFor(rel);
  const out = new Map<string, string>();
  if (!reader) return out;
  let open: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    open = reader.opens(line) ?? open;
    const s = reader.states(line);
    const name = s?.[0] ?? open;
    if (s && name && !out.has(name)) out.set(name, s[1]);
  }
  return out;
}

/**
 * The dependencies a unified diff moves from one version to another, read from the manifests and
 * lockfiles it touches: a name with a removed version and a different added one. A lockfile's
 * exact versions win over a manifest's ranges.
 */
export function bumpsInDiff(diff: string): Bump[] {
  const found = new Map<string, Bump & { exact: boolean }>();
  for (const file of filesOf(diff)) {
    const format = dependencyFile(file.path);
    const reader = readerFor(file.path);
    if (!format || !reader) continue;
    const removed = new Map<string, string>();
    const added = new Map<string, string>();
    let openOld: string | undefined;
    let openNew: string | undefined;
    for (const line of file.lines) {
      const sign = line[0];
      const body = line.slice(1);
      const opened = reader.opens(body);
      if (opened !== undefined && sign !== '+') openOld = opened;
      if (opened !== undefined && sign !== '-') openNew = opened;
      if (sign !== '-' && sign !== '+') continue;
      const s = reader.states(body);
      const name = s?.[0] ?? (sign === '-' ? openOld : openNew);
      if (!s || !name) continue;
      const into = sign === '-' ? removed : added;
      if (!into.has(name)) into.set(name, s[1]);
    }
    for (const [name, from] of removed) {
      const to = added.get(name);
      if (to === undefined || to === from) continue;
      const k = key(format.ecosystem, name);
      const exact = format.kind === 'lockfile';
      const known = found.get(k);
      if (!known) found.set(k, { ecosystem: format.ecosystem, name, from, to, files: [file.path], exact });
      else {
        if (!known.files.includes(file.path)) known.files.push(file.path);
        if (exact && !known.exact) Object.assign(known, { from, to, exact });
      }
    }
  }
  return [...found.values()].map(({ exact: _exact, ...b }) => b);
}

/** A diff's files and their hunk lines (`+`, `-` or ` ` first). */
function filesOf(diff: string): { path: string; lines: string[] }[] {
  const files: { path: string; lines: string[] }[] = [];
  let current: { path: string; lines: string[] } | undefined;
  let inHunk = false;
  for (const line of diff.split('\n')) {
    if (line.startsWith('diff --git ')) {
      current = undefined;
      inHunk = false;
      continue;
    }
    const plus = /^\+\+\+ (?:b\/)?(.+)$/.exec(line);
    if (plus && !inHunk) {
      if (plus[1] !== '/dev/null') files.push((current = { path: plus[1]!, lines: [] }));
      continue;
    }
    if (line.startsWith('--- ') && !inHunk) continue;
    if (line.startsWith('@@')) {
      inHunk = true;
      continue;
    }
    if (current && inHunk && /^[ +-]/.test(line)) current.lines.push(line.replace(/\r$/, ''));
    else if (inHunk && !line.startsWith('\\')) inHunk = false;
  }
  return files;
}

/**
 * Why an edit may not be made on a bump PR, or undefined: the fix goes forward, so a lockfile is
 * never edited and a manifest keeps each bumped package at the version the change gave it.
 */
export function bumpEditProblem(bumps: Bump[], rel: string, before: string, after: string): string | undefined {
  const format = dependencyFile(rel);
  if (!format || !bumps.length) return undefined;
  const named = bumps.map((b) => `${b.name} ${b.from} → ${b.to}`).join(', ');
  if (format.kind === 'lockfile')
    return `${rel} is a lockfile and this change bumps ${named}: the fix adapts the code to the new version, it never edits the lockfile`;
  const was = declaredVersions(rel, before);
  const now = declaredVersions(rel, after);
  for (const b of bumps.filter((x) => x.ecosystem === format.ecosystem)) {
    const name = [...was.keys()].find((n) => key(b.ecosystem, n) === key(b.ecosystem, b.name)) ?? b.name;
    if (was.get(name) !== now.get(name))
      return `the edit changes the version of ${b.name} in ${rel}, which this change bumps (${b.from} → ${b.to}): keep the bump and adapt the code to the new version`;
  }
  return undefined;
}
