import type { AttemptRecord, FixDeps } from './types.js';

/**
 * The repository's formatter on the changed files, before the verifying run, so what is verified
 * is what is delivered. A formatter that fails leaves the files as the model wrote them.
 */
export async function formatChanged(deps: FixDeps, record: AttemptRecord): Promise<void> {
  if (!deps.format) return;
  const done = await deps.format(deps.workspace.changedFiles());
  record.formatMs = (record.formatMs ?? 0) + done.ms;
  for (const problem of done.problems) deps.progress?.({ kind: 'note', text: `the formatter was not applied: ${problem}` });
  if (!done.formatted.length) return;
  record.formatted = done.formatted;
  deps.progress?.({ kind: 'note', text: `${done.formatters.join(', ')} formatted the lines the fix changed in ${done.formatted.join(', ')}` });
}
