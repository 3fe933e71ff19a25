import { existsSync, mkdirSync, readdirSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Guard } from './guard.js';

/**
 * A file of unbreak's own in the work tree for one test run (the further cases): written only
 * where no file is (inside the repository, no symlink on the way, not an ignored path), never part
 * of the patch, and taken away with the folders made for it and the bytecode Python left for it.
 */
export class ScratchFile {
  private written: { abs: string; dirs: string[]; cacheWas?: boolean } | undefined;

  constructor(private readonly guard: Guard) {}

  /** Writes it; returns why it could not, or undefined. One at a time: a new one takes the last away. */
  write(requested: string, text: string): string | undefined {
    this.remove();
    const where = this.guard.locate(requested);
    if (!where.ok) return where.reason;
    if (existsSync(where.abs)) return `${where.rel} exists`;
    const dirs: string[] = [];
    for (let dir = path.dirname(where.abs); !existsSync(dir); dir = path.dirname(dir)) dirs.unshift(dir);
    try {
      for (const dir of dirs) mkdirSync(dir);
      writeFileSync(where.abs, text, { flag: 'wx' });
    } catch (error) {
      this.written = { abs: '', dirs };
      this.remove();
      return error instanceof Error ? error.message : String(error);
    }
    this.written = { abs: where.abs, dirs, cacheWas: existsSync(path.join(path.dirname(where.abs), '__pycache__')) };
    return undefined;
  }

  remove(): void {
    const written = this.written;
    if (!written) return;
    this.written = undefined;
    const quiet = (f: () => void) => {
      try {
        f();
      } catch {
        // Already gone, or something else lives there now: leave it.
      }
    };
    if (written.abs) {
      quiet(() => existsSync(written.abs) && unlinkSync(written.abs));
      if (written.abs.endsWith('.py')) {
        const cache = path.join(path.dirname(written.abs), '__pycache__');
        const stem = `${path.basename(written.abs, '.py')}.`;
        quiet(() => {
          for (const f of readdirSync(cache)) if (f.startsWith(stem) && f.endsWith('.pyc')) unlinkSync(path.join(cache, f));
          // A bytecode folder the run made only for this file goes too.
          if (!written.cacheWas && readdirSync(cache).length === 0) rmdirSync(cache);
        });
      }
    }
    for (const dir of [...written.dirs].reverse()) quiet(() => readdirSync(dir).length === 0 && rmdirSync(dir));
  }
}
