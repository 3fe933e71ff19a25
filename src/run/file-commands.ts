import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The runner's file commands, as PR code meets them. The real files (named by unbreak's own
 * environment) carry lines to the rest of the job: `BASH_ENV` for every later bash step, a folder
 * in front of PATH for checkout's post step, step outputs, the job summary. PR code gets private
 * files under the same names instead, so a reproduced CI step that writes `$GITHUB_ENV` or
 * `$GITHUB_PATH` still works (failures/steps.ts applies them to the later reproduced steps), and
 * the real files are put back byte for byte after every command, for code that finds them by path.
 */

export const CHANNELS = ['GITHUB_ENV', 'GITHUB_PATH', 'GITHUB_OUTPUT', 'GITHUB_STATE', 'GITHUB_STEP_SUMMARY'] as const;

let privateDir: string | undefined;

function fileOf(name: string): string {
  return path.join(privateDir!, name.toLowerCase());
}

/** The private files' names for a command's environment, each there (PR code may have removed them). */
export function privateChannels(): Record<string, string> {
  if (!privateDir || !existsSync(privateDir)) {
    privateDir = mkdtempSync(path.join(tmpdir(), 'unbreak-file-commands-'));
    chmodSync(privateDir, 0o700);
    const made = privateDir;
    process.once('exit', () => rmSync(made, { recursive: true, force: true }));
  }
  mkdirSync(privateDir, { recursive: true });
  const env: Record<string, string> = {};
  for (const name of CHANNELS) {
    const file = fileOf(name);
    if (!existsSync(file)) writeFileSync(file, '');
    env[name] = file;
  }
  return env;
}

/**
 * What the private env and path files hold now, to start every later run from: the test runs start
 * from what the setup steps left, not from what an earlier test run added.
 */
export function channelCheckpoint(): () => void {
  privateChannels();
  const kept = (['GITHUB_ENV', 'GITHUB_PATH'] as const).map((name) => [fileOf(name), readFileSync(fileOf(name))] as const);
  return () => {
    privateChannels();
    for (const [file, bytes] of kept) {
      rmSync(file, { force: true });
      writeFileSync(file, bytes);
    }
  };
}

function bytesOf(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}

/** Snapshots the real channel files unbreak's own environment names; the returned function puts them back. */
export function guardRealChannels(env: NodeJS.ProcessEnv = process.env): () => void {
  const saved: [string, Buffer | null][] = [];
  for (const name of CHANNELS) {
    const file = env[name];
    if (!file) continue;
    saved.push([file, bytesOf(file)]);
  }
  return () => {
    for (const [file, bytes] of saved) {
      const now = bytesOf(file);
      if (now === null ? bytes === null : bytes !== null && now.equals(bytes)) continue;
      // Removed first: a link PR code put in its place is replaced, never followed.
      rmSync(file, { force: true, recursive: true });
      if (bytes !== null) writeFileSync(file, bytes, { flag: 'wx' });
    }
  };
}
