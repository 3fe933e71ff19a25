import { execa } from 'execa';
import { scrubEnv } from '../config.js';

export class GitError extends Error {
  override name = 'GitError';
}

/** Runs git with an argument array (never through a shell) and returns trimmed stdout. */
export async function git(
  args: string[],
  cwd: string,
  options: { input?: string | Buffer; env?: Record<string, string>; okCodes?: number[] } = {},
): Promise<string> {
  const result = await execa('git', args, {
    cwd,
    reject: false,
    ...(options.input !== undefined ? { input: options.input } : { stdin: 'ignore' as const }),
    // Secrets live in our heap only (handoff.ts); a git child's environment would show them again.
    env: { ...scrubEnv(process.env), GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', ...options.env },
    extendEnv: false,
    stripFinalNewline: true,
  });
  if (result.exitCode !== 0 && !options.okCodes?.includes(result.exitCode ?? -1)) {
    const why =
      String(result.stderr || result.stdout)
        .trim()
        .split('\n')[0] ?? '';
    throw new GitError(`git ${args[0]} failed: ${why}`);
  }
  return String(result.stdout);
}

/** The top of the work tree containing `dir`, or undefined when it is not inside one. */
export async function workTreeRoot(dir: string): Promise<string | undefined> {
  try {
    const inside = await git(['rev-parse', '--is-inside-work-tree'], dir);
    if (inside !== 'true') return undefined;
    return await git(['rev-parse', '--show-toplevel'], dir);
  } catch {
    return undefined;
  }
}
