import { lstatSync, mkdirSync, readFileSync, writeFileSync, type Stats } from 'node:fs';
import path from 'node:path';
import { git, gitBytes } from './git.js';
import { blobIdOf } from './pin.js';

const MAX_FILE = 2 * 1024 * 1024;
const MAX_TOTAL = 64 * 1024 * 1024;

/**
 * What each file looked like, four numbers a file: size, mtime, ctime (set by the kernel on every
 * write, and not settable by the writer: resetting mtime does not hide a change) and inode. A later
 * stat that matches all four means nobody wrote the file. Numbers in one typed array, not an object
 * of BigInts a file: 50,000 test files are stat'ed three times a run.
 */
const FIELDS = 4;

/**
 * The bytes of every test file when the run began, so the final verdict runs against the
 * original tests even if the test command (or an allowed edit) changed them. Cheap however many
 * test files there are: a file is recorded by its stat and git blob id; its bytes are kept in
 * memory only when the index does not already hold them (an untracked or locally edited test
 * file). Restoring stats every file and reads only those whose stat changed; an original that
 * comes back out of git's object store is checked against its blob id first, since the test
 * command can write `.git/` too.
 */
export class TestFileSnapshot {
  private constructor(
    private readonly root: string,
    private readonly rels: string[],
    /** git's blob id of each original (sha1 of "blob <size>\0" + bytes). */
    private readonly blobs: string[],
    /** The original bytes, kept only where git's index does not hold them. */
    private readonly bytes: (Buffer | undefined)[],
    private readonly seen: Float64Array,
  ) {}

  static async take(root: string, isTestFile: (rel: string) => boolean): Promise<TestFileSnapshot> {
    const rels: string[] = [];
    const blobs: string[] = [];
    const bytes: (Buffer | undefined)[] = [];
    const seen: number[] = [];
    // Tracked files with their index blob ids, and which of them differ from the index.
    const staged: [string, string][] = [];
    const dirty = new Set<string>();
    let untracked: string[];
    try {
      // Records are "<mode> <id> <stage>\t<path>"; only stage 0 (no merge conflict) is a file's one version.
      for (const record of (await git(['ls-files', '--cached', '-s', '-z'], root)).split('\0')) {
        const tab = record.indexOf('\t');
        const id = record.indexOf(' ') + 1;
        const stage = record.indexOf(' ', id);
        if (tab < 0 || id === 0 || stage < 0 || record.slice(stage, tab) !== ' 0' || !/^[0-9a-f]{40,64}$/.test(record.slice(id, stage))) continue;
        const rel = record.slice(tab + 1);
        if (isTestFile(rel)) staged.push([rel, record.slice(id, stage)]);
      }
      if (staged.length) for (const rel of (await git(['diff-files', '--name-only', '-z'], root)).split('\0')) if (rel) dirty.add(rel);
      untracked = (await git(['ls-files', '--others', '--exclude-standard', '-z'], root)).split('\0').filter((rel) => rel && isTestFile(rel));
    } catch {
      return new TestFileSnapshot(root, rels, blobs, bytes, new Float64Array(0));
    }
    let kept = 0;
    const like = staged[0]?.[1] ?? '';
    const record = (rel: string, blob: string | undefined) => {
      const info = statOf(`${root}/${rel}`);
      if (!info || info.size > MAX_FILE) return;
      if (blob && !dirty.has(rel)) {
        rels.push(rel);
        blobs.push(blob);
        bytes.push(undefined);
        seen.push(info.size, info.mtimeMs, info.ctimeMs, info.ino);
        return;
      }
      // Not in the index as it is on disk: keep the bytes themselves, within a total cap.
      if (kept + info.size > MAX_TOTAL) return;
      const now = readFileSync(path.join(root, rel));
      kept += now.length;
      rels.push(rel);
      blobs.push(blobId(now, blob ?? like));
      bytes.push(now);
      seen.push(info.size, info.mtimeMs, info.ctimeMs, info.ino);
    };
    for (const [rel, blob] of staged) record(rel, blob);
    for (const rel of untracked) record(rel, undefined);
    return new TestFileSnapshot(root, rels, blobs, bytes, Float64Array.from(seen));
  }

  get size(): number {
    return this.rels.length;
  }

  /** Writes back every test file that differs from the snapshot, except `keep`; returns those restored. */
  async restore(keep: string[] = []): Promise<string[]> {
    const restored: string[] = [];
    const kept = new Set(keep);
    for (let i = 0; i < this.rels.length; i++) {
      const rel = this.rels[i]!;
      if (kept.has(rel)) continue;
      const abs = `${this.root}/${rel}`;
      const info = statOf(abs);
      if (info && this.same(i, info)) continue;
      const now = info ? readFileSync(abs) : undefined;
      if (now && blobId(now, this.blobs[i]) === this.blobs[i]) {
        this.note(i, info!);
        continue;
      }
      mkdirSync(path.dirname(abs), { recursive: true });
      writeFileSync(abs, await this.bytesOf(i));
      this.note(i, statOf(abs)!);
      restored.push(rel);
    }
    return restored;
  }

  private same(i: number, info: Stats): boolean {
    const at = i * FIELDS;
    const seen = this.seen;
    return seen[at] === info.size && seen[at + 1] === info.mtimeMs && seen[at + 2] === info.ctimeMs && seen[at + 3] === info.ino;
  }

  private note(i: number, info: Stats): void {
    this.seen.set([info.size, info.mtimeMs, info.ctimeMs, info.ino], i * FIELDS);
  }

  private async bytesOf(i: number): Promise<Buffer> {
    const blob = this.blobs[i]!;
    const kept = this.bytes[i];
    if (kept) return kept;
    const bytes = await gitBytes(['cat-file', 'blob', blob], this.root);
    if (blobId(bytes, blob) !== blob) throw new Error(`the original of a test file (blob ${blob}) was changed in .git/objects; the run cannot be judged`);
    return bytes;
  }
}

function statOf(abs: string): Stats | undefined {
  try {
    const info = lstatSync(abs, { throwIfNoEntry: false });
    return info?.isFile() ? info : undefined;
  } catch {
    return undefined;
  }
}

/** git's id of a blob with these bytes, in the repository's hash (`like`: an id of the same length). */
function blobId(bytes: Buffer, like = ''): string {
  // An untracked file in a repository with no tracked test file has no id to take the format from: SHA-1, as git's default.
  return blobIdOf(bytes, like.length === 64 ? like : '0'.repeat(40))!;
}
