import type { EditLog } from './types.js';

/**
 * What became of an edit the model asked for: applied; refused by the guard (protected path, test
 * file, outside the repo, symlink, binary, too large); no match (old_text found nowhere or in
 * several places, or no such file); or invalid (an edit that would change nothing, creating a
 * file that exists). For reports and the benchmark; the loop itself only needs `ok`.
 */
export type EditKind = 'applied' | 'refused' | 'no-match' | 'invalid';

const NO_MATCH = /^old_text (?:was not found|matches \d+ places)|does not exist; to create it/;
const INVALID = /^old_text and new_text (?:must be strings|are the same)|^the edit changes nothing|already exists; to change it/;

export function editKind(edit: EditLog): EditKind {
  if (edit.ok) return 'applied';
  const why = edit.error ?? '';
  if (NO_MATCH.test(why)) return 'no-match';
  if (INVALID.test(why)) return 'invalid';
  return 'refused';
}

export type EditCounts = Record<EditKind, number>;

export function countEdits(edits: EditLog[]): EditCounts {
  const counts: EditCounts = { applied: 0, refused: 0, 'no-match': 0, invalid: 0 };
  for (const e of edits) counts[editKind(e)]++;
  return counts;
}
