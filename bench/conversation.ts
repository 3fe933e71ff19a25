/**
 * What a model has seen of the code: runs of consecutive source lines found in the conversation,
 * whatever form they came in (numbered lines from a snippet or read_file, the post-image of a
 * diff, raw lines of a log or a whole file). The scripted model edits only what it has seen, and
 * the benchmark uses the same test to say whether the first request held the lines to change.
 */

export interface WireMessage {
  role: string;
  content?: string | null | unknown[];
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

/** A run of lines believed consecutive in some file, trimmed (indentation is forgiven). */
export type Run = string[];

const NUMBERED = /^(\d+): ?(.*)$/;

export function messageText(m: WireMessage): string {
  if (typeof m.content === 'string') return m.content;
  if (Array.isArray(m.content))
    return m.content.map((p) => (p && typeof p === 'object' && 'text' in p ? String((p as { text: unknown }).text) : '')).join('\n');
  return '';
}

/** Runs of source lines in the messages the model was sent (user and tool messages). */
export function seenRuns(messages: WireMessage[]): Run[] {
  const runs: Run[] = [];
  for (const m of messages) {
    if (m.role !== 'user' && m.role !== 'tool') continue;
    let run: Run = [];
    let mode: 'raw' | 'numbered' | 'diff' = 'raw';
    let lastNumber = 0;
    let inDiff = false;
    const flush = () => {
      if (run.length) runs.push(run);
      run = [];
    };
    for (const line of messageText(m).split('\n')) {
      if (/^```/.test(line)) {
        flush();
        inDiff = !inDiff && /^```diff/.test(line) ? true : false;
        mode = 'raw';
        continue;
      }
      if (inDiff) {
        if (line.startsWith('@@') || line.startsWith('+++') || line.startsWith('---') || line.startsWith('diff --git') || line.startsWith('index ')) {
          flush();
          continue;
        }
        if (line.startsWith('-')) continue; // Gone from the file: the lines around it are neighbours now.
        if (mode !== 'diff') flush();
        mode = 'diff';
        run.push(line.slice(1).trim());
        continue;
      }
      const numbered = NUMBERED.exec(line);
      if (numbered) {
        const n = Number(numbered[1]);
        if (mode !== 'numbered' || n !== lastNumber + 1) flush();
        mode = 'numbered';
        lastNumber = n;
        run.push(numbered[2]!.trim());
        continue;
      }
      if (mode !== 'raw') flush();
      mode = 'raw';
      run.push(line.trim());
    }
    flush();
  }
  return runs;
}

/**
 * The widest stretch of `lines` (0-based, inclusive) around [from, to] that some run shows line
 * for line, or undefined when no run shows all of [from, to].
 */
export function seenAround(runs: Run[], lines: string[], from: number, to: number): [number, number] | undefined {
  const want = lines.slice(from, to + 1).map((l) => l.trim());
  if (want.length === 0) return undefined;
  let best: [number, number] | undefined;
  for (const run of runs) {
    for (let k = run.indexOf(want[0]!); k >= 0 && k + want.length <= run.length; k = run.indexOf(want[0]!, k + 1)) {
      let same = true;
      for (let j = 1; j < want.length && same; j++) same = run[k + j] === want[j];
      if (!same) continue;
      let up = 0;
      while (from - up - 1 >= 0 && k - up - 1 >= 0 && run[k - up - 1] === lines[from - up - 1]!.trim()) up++;
      let down = 0;
      while (to + down + 1 < lines.length && k + want.length + down < run.length && run[k + want.length + down] === lines[to + down + 1]!.trim()) down++;
      if (!best || down + up > best[1] - best[0] - (to - from)) best = [from - up, to + down];
    }
  }
  return best;
}

function occurrences(haystack: string, needle: string): number {
  let n = 0;
  for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + 1)) n++;
  return n;
}

/**
 * The smallest window of lines containing [from, to], inside [lo, hi], whose text occurs exactly
 * once in the file: what a model sends as old_text. Undefined when no such window fits.
 */
export function uniqueWindow(lines: string[], from: number, to: number, lo: number, hi: number): [number, number] | undefined {
  const text = lines.join('\n');
  let s = from;
  let e = to;
  const unique = () => {
    const window = lines.slice(s, e + 1).join('\n');
    return window.trim() !== '' && occurrences(text, window) === 1;
  };
  let up = true;
  while (!unique()) {
    const canUp = s > lo;
    const canDown = e < hi;
    if (!canUp && !canDown) return undefined;
    if ((up && canUp) || !canDown) s--;
    else e++;
    up = !up;
  }
  return [s, e];
}

/** How often a run shows `want` (trimmed lines) line for line. */
function runOccurrences(run: Run, want: string[]): number {
  let n = 0;
  for (let k = run.indexOf(want[0]!); k >= 0 && k + want.length <= run.length; k = run.indexOf(want[0]!, k + 1)) {
    let same = true;
    for (let j = 1; j < want.length && same; j++) same = run[k + j] === want[j];
    if (same) n++;
  }
  return n;
}

/**
 * What a model can judge without the file: the smallest window around [from, to], inside the seen
 * stretch [lo, hi], that no run of the conversation shows twice, widened by `margin` lines on each
 * side as far as the seen stretch allows (after an edit came back ambiguous). It may still match twice in the file, where the
 * conversation showed only one of the places: the edit then fails and the model must recover.
 */
export function windowUniqueAsSeen(runs: Run[], lines: string[], from: number, to: number, lo: number, hi: number, margin = 0): [number, number] | undefined {
  let s = from;
  let e = to;
  const unique = () => {
    const want = lines.slice(s, e + 1).map((l) => l.trim());
    return want.some(Boolean) && runs.every((r) => runOccurrences(r, want) <= 1);
  };
  let up = true;
  while (!unique()) {
    const canUp = s > lo;
    const canDown = e < hi;
    if (!canUp && !canDown) return undefined;
    if ((up && canUp) || !canDown) s--;
    else e++;
    up = !up;
  }
  if (margin > 0) {
    // Nothing more was seen to add: the model has to read more before it tries again.
    if (s === lo && e === hi) return undefined;
    s = Math.max(lo, s - margin);
    e = Math.min(hi, e + margin);
  }
  return [s, e];
}
