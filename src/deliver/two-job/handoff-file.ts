import { existsSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Outcome } from '../../engine/types.js';
import { blobBytes, objectType } from '../../git/objects.js';
import { Guard } from '../../workspace/guard.js';
import { pinFiles, pinnedBytes, type Pin } from '../../workspace/pin.js';
import { MAX_EDIT_BYTES, unifiedDiff } from '../../workspace/workspace.js';
import { isBinary } from '../../workspace/guard.js';
import { HANDOFF_VERSION, HandoffSchema, HandoffWriteSchema, type Handoff, type HandoffPin } from './handoff-schema.js';

/**
 * The two-job setup (README, "The two-job setup"): the `fix` job runs the PR's tests and the fix
 * loop with a read-only token and writes what the verifying run saw to `handoff.json`; the
 * `deliver` job, which holds the write token and runs none of the PR's code, reads it and checks
 * it again from its own inputs and GitHub's answers before the usual delivery. The file is written
 * in a job the PR's code ran in, so the deliver job trusts none of it: every path is checked by a
 * Guard built from its own inputs, every size is capped, the patch is made again from the bytes, and
 * the head must be the one the event approved and the branch still points at.
 */

export const HANDOFF_FILE = 'handoff.json';
export { HANDOFF_VERSION, MAX_HANDOFF_FILES, type Handoff, type HandoffPin } from './handoff-schema.js';
/** The whole file: many pinned files at their cap, base64, plus the outcome's report. */
export const MAX_HANDOFF_BYTES = 64 * 1024 * 1024;

export class HandoffError extends Error {}

/** Every string in a JSON value through `redact` (the artifact is not masked the way logs are). */
function redactDeep(value: unknown, redact: (s: string) => string): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, redact));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v, redact)]));
  return value;
}

function issueOf(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const first = error.issues[0];
  return first ? `${first.path.map(String).join('.') || 'root'}: ${first.message}` : 'bad shape';
}

/**
 * Phase fix: writes `dir/handoff.json` from a finished outcome. The pinned files' bytes come from
 * the object store (what the verifying run saw), not from the work tree. Returns the file's path.
 */
export async function writeHandoff(
  dir: string,
  o: { root: string; outcome: Outcome; pr: number; headSha: string; baseSha: string; refused?: string; redact: (s: string) => string },
): Promise<string> {
  const pins: HandoffPin[] = [];
  for (const pin of o.outcome.pinned ?? []) {
    const content = pin.blob === null ? null : (await pinnedBytes(o.root, { ...pin, blob: pin.blob })).toString('base64');
    pins.push({ path: pin.path, content });
  }
  const { pinned: _pinned, patch, status, message, ...rest } = o.outcome;
  const handoff: Handoff = {
    version: HANDOFF_VERSION,
    status,
    message: o.redact(message),
    pr: o.pr,
    headSha: o.headSha,
    baseSha: o.baseSha,
    ...(o.refused ? { refused: o.refused } : {}),
    patch,
    pins,
    outcome: redactDeep(rest, o.redact) as Handoff['outcome'],
  };
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, HANDOFF_FILE);
  // Written whole, then renamed: a half-written file is never read as a handoff.
  const part = `${file}.${process.pid}.part`;
  // Written in the shape the deliver job reads strictly: what the engine's objects hold beyond it stays out.
  const shaped = HandoffWriteSchema.safeParse(handoff);
  if (!shaped.success) throw new HandoffError(`the outcome does not fit the handoff (${issueOf(shaped.error)}): this is a bug in unbreak`);
  writeFileSync(part, JSON.stringify(shaped.data));
  renameSync(part, file);
  return file;
}

/** Phase fix, before any work: a handoff left from earlier (another step, another run) is never uploaded as this run's. */
export function clearHandoff(dir: string): void {
  rmSync(path.join(dir, HANDOFF_FILE), { force: true });
}

/** Phase deliver: the handoff in `dir`, parsed and its shape checked (its content is checked by `recheck`). */
export function readHandoff(dir: string): Handoff {
  const file = path.join(dir, HANDOFF_FILE);
  if (!existsSync(file))
    throw new HandoffError(`no ${HANDOFF_FILE} in ${dir}: the fix job wrote none (it failed or was cancelled), or the artifact was not downloaded there`);
  const info = lstatSync(file);
  if (!info.isFile()) throw new HandoffError(`${file} is not a regular file`);
  if (info.size > MAX_HANDOFF_BYTES) throw new HandoffError(`${file} is ${info.size} bytes, more than the ${MAX_HANDOFF_BYTES} a handoff may hold`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new HandoffError(`${file} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = HandoffSchema.safeParse(raw);
  if (!parsed.success) throw new HandoffError(`${file} is not a handoff unbreak wrote, so nothing was delivered (${issueOf(parsed.error)})`);
  return parsed.data;
}

/** The outcome as the report needs it, from a handoff (no pins: those come from `recheck`). */
export function outcomeOf(h: Handoff): Outcome {
  return {
    ...(h.outcome as unknown as Omit<Outcome, 'status' | 'message' | 'patch'>),
    status: h.status,
    message: h.message,
    patch: h.patch,
    changedFiles: h.pins.map((p) => p.path),
  };
}

export type Rechecked = { ok: true; pins: Pin[]; patch: string; changedFiles: string[] } | { ok: false; reason: string };

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Why these bytes are not text the model could have written (valid UTF-8, no NUL), or undefined. */
function textProblem(bytes: Buffer): string | undefined {
  if (bytes.includes(0)) return 'holds a NUL byte';
  try {
    UTF8.decode(bytes);
  } catch {
    return 'is not valid UTF-8';
  }
  return undefined;
}

/** A path as the handoff names it must already be in the one form the Guard gives back: relative, `/`-separated, no `.` or `..`. */
function plainPath(p: string): boolean {
  if (p.startsWith('/') || p.includes('\\') || p.includes('\0')) return false;
  return p.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/**
 * Checks a handoff against this job's own inputs and writes its files into the work tree (checked
 * out at `head`, the approved head), so that the delivery code works as in one job. Nothing is
 * written unless every file passes: inside the repository and not through a symlink or into
 * `.git`, not protected, not a test file or test configuration unless allowed, not ignored, at
 * most 1 MB, text (valid UTF-8, no NUL) replacing text, a deletion only of a file the head has. Returns the pins (blob ids in this
 * repository's object store) and the patch made again from the head's and the handoff's bytes.
 */
export async function recheck(h: Handoff, o: { root: string; head: string; protect: string[]; allowTestEdits: boolean }): Promise<Rechecked> {
  const guard = new Guard({ root: o.root, protect: o.protect, allowTestEdits: o.allowTestEdits });
  const refuse = (reason: string): Rechecked => ({ ok: false, reason: `the handoff was refused: ${reason}` });
  if (h.status !== 'fixed') return refuse(`its status is ${h.status}, so there is nothing to deliver`);
  if (!h.pins.length) return refuse('it names no changed file');
  const seen = new Set<string>();
  const files: { path: string; before: Buffer | null; after: Buffer | null }[] = [];
  for (const pin of h.pins) {
    const shown = JSON.stringify(pin.path);
    if (!plainPath(pin.path)) return refuse(`the path ${shown} is not a plain path inside the repository`);
    if (seen.has(pin.path.toLowerCase())) return refuse(`the path ${shown} appears twice`);
    seen.add(pin.path.toLowerCase());
    const where = guard.locate(pin.path);
    if (!where.ok) return refuse(where.reason);
    if (where.rel !== pin.path) return refuse(`the path ${shown} is not in its plain form (${where.rel})`);
    const may = guard.mayEdit(where.rel);
    if (!may.ok) return refuse(may.reason);
    let after: Buffer | null = null;
    if (pin.content !== null) {
      if (pin.content.length > Math.ceil(MAX_EDIT_BYTES / 3) * 4 + 4) return refuse(`${where.rel} is larger than ${MAX_EDIT_BYTES} bytes`);
      after = Buffer.from(pin.content, 'base64');
      if (after.toString('base64') !== pin.content) return refuse(`the content of ${where.rel} is not base64`);
      if (after.length > MAX_EDIT_BYTES) return refuse(`${where.rel} is larger than ${MAX_EDIT_BYTES} bytes`);
      // The model writes text through JSON: bytes it could not have written are not its fix.
      const text = textProblem(after);
      if (text) return refuse(`the new content of ${where.rel} ${text}, which no edit of the model makes`);
    }
    const type = await objectType(o.root, `${o.head}:${where.rel}`).catch(() => '');
    if (type && type !== 'blob') return refuse(`${where.rel} is a ${type} at the head, not a file`);
    const before = type ? await blobBytes(o.root, `${o.head}:${where.rel}`) : null;
    if (before === null && after === null) return refuse(`it deletes ${where.rel}, which the head does not have`);
    if (before !== null && (before.length > MAX_EDIT_BYTES || isBinary(before)))
      return refuse(`${where.rel} is binary or larger than ${MAX_EDIT_BYTES} bytes at the head, and the model may not edit such a file`);
    if (before === null) {
      const create = guard.mayCreate(where.rel);
      if (!create.ok) return refuse(create.reason);
    }
    if (before !== null && after !== null) {
      const content = guard.mayChangeContent(where.rel, before.toString('utf8'), after.toString('utf8'));
      if (!content.ok) return refuse(content.reason);
    }
    files.push({ path: where.rel, before, after });
  }
  // Every file passed: the work tree becomes what the verifying run saw.
  const seenBytes = new Map<string, Buffer | null>();
  for (const f of files) {
    const abs = path.join(o.root, f.path);
    if (f.after === null) {
      if (existsSync(abs)) unlinkSync(abs);
    } else {
      mkdirSync(path.dirname(abs), { recursive: true });
      // A directory made just now cannot be a symlink; one that existed was checked by locate.
      if (existsSync(abs) && !statSync(abs).isFile()) return refuse(`${f.path} is not a regular file in the checkout`);
      // No mode from the handoff: the commit takes each file's mode from the approved head (git-data.ts).
      writeFileSync(abs, f.after);
    }
    seenBytes.set(f.path, f.after);
  }
  const pins = await pinFiles(o.root, seenBytes);
  const patch = unifiedDiff(files.map((f) => ({ path: f.path, before: f.before, after: f.after })));
  return { ok: true, pins, patch, changedFiles: files.map((f) => f.path).sort() };
}
