import { statSync } from 'node:fs';
import path from 'node:path';
import { ignoredSync, trackedListingSync } from '../git/files.js';

/**
 * Whether git ignores this repo-relative path. Ignored files are what the CI or a build wrote
 * (`.env`, credentials, `node_modules`): the model neither reads nor edits them. Tracked files
 * are never "ignored", whatever .gitignore says. Outside a git repository nothing is.
 */
export function isIgnored(root: string, rel: string): boolean {
  // Most paths the model and the context ask for are tracked: answer those without a process.
  if (tracked(root)?.(rel)) return false;
  return ignoredSync(root, rel);
}

interface Listing {
  index: number;
  /** Every tracked path, each between NULs: "\0a.js\0lib/b.js\0". */
  paths: string;
}
const listings = new Map<string, Listing>();

/** The mtime of `root`'s git index, or undefined where there is none (a worktree, a fresh repository). */
export function indexMtime(root: string): number | undefined {
  try {
    return statSync(path.join(root, '.git', 'index')).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * Takes the tracked paths from a listing the caller already made (git's index, read while it had
 * mtime `index`), so the first question does not list them again.
 */
export function rememberTracked(root: string, index: number, paths: string[]): void {
  listings.set(root, { index, paths: `\0${paths.join('\0')}\0` });
}

/**
 * Whether a path is tracked or a directory of tracked files, listed again whenever git's index
 * changes. The listing stays one string that is searched: a few dozen questions a run do not pay for
 * a set of every path and directory (50,000 files took ~0.2 s to put in one).
 */
function tracked(root: string): ((rel: string) => boolean) | undefined {
  const index = indexMtime(root);
  if (index === undefined) return undefined; // No index (a worktree, a fresh repo): ask git each time.
  let listing = listings.get(root);
  if (!listing || listing.index !== index) {
    const result = trackedListingSync(root);
    if (result.status !== 0) return undefined;
    listing = { index, paths: `\0${result.stdout}` };
    listings.set(root, listing);
  }
  const { paths } = listing;
  return (rel) => rel !== '' && !rel.includes('\0') && (paths.includes(`\0${rel}\0`) || paths.includes(`\0${rel}/`));
}

/** Every tracked path (git's listing, kept while the index is unchanged), or undefined where git cannot list them. */
export function trackedPaths(root: string): string[] | undefined {
  if (tracked(root)) return listings.get(root)!.paths.split('\0').filter(Boolean);
  const listed = trackedListingSync(root);
  return listed.status === 0 ? listed.stdout.split('\0').filter(Boolean) : undefined;
}
