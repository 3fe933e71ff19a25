import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { scrubEnv } from '../run/secrets.js';
import type { Bump } from './bumps.js';

/** A bumped package as the test command will load it: where it is installed, and its public surface. */
export interface InstalledPackage {
  bump: Bump;
  /** The installed version, from the package's own manifest or metadata. */
  version?: string;
  /** Where its files are read from (a real path: a pnpm store or a site-packages directory). */
  dir: string;
  /** How the model names its files: repo-relative (`node_modules/lru-cache`) or, outside the repo, absolute. */
  shownDir: string;
  /** Its public surface, relative to `dir`: declarations, README, changelog and migration notes, the manifest. */
  files: string[];
  /** The declarations file the package's entry point names, relative to `dir`. */
  types?: string;
}

const DOCS = /^(readme|changelog|changes|history|migration|migrating|upgrading|upgrade|news|release[-_]?notes|releases|breaking[-_]?changes)(\.[a-z]+)?$/i;
const DECLARATIONS = /\.(d\.[cm]?ts|pyi)$/;
const MAX_FILES = 400;
const TIMEOUT_MS = 30_000;

/** The public surface among a package's files: what it declares and documents, never its code. */
export function isSurfaceFile(rel: string, ecosystem: Bump['ecosystem']): boolean {
  const base = path.posix.basename(rel);
  if (DECLARATIONS.test(base) || DOCS.test(base)) return true;
  const top = !rel.includes('/');
  if (ecosystem === 'npm') return top && base === 'package.json';
  if (ecosystem === 'python') return /\.dist-info\/METADATA$/.test(rel);
  if (ecosystem === 'cargo') return (top && base === 'Cargo.toml') || rel === 'src/lib.rs';
  return (top && base === 'go.mod') || (top && base.endsWith('.go') && !base.endsWith('_test.go'));
}

/** Finds each bumped package where the test command will load it; a package not installed is left out. */
export function locateInstalled(root: string, bumps: Bump[]): InstalledPackage[] {
  const out: InstalledPackage[] = [];
  const python = bumps.filter((b) => b.ecosystem === 'python');
  const pythonFound = python.length ? pythonPackages(root, python) : new Map<string, PythonDist>();
  const cargo = bumps.some((b) => b.ecosystem === 'cargo') ? cargoPackages(root) : [];
  for (const bump of bumps) {
    try {
      const found =
        bump.ecosystem === 'npm'
          ? nodePackage(root, bump)
          : bump.ecosystem === 'python'
            ? pythonPackage(bump, pythonFound.get(bump.name))
            : bump.ecosystem === 'cargo'
              ? cargoPackage(bump, cargo)
              : goPackage(root, bump);
      if (found) out.push(found);
    } catch {
      // A package that cannot be found is one the model reads nothing of; the run goes on.
    }
  }
  return out;
}

/** Node's resolution from the repository root: `node_modules/<name>`, through pnpm's link into its store. */
function nodePackage(root: string, bump: Bump): InstalledPackage | undefined {
  const shownDir = `node_modules/${bump.name}`;
  const link = path.join(root, shownDir);
  if (!existsSync(path.join(link, 'package.json'))) return undefined;
  const dir = realpathSync(link);
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
  const files = listSurface(dir, 'npm');
  const types = nodeTypes(manifest, files);
  return { bump, ...(typeof manifest.version === 'string' ? { version: manifest.version } : {}), dir, shownDir, files, ...(types ? { types } : {}) };
}

/** The declarations a `require` of the package gets: `exports["."]`'s require types, then `types`/`typings`, then index.d.ts. */
function nodeTypes(manifest: Record<string, unknown>, files: string[]): string | undefined {
  const dot = (manifest.exports as Record<string, unknown> | undefined)?.['.'] ?? manifest.exports;
  const pick = (v: unknown): string | undefined => {
    if (typeof v === 'string') return /\.d\.[cm]?ts$/.test(v) ? v : undefined;
    if (!v || typeof v !== 'object') return undefined;
    const o = v as Record<string, unknown>;
    return pick(o.types) ?? pick(o.require) ?? pick(o.node) ?? pick(o.default) ?? pick(o.import);
  };
  const named =
    pick(dot) ?? (typeof manifest.types === 'string' ? manifest.types : undefined) ?? (typeof manifest.typings === 'string' ? manifest.typings : undefined);
  const rel = named?.replace(/^\.\//, '');
  if (rel && files.includes(rel)) return rel;
  return ['index.d.ts', 'index.d.cts'].find((f) => files.includes(f)) ?? files.find((f) => DECLARATIONS.test(f) && !f.includes('/'));
}

interface PythonDist {
  version: string;
  base: string;
  files: string[];
}

// Asks the interpreter the tests use (the repository's virtualenv, else python3) where each distribution is.
const PY_SCRIPT = `
import importlib.metadata as m, json, sys
out = {}
for name in sys.argv[1:]:
    try:
        d = m.distribution(name)
    except Exception:
        continue
    out[name] = {"version": d.version, "base": str(d.locate_file("")), "files": [str(f) for f in (d.files or [])][:5000]}
print(json.dumps(out))
`;

function pythonPackages(root: string, bumps: Bump[]): Map<string, PythonDist> {
  const venv = ['.venv/bin/python', 'venv/bin/python', 'env/bin/python'].map((p) => path.join(root, p)).find((p) => existsSync(p));
  const stdout = execFileSync(venv ?? 'python3', ['-c', PY_SCRIPT, ...bumps.map((b) => b.name)], {
    cwd: root,
    encoding: 'utf8',
    timeout: TIMEOUT_MS,
    env: scrubEnv(process.env),
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Map(Object.entries(JSON.parse(stdout) as Record<string, PythonDist>));
}

function pythonPackage(bump: Bump, dist: PythonDist | undefined): InstalledPackage | undefined {
  if (!dist) return undefined;
  const files = dist.files.filter((f) => !f.startsWith('..') && isSurfaceFile(f, 'python')).slice(0, MAX_FILES);
  // The module named like the distribution first (attrs ships attr/ and attrs/), then any package's stub.
  const module = bump.name.toLowerCase().replace(/-/g, '_');
  const types =
    files.find((f) => f === `${module}/__init__.pyi` || f === `${module}.pyi`) ??
    files.find((f) => /__init__\.pyi$/.test(f)) ??
    files.find((f) => f.endsWith('.pyi'));
  return { bump, version: dist.version, dir: dist.base, shownDir: dist.base, files, ...(types ? { types } : {}) };
}

interface CargoPackage {
  name: string;
  version: string;
  manifest_path: string;
}

function cargoPackages(root: string): CargoPackage[] {
  const stdout = execFileSync('cargo', ['metadata', '--format-version', '1', '--offline'], {
    cwd: root,
    encoding: 'utf8',
    timeout: TIMEOUT_MS,
    env: scrubEnv(process.env),
    stdio: ['ignore', 'pipe', 'ignore'],
    maxBuffer: 64 * 1024 * 1024,
  });
  return (JSON.parse(stdout) as { packages: CargoPackage[] }).packages;
}

function cargoPackage(bump: Bump, packages: CargoPackage[]): InstalledPackage | undefined {
  // Several versions of one crate can be in the graph: the bumped one first.
  const same = packages.filter((p) => p.name === bump.name);
  const pkg = same.find((p) => p.version === bump.to) ?? same.find((p) => p.version.startsWith(bump.to.replace(/^[\^~=]/, ''))) ?? same[0];
  if (!pkg) return undefined;
  const dir = path.dirname(pkg.manifest_path);
  const files = listSurface(dir, 'cargo');
  return { bump, version: pkg.version, dir, shownDir: dir, files, ...(files.includes('src/lib.rs') ? { types: 'src/lib.rs' } : {}) };
}

function goPackage(root: string, bump: Bump): InstalledPackage | undefined {
  const stdout = execFileSync('go', ['list', '-m', '-json', bump.name], {
    cwd: root,
    encoding: 'utf8',
    timeout: TIMEOUT_MS,
    env: { ...scrubEnv(process.env), GOFLAGS: '-mod=mod', GOPROXY: 'off' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const mod = JSON.parse(stdout) as { Version?: string; Dir?: string };
  if (!mod.Dir) return undefined;
  const files = listSurface(mod.Dir, 'go');
  return { bump, ...(mod.Version ? { version: mod.Version } : {}), dir: mod.Dir, shownDir: mod.Dir, files };
}

/** A package directory's surface files, a few levels deep, never into its own dependencies. */
function listSurface(dir: string, ecosystem: Bump['ecosystem'], rel = '', depth = 0, out: string[] = []): string[] {
  if (depth > 4 || out.length >= MAX_FILES) return out;
  let names: string[];
  try {
    names = readdirSync(path.join(dir, rel)).sort();
  } catch {
    return out;
  }
  for (const name of names) {
    if (name === 'node_modules' || name === 'target' || name.startsWith('.')) continue;
    const child = rel ? `${rel}/${name}` : name;
    const info = lstatSync(path.join(dir, child));
    if (info.isDirectory()) listSurface(dir, ecosystem, child, depth + 1, out);
    else if (info.isFile() && isSurfaceFile(child, ecosystem) && out.length < MAX_FILES) out.push(child);
  }
  return out;
}
