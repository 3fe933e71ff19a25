import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from './config.js';

/**
 * Files named by flags, checked before any work: a mistake found after the test run and the first
 * model requests costs time and money, and gets blamed on the wrong thing.
 */

/** `--record <file>`: its folder must exist and be writable, and the file must not be a folder. */
export function checkRecordPath(file: string, cwd: string): void {
  const full = path.resolve(cwd, file);
  const dir = path.dirname(full);
  let isDir: boolean;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    isDir = false;
  }
  if (!isDir) throw new ConfigError(`--record ${file}: the folder ${dir} does not exist; create it or record somewhere else`);
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    throw new ConfigError(`--record ${file}: the folder ${dir} is not writable; record somewhere you can write`);
  }
  try {
    if (statSync(full).isDirectory()) throw new ConfigError(`--record ${file} is a folder; name a file to write, e.g. ${path.join(file, 'session.json')}`);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
  }
}

/** `--replay <file>`: it must exist and hold a recording that --record wrote. */
export function checkReplayFile(file: string, cwd: string): void {
  const full = path.resolve(cwd, file);
  let text: string;
  try {
    text = readFileSync(full, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'does not exist'
        : code === 'EISDIR'
          ? 'is a folder'
          : code === 'EACCES'
            ? 'cannot be read'
            : `cannot be read (${code ?? String(error)})`;
    throw new ConfigError(`--replay ${file} ${why}; pass a file written by --record`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ConfigError(`--replay ${file} is not JSON; pass a file written by --record`);
  }
  const ok =
    typeof data === 'object' && data !== null && (data as { version?: unknown }).version === 1 && Array.isArray((data as { exchanges?: unknown }).exchanges);
  if (!ok) throw new ConfigError(`--replay ${file} is not an unbreak recording (no version 1 and exchanges); pass a file written by --record`);
}
