/**
 * Where an old_text that matched nowhere was probably meant to go: the run of the file's lines, as
 * many as old_text has, most like it (aider's find_similar_lines idea). Two lines are alike by the
 * Dice coefficient of their character pairs (trimmed, runs of white space as one space); a run
 * scores the mean over its lines, and below MIN_SCORE nothing is offered.
 */

const MAX_LINES = 12;
const MIN_SCORE = 0.6;

const norm = (line: string) => line.trim().replace(/\s+/g, ' ');

function pairs(line: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + 1 < line.length; i++) out.add(line.slice(i, i + 2));
  return out;
}

function dice(a: string, b: string, pa: Set<string>, pb: Set<string>): number {
  if (a === b) return 1;
  if (pa.size === 0 || pb.size === 0) return 0;
  let common = 0;
  for (const p of pa) if (pb.has(p)) common++;
  return (2 * common) / (pa.size + pb.size);
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
  for (let at = 0; at + want.length <= have.length; at++) {
    let sum = 0;
    for (let j = 0; j < want.length; j++) sum += dice(want[j]!, have[at + j]!, wantPairs[j]!, havePairs[at + j]!);
    const score = sum / want.length;
    if (score > best.score) best = { at, score };
  }
  if (best.at < 0 || best.score < MIN_SCORE) return undefined;
  return { start: best.at + 1, lines: fileLines.slice(best.at, best.at + want.length) };
}
