import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { toRepoPath } from '../locations.js';
import { BUILD_HEAD, isBuildLine } from './go-lines.js';

/** Maps package import paths to repo-relative dirs: go.mod under root, build errors, panic frames. */
export class PackageDirs {
  private modulePath: string | undefined;
  private readonly known = new Map<string, string>();

  constructor(private readonly root: string) {
    try {
      const mod = readFileSync(path.join(root, 'go.mod'), 'utf8');
      this.modulePath = /^module\s+(\S+)/m.exec(mod)?.[1];
    } catch {
      this.modulePath = undefined;
    }
  }

  /**
   * Learns where packages live from the output itself: panic frames
   * ("example.com/m/pkg.Func(...)" + "\t/abs/pkg/file.go:12") and build errors
   * ("# example.com/m/pkg" + "pkg/file.go:3:2: ...", printed relative to the module root).
   */
  learn(lines: readonly string[]): void {
    let building: string | undefined;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      const head = BUILD_HEAD.exec(line);
      if (head) {
        building = head[2] ?? head[1];
        continue;
      }
      if (building) {
        const err = /^([^\s:]+\/[^\s:/]+\.go):\d+/.exec(line);
        if (err) {
          const file = toRepoPath(err[1]!, this.root);
          if (file) this.record(building, path.posix.dirname(file));
          continue;
        }
        if (!isBuildLine(line)) building = undefined;
      }
      const frame = /^([\w.\-~]+(?:\/[\w.\-~]+)*\.\S*)\(/.exec(line);
      const at = /^\t(\S+\.go):\d+/.exec(lines[i + 1] ?? '');
      if (!frame || !at) continue;
      const file = toRepoPath(at[1]!, this.root);
      if (file) this.record(packageOf(frame[1]!), path.posix.dirname(file));
    }
  }

  private record(pkg: string, dir: string): void {
    const rel = dir === '.' ? '' : dir;
    if (!this.known.has(pkg)) this.known.set(pkg, rel);
    if (this.modulePath) return;
    if (!rel) this.modulePath = pkg;
    else if (pkg.endsWith(`/${rel}`)) this.modulePath = pkg.slice(0, -rel.length - 1);
  }

  /** Repo-relative path of a file printed relative to its package dir (e.g. "slug_test.go"). */
  resolve(pkg: string | undefined, file: string): string | undefined {
    const dir = pkg !== undefined ? this.dirOf(pkg) : undefined;
    if (dir !== undefined) return dir ? `${dir}/${file}` : file;
    if (existsSync(path.join(this.root, file))) return toRepoPath(file, this.root);
    return undefined;
  }

  private dirOf(pkg: string): string | undefined {
    const known = this.known.get(pkg);
    if (known !== undefined) return known;
    if (this.modulePath && (pkg === this.modulePath || pkg.startsWith(`${this.modulePath}/`))) {
      return pkg.slice(this.modulePath.length + 1);
    }
    // No go.mod: the longest tail of the import path that is a folder under root.
    const parts = pkg.split('/');
    for (let i = 1; i < parts.length; i++) {
      const dir = parts.slice(i).join('/');
      if (existsSync(path.join(this.root, dir))) return dir;
    }
    return undefined;
  }
}

/** "example.com/m/pkg.(*T).Method" → "example.com/m/pkg". */
function packageOf(symbol: string): string {
  const slash = symbol.lastIndexOf('/');
  const dot = symbol.indexOf('.', slash + 1);
  return dot >= 0 ? symbol.slice(0, dot) : symbol;
}
