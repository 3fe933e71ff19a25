import { spawnSync } from 'node:child_process';

/**
 * Whether git ignores this repo-relative path. Ignored files are what the CI or a build wrote
 * (`.env`, credentials, `node_modules`): the model neither reads nor edits them. Tracked files
 * are never "ignored", whatever .gitignore says. Outside a git repository nothing is.
 */
export function isIgnored(root: string, rel: string): boolean {
  const result = spawnSync('git', ['check-ignore', '-q', '--', rel], { cwd: root, stdio: 'ignore', timeout: 10_000 });
  return result.status === 0;
}
