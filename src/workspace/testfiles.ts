import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { git } from './git.js';

const MAX_FILE = 2 * 1024 * 1024;
const MAX_TOTAL = 64 * 1024 * 1024;

/**
 * The bytes of every test file when the run began, so the final verdict runs against the
 * original tests even if the test command (or an allowed edit) changed them.
 */
export class TestFileSnapshot {
  private constructor(
    private readonly root: string,
    private readonly files: Map<string, Buffer>,
  ) {}

  static async take(root: string, isTestFile: (rel: string) => boolean): Promise<TestFileSnapshot> {
    const files = new Map<string, Buffer>();
    let listed: string[];
    try {
      listed = (await git(['ls-files', '--cached', '--others', '--exclude-standard', '-z'], root)).split('\0').filter(Boolean);
    } catch {
      listed = [];
    }
    let total = 0;
    for (const rel of listed) {
      if (!isTestFile(rel)) continue;
      const abs = path.join(root, rel);
      try {
        const info = statSync(abs);
        if (!info.isFile() || info.size > MAX_FILE || total + info.size > MAX_TOTAL) continue;
        files.set(rel, readFileSync(abs));
        total += info.size;
      } catch {
        continue;
      }
    }
    return new TestFileSnapshot(root, files);
  }

  get size(): number {
    return this.files.size;
  }

  /** Writes back every test file that differs from the snapshot, except `keep`; returns those restored. */
  restore(keep: string[] = []): string[] {
    const restored: string[] = [];
    for (const [rel, bytes] of this.files) {
      if (keep.includes(rel)) continue;
      const abs = path.join(this.root, rel);
      const same = existsSync(abs) && readFileSync(abs).equals(bytes);
      if (same) continue;
      mkdirSync(path.dirname(abs), { recursive: true });
      writeFileSync(abs, bytes);
      restored.push(rel);
    }
    return restored;
  }
}
