/** Commands (as we call them) that never run a filter, diff or merge driver: no need to list the config for them. */
const NO_DRIVERS = new Set([
  'rev-parse',
  'config',
  'commit-tree',
  'write-tree',
  'check-ignore',
  'merge-base',
  'for-each-ref',
  'ls-tree',
  'show-ref',
  'update-ref',
  'remote',
  'symbolic-ref',
]);

/** `ls-files` options that list names from the index and the directory only (its pathspecs come after `--`). */
const LS_FILES_PLAIN = new Set(['-z', '-s', '--stage', '-c', '--cached', '-o', '--others', '--exclude-standard', '--error-unmatch', '--full-name']);

export function subcommand(args: string[]): string {
  let i = 0;
  while (args[i] === '-c') i += 2;
  return args[i] ?? '';
}

export function appliesDrivers(args: string[]): boolean {
  const command = subcommand(args);
  const rest = args.slice(args.indexOf(command) + 1);
  if (NO_DRIVERS.has(command)) return false;
  if (command === 'cat-file') return rest.some((a) => a === '--filters' || a === '--textconv');
  if (command === 'hash-object') return !rest.includes('--no-filters');
  if (command === 'read-tree') return rest.some((a) => a === '-u' || a === '-m');
  if (command === 'diff-tree' || command === 'log') return !rest.some((a) => a === '--name-only' || a === '--name-status' || a.startsWith('--format'));
  if (command === 'update-index') return !rest.includes('--index-info');
  // The index and the directory listing only: no file's content is read (that takes -m, -d, --eol, …).
  if (command === 'ls-files') {
    const end = rest.indexOf('--');
    return !(end < 0 ? rest : rest.slice(0, end)).every((a) => LS_FILES_PLAIN.has(a));
  }
  return true;
}
