import { OpenAI } from 'openai/client';

/**
 * What real OpenAI-compatible servers say, read into facts: a request too long for the context
 * (and the sizes the server states), a parameter it refuses by name, the model it answers as,
 * and the context size its model list states.
 */

export interface ContextOverflow {
  /** The request's size by the server's count, when it says. */
  promptTokens?: number;
  /** What the server's context holds, when it says. */
  contextTokens?: number;
  /** The stated size limits the request alone, with no room to leave for the answer (GitHub Models' per-request input limit). */
  inputLimit?: true;
}

/**
 * A 400 that says the request does not fit the context, in the wordings servers use:
 * llama.cpp (`exceed_context_size_error`, "request (N tokens) exceeds the available context size
 * (M tokens)", or without numbers; `n_prompt_tokens`/`n_ctx` beside them) and OpenAI and the
 * servers that copy it (`context_length_exceeded`, "This model's maximum context length is M
 * tokens. However, your messages resulted in N tokens…").
 */
export function contextOverflow(error: unknown): ContextOverflow | undefined {
  if (!(error instanceof OpenAI.APIError) || (error.status !== 400 && error.status !== 413)) return undefined;
  const body = (error.error ?? {}) as Record<string, unknown>;
  const message = String(body.message ?? error.message ?? '');
  // GitHub Models answers 413 ("Request body too large for gpt-4.1 model. Max size: 8000 tokens.", code tokens_limit_reached).
  if (error.status === 413 || body.code === 'tokens_limit_reached') {
    const max = /max(?:imum)? size:? (\d+) tokens/i.exec(message);
    return { ...(max ? { contextTokens: Number(max[1]) } : {}), inputLimit: true };
  }
  const tagged = [body.type, body.code].some((v) => v === 'exceed_context_size_error' || v === 'context_length_exceeded');
  const worded = /exceeds? (?:the )?(?:available )?context size|maximum context length is|context[_ ]length[_ ]exceeded|exceed_context_size_error/i.test(
    message,
  );
  if (!tagged && !worded) return undefined;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined);
  const found = (re: RegExp) => {
    const m = re.exec(message);
    return m ? Number(m[1]) : undefined;
  };
  const promptTokens =
    num(body.n_prompt_tokens) ??
    found(/request \((\d+) tokens\) exceeds/i) ??
    found(/\((\d+) in the messages/i) ??
    found(/(?:resulted in|requested) (\d+) tokens/i);
  const contextTokens = num(body.n_ctx) ?? found(/context size \((\d+) tokens\)/i) ?? found(/maximum context length is (\d+) tokens/i);
  return { ...(promptTokens ? { promptTokens } : {}), ...(contextTokens ? { contextTokens } : {}) };
}

/**
 * The request budget (in unbreak's own count) after a context error: what the server says fits,
 * less room for the answer, scaled by how its count compares with ours (tokenizers differ,
 * templates add tokens); 70% of the request when the server states no sizes.
 */
export function shrunkBudget(overflow: ContextOverflow, ourTokens: number, completionCap?: number): number {
  const { promptTokens, contextTokens } = overflow;
  // Below what the server says it holds, always: an unchanged resend would be refused again.
  if (!contextTokens) return Math.floor(ourTokens * 0.7);
  const room = overflow.inputLimit ? 0 : Math.min(completionCap ?? 1024, Math.floor(contextTokens / 4));
  const ratio = promptTokens && ourTokens ? promptTokens / ourTokens : 1;
  const fits = Math.floor(((contextTokens - room) / Math.max(ratio, 0.5)) * 0.95);
  return Math.min(fits, Math.floor(ourTokens * 0.95));
}

/**
 * A 400 that names the completion-cap parameter we sent as one it does not take (OpenAI's
 * reasoning models: "Unsupported parameter: 'max_tokens' …"; older Azure API versions:
 * "Unrecognized request argument supplied: max_completion_tokens"). Returns the name.
 */
export function refusedParameter(error: unknown, param: string): string | undefined {
  if (!(error instanceof OpenAI.APIError) || error.status !== 400) return undefined;
  const body = (error.error ?? {}) as Record<string, unknown>;
  const text = `${String(body.message ?? error.message ?? '')} ${String(body.param ?? '')}`;
  return text.includes(param) ? param : undefined;
}

/**
 * Whether the model a response names is the one asked for: servers add a publisher prefix
 * (`openai/gpt-4.1`), a date (`gpt-4.1-2025-04-14`) or a tag (`llama3:latest`).
 */
export function sameModel(served: string, asked: string): boolean {
  const bare = (id: string) =>
    id
      .trim()
      .toLowerCase()
      .replace(/^.*\//, '')
      .replace(/:latest$/, '')
      .replace(/-\d{4}-\d{2}-\d{2}$/, '')
      .replace(/-(?:\d{4}|\d{8})$/, '');
  return bare(served) === bare(asked);
}

/**
 * The context size a model list states for a model: llama.cpp's `meta.n_ctx` (else the trained
 * size, `meta.n_ctx_train`, an upper bound), vLLM's `max_model_len`, OpenRouter's and LM
 * Studio's `context_length`, others' `max_context_length`. Undefined when the list says none.
 */
export function statedContext(body: unknown, model: string): number | undefined {
  const list = Array.isArray(body) ? body : (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(list)) return undefined;
  const entries = list.filter((m): m is Record<string, unknown> => !!m && typeof m === 'object');
  const entry = entries.find((m) => typeof m.id === 'string' && sameModel(m.id, model)) ?? (entries.length === 1 ? entries[0] : undefined);
  if (!entry) return undefined;
  const meta = (entry.meta && typeof entry.meta === 'object' ? entry.meta : {}) as Record<string, unknown>;
  for (const v of [meta.n_ctx, entry.max_model_len, entry.context_length, entry.max_context_length, entry.context_window, meta.n_ctx_train]) {
    if (typeof v === 'number' && Number.isFinite(v) && v >= 256) return v;
  }
  return undefined;
}
