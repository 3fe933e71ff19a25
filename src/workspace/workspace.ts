import { isUtf8 } from 'node:buffer';
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { formatPatch, structuredPatch } from 'diff';
import { tidyEdit } from './tidy.js';
import { Guard, isBinary, type GuardOptions } from './guard.js';
import { replaceOnce } from './match.js';
import { git } from './git.js';

export const MAX_EDIT_BYTES = 1024 * 1024;

/** Tells the model how its old_text was found when it was not found as given. */
const MATCH_NOTES: Record<string, string> = {
  exact: '',
  'line-endings': ' (matched after fixing line endings)',
  whitespace: ' (matched ignoring whitespace)',
  'stale-context': ' (matched with one line of context that differs in the file; that line was kept as it is in the file)',
  'line-numbers': ' (matched after removing line numbers)',
};
const READ_LINES = 400;

export interface EditRecord {
  path: string;
  ok: boolean;
  /** Why it was refused or failed; absent when applied. */
  error?: string;
  how?: string;
}

/**
 * The repository as the model sees it: every change goes through the guard, and the first
 * time a file is touched its bytes are kept, so any run can put the tree back exactly.
 */
export class Workspace {
  readonly guard: Guard;
  /** Original bytes of each touched file; null when the model created it. */
  private readonly originals = new Map<string, Buffer | null>();
  /** Directories created for new files, deepest last, removed on restore when empty. */
  private readonly createdDirs: string[] = [];
  readonly edits: EditRecord[] = [];

  constructor(readonly root: string, options: Omit<GuardOptions, 'root'>) {
    this.guard = new Guard({ ...options, root });
  }

  /** The file's text with each line prefixed by its number (`12: text`), or an `Error: …` line. */
  readFile(requested: string, startLine?: number, endLine?: number): string {
    const where = this.guard.locate(requested);
    if (!where.ok) return `Error: ${where.reason}`;
    let bytes: Buffer;
    try {
      if (!lstatSync(where.abs).isFile()) return `Error: ${where.rel} is not a file`;
      bytes = readFileSync(where.abs);
    } catch {
      return `Error: ${where.rel} does not exist`;
    }
    if (isBinary(bytes)) return `Error: ${where.rel} is a binary file`;
    const lines = bytes.toString('utf8').replace(/\r\n/g, '\n').split('\n');
    if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
    const total = lines.length;
    const from = Math.max(1, Math.floor(startLine ?? 1));
    const to = Math.min(total, Math.floor(endLine ?? from + READ_LINES - 1), from + READ_LINES * 2 - 1);
    if (from > total) return `Error: ${where.rel} has ${total} lines; start_line ${from} is past the end`;
    const body = lines.slice(from - 1, to).map((l, i) => `${from + i}: ${l}`).join('\n');
    const note = from > 1 || to < total ? `(lines ${from}-${to} of ${total}; ask for others with start_line/end_line)\n` : '';
    return note + body;
  }

  /** Replaces the one occurrence of oldText (empty oldText creates the file); returns a result line for the model. */
  editFile(requested: string, oldText: string, newText: string): string {
    const result = this.tryEdit(requested, oldText, newText);
    this.edits.push(result.record);
    return result.message;
  }

  private tryEdit(requested: string, oldText: string, newText: string): { record: EditRecord; message: string } {
    const fail = (file: string, error: string) => ({ record: { path: file, ok: false, error }, message: `Error: ${error}` });
    if (typeof oldText !== 'string' || typeof newText !== 'string') return fail(String(requested), 'old_text and new_text must be strings');
    const where = this.guard.locate(requested);
    if (!where.ok) return fail(String(requested), where.reason);
    const allowed = this.guard.mayEdit(where.rel);
    if (!allowed.ok) return fail(where.rel, allowed.reason);
    const exists = existsSync(where.abs);

    if (oldText === '') {
      if (exists) return fail(where.rel, `${where.rel} already exists; to change it, give old_text with the lines to replace`);
      if (Buffer.byteLength(newText) > MAX_EDIT_BYTES) return fail(where.rel, `new file would be over ${MAX_EDIT_BYTES} bytes`);
      const creatable = this.guard.mayCreate(where.rel);
      if (!creatable.ok) return fail(where.rel, creatable.reason);
      const config = this.guard.mayChangeContent(where.rel, '', newText);
      if (!config.ok) return fail(where.rel, config.reason);
      this.remember(where.rel, null);
      this.makeParents(where.abs);
      writeFileSync(where.abs, newText);
      return { record: { path: where.rel, ok: true, how: 'create' }, message: `Created ${where.rel} (${newText.split('\n').length} lines).` };
    }

    if (!exists) return fail(where.rel, `${where.rel} does not exist; to create it, use an empty old_text`);
    if (!lstatSync(where.abs).isFile()) return fail(where.rel, `${where.rel} is not a regular file`);
    const bytes = readFileSync(where.abs);
    if (bytes.length > MAX_EDIT_BYTES) return fail(where.rel, `${where.rel} is larger than ${MAX_EDIT_BYTES} bytes; it may not be edited`);
    if (isBinary(bytes)) return fail(where.rel, `${where.rel} is a binary file; it may not be edited`);
    if (oldText === newText) return fail(where.rel, 'old_text and new_text are the same; nothing would change');
    // Decoding another encoding as UTF-8 would turn every non-ASCII byte into U+FFFD on write,
    // and the patch (both sides decoded the same lossy way) would not show it.
    if (!isUtf8(bytes)) return fail(where.rel, `${where.rel} is not valid UTF-8 (Latin-1 or another encoding?); it may not be edited, as its other bytes would not survive`);
    const content = bytes.toString('utf8');
    const replaced = replaceOnce(content, oldText, newText);
    if (!replaced.ok) return fail(where.rel, `${replaced.reason} (${where.rel})`);
    if (replaced.content === content) return fail(where.rel, 'the edit changes nothing');
    if (Buffer.byteLength(replaced.content) > MAX_EDIT_BYTES) return fail(where.rel, `the edit would make ${where.rel} larger than ${MAX_EDIT_BYTES} bytes`);
    // Measured against the file as the run found it, so churn from earlier edits goes too.
    const original = this.originals.has(where.rel) ? this.originals.get(where.rel) : bytes;
    const tidy = original ? tidyEdit(original.toString('utf8'), tidyEdit(content, replaced.content)) : tidyEdit(content, replaced.content);
    if (tidy === content) return fail(where.rel, `the edit changes only white space at line ends or the final newline of ${where.rel}; change the code itself`);
    const config = this.guard.mayChangeContent(where.rel, content, tidy);
    if (!config.ok) return fail(where.rel, config.reason);
    this.remember(where.rel, bytes);
    writeFileSync(where.abs, tidy);
    return { record: { path: where.rel, ok: true, how: replaced.how }, message: `Edited ${where.rel}${MATCH_NOTES[replaced.how]}.` };
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
    const patches = files.map((rel) => {
      const before = this.originals.get(rel) ?? null;
      const after = this.current(rel);
      const oldName = before === null ? '/dev/null' : `a/${rel}`;
      const newName = after === null ? '/dev/null' : `b/${rel}`;
      const p = structuredPatch(oldName, newName, before?.toString('utf8') ?? '', after?.toString('utf8') ?? '', undefined, undefined, { context: 3 });
      return { ...p, isGit: true, isCreate: before === null, isDelete: after === null, ...(before === null ? { newMode: '100644' } : {}), ...(after === null ? { oldMode: '100644' } : {}) };
    });
    if (patches.length === 0) return '';
    return formatPatch(patches);
  }

  /** Tracked and untracked (not ignored) files, for the model's list tool. */
  async listFiles(dir = ''): Promise<string[]> {
    const out = await git(['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', dir || '.'], this.root);
    return [...new Set(out.split('\0').filter(Boolean))].sort();
  }
}
