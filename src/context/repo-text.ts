import { readRepoFile } from '../workspace/read.js';

/** Larger files are left out of the first message, whatever part of them a stack points at. */
const MAX_CONTEXT_FILE_BYTES = 2 * 1024 * 1024;

/** Read by read_file's rules (workspace/read.ts), so the first message shows nothing the model could not read. */
export function readText(root: string, rel: string): string | undefined {
  const file = readRepoFile(root, rel, MAX_CONTEXT_FILE_BYTES);
  return file.ok ? file.text : undefined;
}
