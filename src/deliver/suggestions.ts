import { parsePatch } from 'diff';
import { fenceFor } from '../report/fence.js';

/**
 * Turns a fix patch into GitHub review suggestions: one ```suggestion comment per changed block
 * whose lines lie inside the PR's own diff hunks (GitHub refuses comments elsewhere), and a
 * ```diff block for the rest.
 */

export interface ReviewComment {
  path: string;
  body: string;
  line: number;
  side: 'RIGHT';
  start_line?: number;
  start_side?: 'RIGHT';
}

export interface SuggestionPlan {
  comments: ReviewComment[];
  /** Patch text of the changes that could not be suggested inline ('' when none). */
  outside: string;
}

/** Right-side line ranges of each file's hunks in the PR diff (from the pulls/files API `patch`). */
export function prRanges(files: { filename: string; patch?: string | undefined }[]): Map<string, [number, number][]> {
  const out = new Map<string, [number, number][]>();
  for (const f of files) {
    const ranges: [number, number][] = [];
    for (const m of (f.patch ?? '').matchAll(/^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/gm)) {
      const start = Number(m[1]);
      const count = m[2] === undefined ? 1 : Number(m[2]);
      if (count > 0) ranges.push([start, start + count - 1]);
    }
    out.set(f.filename, ranges);
  }
  return out;
}

interface Block {
  /** First and last line (in the PR head version) this block replaces. */
  start: number;
  end: number;
  /** Lines that replace them. */
  replacement: string[];
  /** The block as unified-diff lines, for the fallback. */
  diff: string[];
}

export function planSuggestions(patch: string, ranges: Map<string, [number, number][]>): SuggestionPlan {
  const comments: ReviewComment[] = [];
  const outside: string[] = [];
  for (const file of parsePatch(patch)) {
    const path = (file.newFileName ?? '').replace(/^b\//, '');
    const created = file.oldFileName === '/dev/null';
    const fileRanges = ranges.get(path) ?? [];
    const leftovers: string[] = [];
    for (const hunk of file.hunks) {
      for (const block of blocksOf(hunk.oldStart, hunk.lines)) {
        const inside = !created && fileRanges.some(([s, e]) => block.start >= s && block.end <= e);
        if (inside) {
          const ticks = fenceFor(block.replacement.join('\n'));
          const body = [`${ticks}suggestion`, ...block.replacement, ticks].join('\n');
          comments.push(
            block.start === block.end
              ? { path, body, line: block.end, side: 'RIGHT' }
              : { path, body, start_line: block.start, line: block.end, side: 'RIGHT', start_side: 'RIGHT' },
          );
        } else {
          leftovers.push(`@@ ${path}: line ${block.start} @@`, ...block.diff);
        }
      }
    }
    if (created) outside.push(`--- /dev/null\n+++ b/${path}\n${file.hunks.flatMap((h) => h.lines).join('\n')}`);
    else if (leftovers.length) outside.push(`--- a/${path}\n+++ b/${path}\n${leftovers.join('\n')}`);
  }
  return { comments, outside: outside.join('\n') };
}

/** Splits a hunk into runs of changed lines, each anchored on head-version lines it replaces. */
function blocksOf(oldStart: number, lines: string[]): Block[] {
  const blocks: Block[] = [];
  let oldLine = oldStart;
  let previous: string | undefined;
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.startsWith('\\')) {
      i++;
      continue;
    }
    if (line.startsWith(' ')) {
      previous = line.slice(1);
      oldLine++;
      i++;
      continue;
    }
    const removed: string[] = [];
    const added: string[] = [];
    const diff: string[] = [];
    const first = oldLine;
    while (i < lines.length && (lines[i]!.startsWith('-') || lines[i]!.startsWith('+') || lines[i]!.startsWith('\\'))) {
      const l = lines[i]!;
      if (l.startsWith('-')) {
        removed.push(l.slice(1));
        oldLine++;
      } else if (l.startsWith('+')) added.push(l.slice(1));
      if (!l.startsWith('\\')) diff.push(l);
      i++;
    }
    if (removed.length > 0) {
      blocks.push({ start: first, end: first + removed.length - 1, replacement: added, diff });
    } else if (previous !== undefined && first > 1) {
      // A pure insertion: suggest on the line before it, keeping that line.
      blocks.push({ start: first - 1, end: first - 1, replacement: [previous, ...added], diff: [` ${previous}`, ...diff] });
    } else {
      const next = lines[i]?.startsWith(' ') ? lines[i]!.slice(1) : undefined;
      if (next !== undefined) blocks.push({ start: first, end: first, replacement: [...added, next], diff: [...diff, ` ${next}`] });
      else blocks.push({ start: first, end: first, replacement: added, diff });
    }
  }
  return blocks;
}
