/** The model's answers as the session keeps and shows them: tool calls checked, spelled one way, shortened; text capped. */

/** Huge tool arguments (a whole file as new_text) are run as sent, but kept short in the history. */
export function shortArguments(raw: string): string {
  if (raw.length <= 8000) return raw;
  let where: unknown;
  try {
    where = (JSON.parse(raw) as { path?: unknown }).path;
  } catch {
    where = undefined;
  }
  return JSON.stringify({ ...(typeof where === 'string' ? { path: where } : {}), omitted: `${raw.length} characters of arguments, left out of the history` });
}

/** Why a call's arguments cannot be run: `cut` (the answer stopped at the length limit), `malformed`, or undefined. */
export function argumentsProblem(raw: string, cutOff: boolean): 'cut' | 'malformed' | undefined {
  try {
    const parsed: unknown = JSON.parse(raw.trim() || '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return undefined;
    return 'malformed';
  } catch {
    return cutOff ? 'cut' : 'malformed';
  }
}

export function callProblemText(name: string, raw: string, problem: 'cut' | 'malformed', cap?: number): string {
  if (problem === 'cut') {
    const limit = cap ? ` of ${cap} tokens` : '';
    const smaller = name === 'edit_file' ? ' an old_text of only the lines that change, or several smaller edits' : ' shorter arguments';
    return (
      `Error: this ${name} call was cut off: your answer reached the length limit${limit} after ${raw.length} characters of its arguments, ` +
      `so they are incomplete JSON and the call was not run. Send it again, smaller:${smaller}.`
    );
  }
  const shown = raw.length > 80 ? `${raw.slice(0, 80)}…` : raw;
  return `Error: the arguments of this ${name} call are not valid JSON or not an object (${shown}), so it was not run; send one JSON object with the tool's fields`;
}

/** Arguments in one spelling, so `{"a":1,"b":2}` and `{ "b": 2, "a": 1 }` are the same call. */
export function canonicalArgs(raw: string): string {
  try {
    const parsed = JSON.parse(raw || '{}') as Record<string, unknown>;
    return JSON.stringify(Object.fromEntries(Object.entries(parsed).sort(([a], [b]) => a.localeCompare(b))));
  } catch {
    return raw;
  }
}

export function capText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… [${text.length - max} characters cut]` : text;
}

export function describeArgs(raw: string): string {
  try {
    const args = JSON.parse(raw) as Record<string, unknown>;
    const where = typeof args.path === 'string' ? args.path : typeof args.query === 'string' ? JSON.stringify(args.query) : '';
    const range = args.start_line ? `:${String(args.start_line)}-${String(args.end_line ?? '')}` : '';
    return `${where}${range}`;
  } catch {
    return '(bad arguments)';
  }
}
