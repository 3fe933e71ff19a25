import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FormatOutcome } from '../engine/types.js';
import { isTracked } from '../git/files.js';
import { statusEveryUntracked } from '../git/status.js';
import { checkoutFromIndex } from '../git/work-tree-writes.js';
import { runFormatters, type Formatter } from '../run/formatters.js';
import { keepFormattingWithin } from '../workspace/tidy.js';
import type { Workspace } from '../workspace/workspace.js';

function readText(abs: string): string | undefined {
  try {
    return readFileSync(abs, 'utf8');
  } catch {
    return undefined;
  }
}

/** What `git status` lists, other than `files`, with its bytes (null: not there), before a formatter runs. */
async function othersSnapshot(root: string, files: string[]): Promise<Map<string, Buffer | null>> {
  const dirty = await statusPaths(root);
  return new Map(dirty.filter((f) => !files.includes(f)).map((f) => [f, readBytes(path.join(root, f))]));
}

async function putBackOthers(root: string, files: string[], before: Map<string, Buffer | null>): Promise<void> {
  for (const rel of await statusPaths(root)) {
    if (files.includes(rel)) continue;
    const abs = path.join(root, rel);
    if (before.has(rel)) {
      const was = before.get(rel)!;
      const now = readBytes(abs);
      if (was === null) rmSync(abs, { force: true });
      else if (!now || !now.equals(was)) writeFileSync(abs, was);
    } else if (await isTracked(root, rel)) {
      // Clean before the formatter ran: the index has its bytes.
      await checkoutFromIndex(root, rel);
    } else {
      rmSync(abs, { force: true });
    }
  }
}

async function statusPaths(root: string): Promise<string[]> {
  const entries = await statusEveryUntracked(root).catch(() => []);
  return entries.map(([, rel]) => rel);
}

function readBytes(abs: string): Buffer | null {
  try {
    return readFileSync(abs);
  } catch {
    return null;
  }
}

/**
 * Runs the formatters on the changed files, then keeps their changes only inside the lines the
 * fix touched, so the diff never grows into reformatting code nobody changed.
 */
export async function formatWithin(workspace: Workspace, formatters: Formatter[], files: string[], timeoutMs: number): Promise<FormatOutcome> {
  const started = performance.now();
  const edited = new Map(files.map((f) => [f, readText(path.join(workspace.root, f))]));
  const mine = formatters.filter((f) => files.some((file) => f.handles(file)));
  const others = await othersSnapshot(workspace.root, files);
  const problems = await runFormatters(workspace.root, mine, files, Math.min(timeoutMs, 120_000));
  // A formatter may reach past the files it was given (rustfmt formats the modules a file names):
  // whatever else it changed is put back, so the tree holds only the model's edits.
  await putBackOthers(workspace.root, files, others);
  const formatted: string[] = [];
  for (const [file, text] of edited) {
    if (text === undefined) continue;
    const abs = path.join(workspace.root, file);
    const now = readText(abs) ?? text;
    // A formatter that failed may have left half its work: the model's text stands.
    const failed = problems.length && mine.some((f) => f.handles(file) && problems.some((p) => p.startsWith(`${f.name} `)));
    const kept = failed ? text : keepFormattingWithin(workspace.originalText(file) ?? '', text, now);
    if (kept !== now) writeFileSync(abs, kept);
    if (kept !== text) formatted.push(file);
  }
  return { formatted, formatters: mine.map((f) => f.name), problems, ms: performance.now() - started };
}
