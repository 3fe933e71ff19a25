/**
 * Where an old_text that matched nowhere was probably meant to go: the run of the file's lines, as
 * many as old_text has, most like it (aider's find_similar_lines idea). Two lines are alike by the
 * Dice coefficient of their character pairs (trimmed, runs of white space as one space); a run
 * scores the mean over its lines, and below MIN_SCORE nothing is offered.
 */

const MAX_LINES = 12;
const MIN_SCORE = 0.6;

const norm = (line: string) => line.trim().replace(/\s+/g, ' ');

/** The line's distinct character pairs, as sorted numbers: intersecting two is one merge. */
function pairs(line: string): Int32Array {
  const codes = new Set<number>();
  for (let i = 0; i + 1 < line.length; i++) codes.add(((line.charCodeAt(i) & 0xffff) << 16) | (line.charCodeAt(i + 1) & 0xffff));
  return Int32Array.from(codes).sort();
}

function dice(a: string, b: string, pa: Int32Array, pb: Int32Array): number {
  if (a === b) return 1;
  if (pa.length === 0 || pb.length === 0) return 0;
  let common = 0;
  for (let i = 0, j = 0; i < pa.length && j < pb.length;) {
    if (pa[i] === pb[j]) {
      common++;
      i++;
      j++;
    } else if (pa[i]! < pb[j]!) i++;
    else j++;
  }
  return (2 * common) / (pa.length + pb.length);
}

/** The most similar run of lines (1-based start, the file's own text), or undefined when none is close. */
export function similarLines(content: string, oldText: string): { start: number; lines: string[] } | undefined {
  const wanted = oldText.replace(/\r\n/g, '\n').split('\n');
  while (wanted.length && !wanted[0]!.trim()) wanted.shift();
  while (wanted.length && !wanted[wanted.length - 1]!.trim()) wanted.pop();
  const want = wanted.slice(0, MAX_LINES).map(norm);
  if (want.length === 0) return undefined;
  const fileLines = content.replace(/\r\n/g, '\n').split('\n');
  if (fileLines.length < want.length) return undefined;
  const have = fileLines.map(norm);
  const wantPairs = want.map(pairs);
  const havePairs = have.map(pairs);
  let best = { at: -1, score: 0 };
  // A run stops being scored once even perfect remaining lines could not beat the best so far.
  const floor = () => Math.max(best.score, MIN_SCORE) * want.length;
  for (let at = 0; at + want.length <= have.length; at++) {
    let sum = 0;
    let j = 0;
    for (; j < want.length && sum + (want.length - j) > floor(); j++) sum += dice(want[j]!, have[at + j]!, wantPairs[j]!, havePairs[at + j]!);
    if (j === want.length && sum / want.length > best.score) best = { at, score: sum / want.length };
  }
  if (best.at < 0 || best.score < MIN_SCORE) return undefined;
  return { start: best.at + 1, lines: fileLines.slice(best.at, best.at + want.length) };
}
