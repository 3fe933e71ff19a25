import { isUtf8 } from 'node:buffer';
import { bumpEditProblem, isLockfile, type Bump } from './bumps.js';
import { DependencyFiles } from './dependency-files.js';
import type { InstalledPackage } from './installed.js';
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { formatPatch, structuredPatch } from 'diff';
import { tidyEdit } from './tidy.js';
import { Guard, isBinary, type GuardOptions, type PathCheck, type PathProblem } from './guard.js';
import { replaceOnce, type MatchFailure, type MatchHow } from './match.js';
import { MAX_READ_BYTES, readRepoFile, type RepoFile } from './read.js';
import { filesUnder, grepFixed } from '../git/files.js';
import { ScratchFile } from './scratch.js';

export const MAX_EDIT_BYTES = 1024 * 1024;

/**
 * Why an edit was not applied. Path problems and `protected`, `test-file`, `test-config`,
 * `test-config-change`: the guard refused it; `no-match`, `ambiguous`: old_text was found nowhere or
 * in several places (`missing`: no such file); `bad-args`, `same-text`, `no-change`, `exists`: the
 * edit itself makes no sense; the rest: the file may not be edited this way.
 */
export type EditFailure =
  | PathProblem
  | 'protected'
  | 'test-file'
  | 'test-config'
  | 'test-config-change'
  | 'bump'
  | 'bad-args'
  | 'exists'
  | 'missing'
  | 'not-file'
  | 'too-large'
  | 'binary'
  | 'not-utf8'
  | 'same-text'
  | 'no-change'
  | 'whitespace-only'
  | MatchFailure;

/** What became of one edit: typed, so the engine counts kinds and model/tools.ts alone words it for the model. */
export type EditOutcome =
  | { ok: true; path: string; how: MatchHow | 'create'; /** Lines of a created file. */ lines?: number }
  | { ok: false; path: string; kind: EditFailure; detail: string };

/** One edit the model asked for, as the attempt records keep it. */
export interface EditRecord {
  path: string;
  ok: boolean;
  kind?: EditFailure;
  /** Why it was refused or failed; absent when applied. */
  error?: string;
  how?: string;
}

/**
 * The repository as a file transaction: every change goes through the guard, and the first time
 * a file is touched its bytes are kept, so any run can put the tree back exactly.
 */
export class Workspace {
  readonly guard: Guard;
  /** Original bytes of each touched file; null when the model created it. */
  private readonly originals = new Map<string, Buffer | null>();
  /** Directories created for new files, deepest last, removed on restore when empty. */
  private readonly createdDirs: string[] = [];
  readonly edits: EditRecord[] = [];

  constructor(
    readonly root: string,
    options: Omit<GuardOptions, 'root'>,
  ) {
    this.guard = new Guard({ ...options, root });
    this.scratch = new ScratchFile(this.guard);
  }

  private readonly scratch: ScratchFile;

  /** A file of unbreak's own for one test run, never part of the patch (scratch.ts); returns why it could not be written. */
  writeScratch(rel: string, text: string): string | undefined {
    return this.scratch.write(rel, text);
  }

  removeScratch(): void {
    this.scratch.remove();
  }

  /** What a dependency bump allows (its installed packages' surface, read-only) and forbids (reverting it, editing lockfiles). */
  private bumps: Bump[] = [];
  private dependencies: DependencyFiles | undefined;

  knowBumps(bumps: Bump[], installed: InstalledPackage[] = []): void {
    this.bumps = bumps;
    this.dependencies = installed.length ? new DependencyFiles(installed) : undefined;
  }

  /** A repo file's text, read by the guard's rules (workspace/read.ts); with `prefix`, a file over the read limit gives its first part. */
  read(requested: string, prefix = false): RepoFile {
    return this.dependencies?.read(requested) ?? readRepoFile(this.root, requested, MAX_READ_BYTES, prefix);
  }

  /** Where a path the model named lives, if it may be read at all. */
  locate(requested: string): PathCheck {
    return this.guard.locate(requested);
  }

  /** Replaces the one occurrence of oldText (empty oldText creates the file), and records the outcome. */
  edit(requested: string, oldText: string, newText: string): EditOutcome {
    const outcome = this.tryEdit(requested, oldText, newText);
    const { path: rel } = outcome;
    this.edits.push(outcome.ok ? { path: rel, ok: true, how: outcome.how } : { path: rel, ok: false, kind: outcome.kind, error: outcome.detail });
    return outcome;
  }

  private tryEdit(requested: string, oldText: string, newText: string): EditOutcome {
    const fail = (file: string, kind: EditFailure, detail: string) => ({ ok: false as const, path: file, kind, detail });
    if (typeof oldText !== 'string' || typeof newText !== 'string') return fail(String(requested), 'bad-args', 'old_text and new_text must be strings');
    const installed = this.dependencies?.editProblem(requested);
    if (installed) return fail(String(requested), 'bump', installed);
    const where = this.guard.locate(requested);
    if (!where.ok) return fail(String(requested), where.kind, where.reason);
    const rel = where.rel;
    const allowed = this.guard.mayEdit(rel);
    if (!allowed.ok) return fail(rel, allowed.kind, allowed.reason);
    // Refused before any matching: whatever the edit, a lockfile stays as the bump left it.
    const locked = isLockfile(rel) ? bumpEditProblem(this.bumps, rel, '', '') : undefined;
    if (locked) return fail(rel, 'bump', locked);
    const exists = existsSync(where.abs);

    if (oldText === '') {
      if (exists) return fail(rel, 'exists', `${rel} already exists; to change it, give old_text with the lines to replace`);
      if (Buffer.byteLength(newText) > MAX_EDIT_BYTES) return fail(rel, 'too-large', `new file would be over ${MAX_EDIT_BYTES} bytes`);
      const creatable = this.guard.mayCreate(rel);
      if (!creatable.ok) return fail(rel, creatable.kind, creatable.reason);
      const config = this.guard.mayChangeContent(rel, '', newText);
      if (!config.ok) return fail(rel, config.kind, config.reason);
      const bump = bumpEditProblem(this.bumps, rel, '', newText);
      if (bump) return fail(rel, 'bump', bump);
      this.remember(rel, null);
      this.makeParents(where.abs);
      writeFileSync(where.abs, newText);
      return { ok: true, path: rel, how: 'create', lines: newText.split('\n').length };
    }

    if (!exists) return fail(rel, 'missing', `${rel} does not exist; to create it, use an empty old_text`);
    const info = lstatSync(where.abs);
    if (!info.isFile()) return fail(rel, 'not-file', `${rel} is not a regular file`);
    // Looked at before reading: a file the tests left may be far too big to hold in memory.
    if (info.size > MAX_EDIT_BYTES) return fail(rel, 'too-large', `${rel} is larger than ${MAX_EDIT_BYTES} bytes; it may not be edited`);
    const bytes = readFileSync(where.abs);
    if (bytes.length > MAX_EDIT_BYTES) return fail(rel, 'too-large', `${rel} is larger than ${MAX_EDIT_BYTES} bytes; it may not be edited`);
    if (isBinary(bytes)) return fail(rel, 'binary', `${rel} is a binary file; it may not be edited`);
    if (oldText === newText) return fail(rel, 'same-text', 'old_text and new_text are the same; nothing would change');
    // Decoding another encoding as UTF-8 would turn every non-ASCII byte into U+FFFD on write,
    // and the patch (both sides decoded the same lossy way) would not show it.
    if (!isUtf8(bytes)) {
      return fail(rel, 'not-utf8', `${rel} is not valid UTF-8 (Latin-1 or another encoding?); it may not be edited, as its other bytes would not survive`);
    }
    const content = bytes.toString('utf8');
    const replaced = replaceOnce(content, oldText, newText);
    if (!replaced.ok) return fail(rel, replaced.kind, `${replaced.reason} (${rel})`);
    if (replaced.content === content) return fail(rel, 'no-change', 'the edit changes nothing');
    if (Buffer.byteLength(replaced.content) > MAX_EDIT_BYTES) return fail(rel, 'too-large', `the edit would make ${rel} larger than ${MAX_EDIT_BYTES} bytes`);
    // Measured against the file as the run found it, so churn from earlier edits goes too.
    const original = this.originals.has(rel) ? this.originals.get(rel) : bytes;
    const tidy = original ? tidyEdit(original.toString('utf8'), tidyEdit(content, replaced.content)) : tidyEdit(content, replaced.content);
    if (tidy === content) {
      return fail(rel, 'whitespace-only', `the edit changes only white space at line ends or the final newline of ${rel}; change the code itself`);
    }
    const config = this.guard.mayChangeContent(rel, content, tidy);
    if (!config.ok) return fail(rel, config.kind, config.reason);
    const bump = bumpEditProblem(this.bumps, rel, content, tidy);
    if (bump) return fail(rel, 'bump', bump);
    this.remember(rel, bytes);
    writeFileSync(where.abs, tidy);
    return { ok: true, path: rel, how: replaced.how };
  }

  private remember(rel: string, bytes: Buffer | null): void {
    if (!this.originals.has(rel)) this.originals.set(rel, bytes);
  }

  private makeParents(abs: string): void {
    const missing: string[] = [];
    for (let dir = path.dirname(abs); !existsSync(dir); dir = path.dirname(dir)) missing.unshift(dir);
    for (const dir of missing) {
      mkdirSync(dir);
      this.createdDirs.push(dir);
    }
  }

  /** A touched file's text before the run: null when the model created it, undefined when never touched. */
  originalText(rel: string): string | null | undefined {
    if (!this.originals.has(rel)) return undefined;
    return this.originals.get(rel)?.toString('utf8') ?? null;
  }

  /** Files whose content now differs from before the run (sorted). */
  changedFiles(): string[] {
    return [...this.originals.keys()].filter((rel) => this.differs(rel)).sort();
  }

  private current(rel: string): Buffer | null {
    const abs = path.join(this.root, rel);
    return existsSync(abs) ? readFileSync(abs) : null;
  }

  private differs(rel: string): boolean {
    const before = this.originals.get(rel) ?? null;
    const now = this.current(rel);
    if (before === null || now === null) return before !== now;
    return !before.equals(now);
  }

  /** Puts back the given files (default: every file touched) exactly as they were. */
  restore(files?: string[]): string[] {
    if (!files) this.scratch.remove();
    const restored: string[] = [];
    const failed: string[] = [];
    for (const [rel, bytes] of this.originals) {
      if (files && !files.includes(rel)) continue;
      const abs = path.join(this.root, rel);
      try {
        if (bytes === null) {
          if (existsSync(abs)) unlinkSync(abs);
        } else if (this.differs(rel)) {
          // The test run may have removed the file's directory; put it back too.
          mkdirSync(path.dirname(abs), { recursive: true });
          writeFileSync(abs, bytes);
        }
        restored.push(rel);
        this.originals.delete(rel);
      } catch (error) {
        // Keep going: one stubborn file must not leave the others edited.
        failed.push(`${rel} (${error instanceof Error ? error.message : String(error)})`);
      }
    }
    for (const dir of [...this.createdDirs].reverse()) {
      try {
        if (readdirSync(dir).length === 0) rmdirSync(dir);
      } catch {
        // Already gone, or something else lives there now: leave it.
      }
    }
    if (failed.length) throw new Error(`could not restore ${failed.join(', ')}`);
    return restored;
  }

  isTestFile(rel: string): boolean {
    return this.guard.isTestFile(rel);
  }

  /** Test files the model changed (possible only with allowTestEdits). */
  changedTestFiles(): string[] {
    return this.changedFiles().filter((f) => this.isTestFile(f));
  }

  /** A git-style unified diff of every changed file, from the original bytes to the current ones. */
  patch(files = this.changedFiles()): string {
    return unifiedDiff(files.map((rel) => ({ path: rel, before: this.originals.get(rel) ?? null, after: this.current(rel) })));
  }

  /** Tracked and untracked (not ignored) files, for the model's list tool. */
  async listFiles(dir = ''): Promise<string[]> {
    return [...new Set(await filesUnder(this.root, dir || '.'))].sort();
  }

  /** Lines holding a fixed string (`path:line:text`) in text files, tracked or not; undefined when git finds none. */
  async search(query: string, dir = ''): Promise<string[] | undefined> {
    try {
      return await grepFixed(this.root, query, dir || '.');
    } catch {
      return undefined;
    }
  }
}

/** A git-style unified diff from each file's bytes before to its bytes after (null: absent). */
export function unifiedDiff(files: { path: string; before: Buffer | null; after: Buffer | null }[]): string {
  const patches = files.map(({ path: rel, before, after }) => {
    const oldName = before === null ? '/dev/null' : `a/${rel}`;
    const newName = after === null ? '/dev/null' : `b/${rel}`;
    const p = structuredPatch(oldName, newName, before?.toString('utf8') ?? '', after?.toString('utf8') ?? '', undefined, undefined, { context: 3 });
    return {
      ...p,
      isGit: true,
      isCreate: before === null,
      isDelete: after === null,
      ...(before === null ? { newMode: '100644' } : {}),
      ...(after === null ? { oldMode: '100644' } : {}),
    };
  });
  if (patches.length === 0) return '';
  return formatPatch(patches);
}
