import type { Outcome } from '../engine/types.js';
import { inert, inertCode } from './inert.js';

/** The title of the list of tests that failed when the run began (on the merge, when only the merge failed). */
export function startTitle(outcome: Outcome): string {
  // Inside an HTML <summary>: the branch name as text.
  return outcome.mergedWith ? `Failing tests merged with ${inert(outcome.mergedWith, 'html')}` : 'Failing tests at the start';
}

export function failingList(outcome: Outcome, title: string, open = false): string {
  const failing = outcome.before?.failures ?? [];
  if (!failing.length) return '';
  const list = failing.slice(0, 10).map((f) => `- ${inertCode(f.id)}`);
  if (failing.length > 10) list.push(`- … and ${failing.length - 10} more`);
  return `<details${open ? ' open' : ''}><summary>${title}</summary>\n\n${list.join('\n')}\n\n</details>`;
}
