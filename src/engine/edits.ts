import type { EditFailure, EditRecord } from '../workspace/workspace.js';

/**
 * What became of an edit the model asked for: applied; refused by the guard (protected path, test
 * file, outside the repo, symlink, binary, too large); no match (old_text found nowhere or in
 * several places, or no such file); or invalid (an edit that would change nothing, creating a
 * file that exists). For reports and the benchmark; the loop itself only needs `ok`.
 */
export type EditKind = 'applied' | 'refused' | 'no-match' | 'invalid';

const NO_MATCH: EditFailure[] = ['no-match', 'ambiguous', 'missing'];
const INVALID: EditFailure[] = ['bad-args', 'same-text', 'no-change', 'exists'];

export function editKind(edit: EditRecord): EditKind {
  if (edit.ok) return 'applied';
  if (edit.kind && NO_MATCH.includes(edit.kind)) return 'no-match';
  if (edit.kind && INVALID.includes(edit.kind)) return 'invalid';
  return 'refused';
}

export type EditCounts = Record<EditKind, number>;

export function countEdits(edits: EditRecord[]): EditCounts {
  const counts: EditCounts = { applied: 0, refused: 0, 'no-match': 0, invalid: 0 };
  for (const e of edits) counts[editKind(e)]++;
  return counts;
}
