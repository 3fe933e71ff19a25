import { accessSync, constants, existsSync, lstatSync, mkdirSync, readFileSync, writeFileSync, type Stats } from 'node:fs';
import path from 'node:path';
import { configRecords } from '../git/config-records.js';
import { stageListing, unstagedFiles, untrackedFiles } from '../git/files.js';
import { latestConfigListing } from '../git/git.js';
import { blobBytes } from '../git/objects.js';
import { gitDirOf } from '../git/work-tree.js';
import { readIndex, type IndexListing } from '../git/index-file.js';
import { statusEntries } from '../git/status.js';
import { indexMtime, rememberTracked } from './ignored.js';
import { blobIdOf } from './pin.js';

const MAX_FILE = 2 * 1024 * 1024;
const MAX_TOTAL = 64 * 1024 * 1024;

/**
 * What each file looked like, four numbers a file: size, mtime, ctime (set by the kernel on every
 * write, and not settable by the writer: resetting mtime does not hide a change) and inode. A later
 * stat that matches all four means nobody wrote the file. Numbers in one typed array, not an object
 * of BigInts a file: 50,000 test files are stat'ed at the snapshot and before the verdict (and
 * before a flaky rerun is trusted).
 */
const FIELDS = 4;

/** A git object id: SHA-1 or SHA-256, in hex. */
const HEX_ID = /^[0-9a-f]{40,64}$/;

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

  /**
   * What `git status` said when the snapshot was taken (undefined if it failed): how many entries
   * it listed (untracked directories as one, as `git status` shows them) and how many of those are
   * tracked files that differ from HEAD. The run asks git once for this, the test files' state and its note.
   */
  status?: WorkTreeStatus;

  static async take(root: string, isTestFile: (rel: string) => boolean): Promise<TestFileSnapshot> {
    const rels: string[] = [];
    const blobs: string[] = [];
    const bytes: (Buffer | undefined)[] = [];
    const seen: number[] = [];
    // Which tracked files differ from the index, and the untracked test files.
    const dirty = new Set<string>();
    const untracked: string[] = [];
    let kept = 0;
    // An id of the repository's hash (40 or 64 hex digits), for the ids computed here.
    let like = '';
    /** `stats` and `at`: where the index holds this tracked file's stat (four numbers, NaN when it holds none). */
    const record = (rel: string, blob: string | undefined, stats?: Float64Array, at = 0) => {
      // A clean tracked file whose stat the index holds, as the status above just refreshed it: that
      // is the file's own stat, with no lstat of ours (50,000 test files are 50,000 system calls).
      if (stats && at < stats.length && !Number.isNaN(stats[at]) && blob && !dirty.has(rel)) {
        if (stats[at]! > MAX_FILE) return;
        rels.push(rel);
        blobs.push(blob);
        bytes.push(undefined);
        seen.push(stats[at]!, stats[at + 1]!, stats[at + 2]!, stats[at + 3]!);
        return;
      }
      const info = statOf(`${root}/${rel}`);
      if (!info || info.size > MAX_FILE) return;
      if (blob && !dirty.has(rel)) {
        rels.push(rel);
        blobs.push(blob);
        bytes.push(undefined);
        seen.push(info.size, info.mtimeMs, info.ctimeMs, ino32(info));
        return;
      }
      // Not in the index as it is on disk: keep the bytes themselves, within a total cap.
      if (kept + info.size > MAX_TOTAL) return;
      const now = readFileSync(path.join(root, rel));
      kept += now.length;
      rels.push(rel);
      blobs.push(blobId(now, blob ?? like));
      bytes.push(now);
      seen.push(info.size, info.mtimeMs, info.ctimeMs, ino32(info));
    };
    let status: WorkTreeStatus | undefined;
    let entries: IndexListing;
    try {
      // One status for what diff-files and ls-files --others would each find with a pass of their own
      // over the work tree: the tracked files that differ from the index (second column) and the
      // untracked ones. It runs first: it may refresh the index, whose blob ids are read next.
      // No test file is a submodule, so none is looked into.
      const listed = await statusEntries(root).catch(() => undefined);
      if (listed) {
        status = { entries: listed.length, tracked: 0 };
        const collapsed: string[] = [];
        for (const [xy, rel] of listed) {
          if (xy === '??') {
            if (rel.endsWith('/')) collapsed.push(rel);
            else if (isTestFile(rel)) untracked.push(rel);
            continue;
          }
          status.tracked++;
          if (xy[1] !== ' ') dirty.add(rel);
        }
        // A directory git shows as one entry because nothing in it is tracked: its files, by literal
        // path (past a hundred such directories, every untracked file, so no argument list grows too long).
        if (collapsed.length) {
          const few = collapsed.length <= 100;
          const inside = await untrackedFiles(root, few ? collapsed : undefined);
          if (!few) untracked.length = 0;
          for (const rel of inside) if (isTestFile(rel)) untracked.push(rel);
        }
      } else {
        // A status that fails (a submodule whose .git leads nowhere) must not leave the test files
        // unguarded: the plain listings, without looking into submodules (none is a test file).
        for (const rel of await unstagedFiles(root)) dirty.add(rel);
        for (const rel of await untrackedFiles(root)) if (isTestFile(rel)) untracked.push(rel);
      }
      const index = indexMtime(root);
      // The index as the status above left it, read in place (paths, blob ids, stages, and the stat
      // git keeps of each file); where it is not a file this reads exactly (a split or sparse index),
      // or git is told to use another one, git lists it.
      const config = latestConfigListing(root);
      const gitDir = process.env.GIT_INDEX_FILE ? undefined : await gitDirOf(root);
      const read = gitDir === undefined ? undefined : readIndex(gitDir);
      entries = read ?? parseStageListing(await stageListing(root));
      // The index's stats are the files' own only where the status could write what it refreshed, and
      // compared all of it; elsewhere each test file is stat'ed, as before.
      if (read && !(listed && config !== undefined && refreshedIndex(gitDir!, config))) entries.stats.fill(Number.NaN);
      // The same listing answers "is this path tracked?" for the model's reads, while the index stays as it was.
      if (index !== undefined && indexMtime(root) === index) rememberTracked(root, index, entries.rels);
    } catch (e) {
      // No snapshot, no guard: a run that could not record the test files must not go on as if none
      // could be weakened. It stops here, before any command of the repository has run.
      throw new Error(
        `could not record the test files before the run (${e instanceof Error ? e.message : String(e)}); nothing was run or changed: repair the repository (git status must succeed in it) and run again`,
        { cause: e },
      );
    }
    const { rels: tracked, blobs: ids, stages, stats } = entries;
    for (let i = 0; i < tracked.length; i++) {
      // Only stage 0 (no merge conflict) is a file's one version.
      const blob = ids[i]!;
      if (stages[i] !== 0 || !HEX_ID.test(blob)) continue;
      like ||= blob;
      if (isTestFile(tracked[i]!)) record(tracked[i]!, blob, stats, i * 4);
    }
    for (const rel of untracked) record(rel, undefined);
    const snapshot = new TestFileSnapshot(root, rels, blobs, bytes, Float64Array.from(seen));
    if (status) snapshot.status = status;
    return snapshot;
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
    return seen[at] === info.size && seen[at + 1] === info.mtimeMs && seen[at + 2] === info.ctimeMs && seen[at + 3] === ino32(info);
  }

  private note(i: number, info: Stats): void {
    this.seen.set([info.size, info.mtimeMs, info.ctimeMs, ino32(info)], i * FIELDS);
  }

  private async bytesOf(i: number): Promise<Buffer> {
    const blob = this.blobs[i]!;
    const kept = this.bytes[i];
    if (kept) return kept;
    const bytes = await blobBytes(this.root, blob);
    if (blobId(bytes, blob) !== blob) throw new Error(`the original of a test file (blob ${blob}) was changed in .git/objects; the run cannot be judged`);
    return bytes;
  }
}

/** What `git status` listed: how many entries, and how many of them are tracked files (not `??`). */
export interface WorkTreeStatus {
  entries: number;
  tracked: number;
}

/** `git ls-files -s -z`: "<mode> <id> <stage>\t<path>" records, NUL-ended (any other record is skipped); no stats. */
function parseStageListing(listing: string): IndexListing {
  const parsed: IndexListing = { rels: [], blobs: [], stages: [], stats: new Float64Array(0) };
  for (let at = 0, end: number; at < listing.length; at = end + 1) {
    end = listing.indexOf('\0', at);
    if (end < 0) end = listing.length;
    const id = listing.indexOf(' ', at) + 1;
    const stage = listing.indexOf(' ', id);
    const tab = listing.indexOf('\t', at);
    if (id === 0 || id > end || stage < 0 || tab < 0 || tab > end || tab !== stage + 2) continue;
    parsed.rels.push(listing.slice(tab + 1, end));
    parsed.blobs.push(listing.slice(id, stage));
    parsed.stages.push(Number(listing[stage + 1]));
  }
  parsed.stats = new Float64Array(parsed.rels.length * 4).fill(Number.NaN);
  return parsed;
}

/**
 * Whether the `git status` just run kept the index's stats equal to the files' own: it compared them
 * all (`core.trustctime` and `core.checkStat` as git ships them; otherwise a changed ctime or inode
 * stays in the index), and it could write the refreshed index (optional locks on, no other process
 * holding the lock, a git dir it may write to). `config`: the repository's config as git listed it
 * for that status.
 */
function refreshedIndex(gitDir: string, config: string): boolean {
  if (process.env.GIT_OPTIONAL_LOCKS === '0' || existsSync(path.join(gitDir, 'index.lock'))) return false;
  try {
    accessSync(gitDir, constants.W_OK);
  } catch {
    return false;
  }
  let trustCtime = true;
  let checkStat = 'default';
  for (const record of configRecords(config)) {
    const key = record.key.toLowerCase();
    const value = (record.value ?? 'true').toLowerCase();
    if (key === 'core.trustctime') trustCtime = !['false', 'no', 'off', '0', ''].includes(value);
    if (key === 'core.checkstat') checkStat = value;
  }
  return trustCtime && checkStat === 'default';
}

/** The inode's low 32 bits: all git's index keeps of it, and so all the snapshot compares. */
function ino32(info: Stats): number {
  return info.ino % 0x1_0000_0000;
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
  // An untracked file in a repository with no tracked file has no id to take the format from: SHA-1, as git's default.
  return blobIdOf(bytes, like.length === 64 ? like : '0'.repeat(40))!;
}
