import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { InstalledPackage } from './installed.js';
import { isBinary } from './guard.js';
import { MAX_READ_BYTES, megabytes, type RepoFile } from './read.js';

/**
 * The bumped packages' public surface, readable by the model and by nothing else: each file is
 * named as the model sees it (`node_modules/lru-cache/README.md`, or an absolute path outside the
 * repository) and read from where it is installed. Everything else under an installed package
 * stays refused, and none of it may be edited.
 */
export class DependencyFiles {
  private readonly files = new Map<string, { abs: string; pkg: InstalledPackage }>();

  constructor(private readonly packages: InstalledPackage[]) {
    for (const pkg of packages) for (const f of pkg.files) this.files.set(path.posix.join(pkg.shownDir, f), { abs: path.join(pkg.dir, f), pkg });
  }

  /** The package a path lies in, if it lies in one. */
  owner(requested: string): InstalledPackage | undefined {
    const p = normalise(requested);
    return this.packages.find((pkg) => p === pkg.shownDir || p.startsWith(`${pkg.shownDir}/`));
  }

  /** A surface file's text; an `Error` reason for another path in a package; undefined for a path in none. */
  read(requested: string): RepoFile | undefined {
    const p = normalise(requested);
    const file = this.files.get(p);
    if (!file) {
      const pkg = this.owner(p);
      if (!pkg) return undefined;
      const some = pkg.files.slice(0, 8).map((f) => path.posix.join(pkg.shownDir, f));
      const reason = `${p} is in the installed package ${label(pkg)}, of which only the public surface is read (declarations, README, changelog, manifest): ${some.join(', ')}${pkg.files.length > some.length ? ', …' : ''}`;
      return { ok: false, kind: 'ignored', reason };
    }
    const size = statSync(file.abs).size;
    if (size > MAX_READ_BYTES)
      return { ok: false, kind: 'too-large', reason: `${p} is ${megabytes(size)}, more than the ${megabytes(MAX_READ_BYTES)} read at most` };
    const bytes = readFileSync(file.abs);
    if (isBinary(bytes)) return { ok: false, kind: 'binary', reason: `${p} is a binary file` };
    return { ok: true, rel: p, text: bytes.toString('utf8') };
  }

  /** Why an edit of a path in an installed package is refused, or undefined for a path in none. */
  editProblem(requested: string): string | undefined {
    const pkg = this.owner(requested);
    return pkg
      ? `${normalise(requested)} is in the installed package ${label(pkg)}: it is read, never edited (an install would undo the edit); change the repository's code to fit the new version`
      : undefined;
  }
}

export const label = (pkg: InstalledPackage) => `${pkg.bump.name} ${pkg.version ?? pkg.bump.to}`;

const normalise = (requested: string) => String(requested).trim().replace(/^\.\//, '').replace(/\/+$/, '');
