import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';

/**
 * What a message becomes when the request budget needs its room: short stand-ins that still tell
 * the model what happened (what was read, what was edited), and stay valid for a server that
 * renders the history again with every request (tool-call arguments remain a JSON object).
 */

const SHORTENED = '[shortened';

/** A tool result as one line that says what it was, or undefined when it is already that short. */
export function shortToolResult(content: string): string | undefined {
  if (content.startsWith(SHORTENED)) return undefined;
  const firstLine = content.split('\n')[0]!.slice(0, 60);
  const stand = `${SHORTENED} to save space: an earlier tool result (${firstLine}…); call the tool again if you need it]`;
  // A stand-in never takes more room than what it stands for.
  return stand.length < content.length ? stand : undefined;
}

const lineCount = (text: unknown) => (typeof text === 'string' && text ? text.split('\n').length : 0);

/**
 * A call's arguments with the bulk left out: an edit_file's old_text and new_text become a one-line
 * note of what was edited; any other long string value says how long it was. Undefined when there
 * is nothing worth cutting.
 */
export function shortArgumentsNote(name: string, raw: string): string | undefined {
  if (raw.length <= 160) return undefined;
  let args: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return '{}';
    args = parsed as Record<string, unknown>;
  } catch {
    return '{}';
  }
  if (name === 'edit_file') {
    const old = lineCount(args.old_text);
    const now = lineCount(args.new_text);
    const what = old === 0 ? `created it with ${now} line${now === 1 ? '' : 's'}` : `replaced ${old} line${old === 1 ? '' : 's'} with ${now}`;
    return JSON.stringify({ path: args.path, note: `${what} (the text is left out of the history to save space)` });
  }
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) kept[key] = typeof value === 'string' && value.length > 80 ? `[${value.length} characters left out]` : value;
  const short = JSON.stringify(kept);
  return short.length < raw.length ? short : undefined;
}

/** An assistant message with its text and its calls' arguments cut short, or undefined when nothing changes. */
export function shortAssistant(message: ChatCompletionMessageParam): ChatCompletionMessageParam | undefined {
  if (message.role !== 'assistant') return undefined;
  let changed = false;
  const content = typeof message.content === 'string' && message.content.length > 200 ? `${message.content.slice(0, 200)}… [shortened]` : message.content;
  if (content !== message.content) changed = true;
  const calls = message.tool_calls?.map((call) => {
    if (call.type !== 'function') return call;
    const note = shortArgumentsNote(call.function.name, call.function.arguments);
    if (note === undefined) return call;
    changed = true;
    return { ...call, function: { ...call.function, arguments: note } };
  });
  return changed ? { ...message, content, ...(calls ? { tool_calls: calls } : {}) } : undefined;
}
