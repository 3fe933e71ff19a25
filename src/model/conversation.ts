import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { Workspace } from '../workspace/workspace.js';
import type { Redactor } from '../context/redact.js';
import { Measured, truncateToTokens } from '../context/tokens.js';
import { TOOLS } from './tools.js';

let toolsSize: Measured | undefined;
/** The tool definitions' share of every request. */
export const TOOLS_SIZE = () => (toolsSize ??= new Measured(JSON.stringify(TOOLS)));

/**
 * The messages every request sends, redacted as they come in and measured, and shortened from
 * the oldest when a request would not fit the budget.
 */
export class Conversation {
  readonly messages: ChatCompletionMessageParam[] = [];
  /** Tokens of each message: a bound at once, the exact count once a budget decision needs it. */
  private readonly sizes: Measured[] = [];
  /** Where the current attempt's own message is: it and what follows are cut last. */
  attemptStart = 0;
  /** Input tokens one request may hold: --request-tokens, lowered for good when the server says its context is smaller. */
  budget: number;

  constructor(
    private readonly workspace: Workspace,
    readonly redactor: Redactor,
    requestTokens: number,
  ) {
    this.budget = requestTokens;
  }

  push(message: ChatCompletionMessageParam): void {
    // The one place text leaves for the model: redact it here, whatever its source, and show
    // paths relative to the repo (shorter, and the runner's directories are nobody's business).
    if (typeof message.content === 'string') message.content = this.redactor.redact(this.relative(message.content));
    if (message.role === 'assistant' && message.tool_calls) {
      for (const call of message.tool_calls) if (call.type === 'function') call.function.arguments = this.redactor.redact(call.function.arguments);
    }
    this.messages.push(message);
    this.sizes.push(new Measured(JSON.stringify(message), 4));
  }

  relative(text: string): string {
    const root = this.workspace.root.replace(/\/+$/, '');
    return text.split(`file://${root}/`).join('').split(`${root}/`).join('');
  }

  /**
   * Shortens what the model has already seen until the request fits: first old tool results
   * (it can read a file again), then old assistant text. Returns the request's token count: an
   * upper bound when that alone shows the request fits, else the exact count.
   */
  fitToBudget(): number {
    const limit = this.budget;
    const bound = TOOLS_SIZE().bound + this.sizes.reduce((a, b) => a + b.bound, 0);
    if (bound <= limit) return bound;
    const total = () => this.exactTotal();
    if (total() <= limit) return total();
    // Keep the newest turns whole; they are what the model is working on.
    const protectFrom = Math.max(this.attemptStart + 1, this.messages.length - 3);
    for (let i = 1; i < protectFrom && total() > limit; i++) {
      this.shortenToolResult(i);
    }
    for (let i = 1; i < protectFrom && total() > limit; i++) {
      const m = this.messages[i]!;
      if (m.role === 'assistant' && typeof m.content === 'string' && m.content.length > 200) {
        this.replace(i, { ...m, content: `${m.content.slice(0, 200)}… [shortened]` });
      }
    }
    // Earlier user messages last; the current attempt's own message is never cut.
    for (let i = 1; i < Math.min(protectFrom, this.attemptStart) && total() > limit; i++) {
      const m = this.messages[i]!;
      if (m.role === 'user' && typeof m.content === 'string' && m.content.length > 600) {
        this.replace(i, { ...m, content: `${m.content.slice(0, 600)}… [earlier message shortened]` });
      }
    }
    // Still over (a budget lowered to what the server's context holds): the newest turns give way
    // too, all but the last tool result whole, and that one cut to what is left.
    for (let i = protectFrom; i < this.messages.length - 1 && total() > limit; i++) this.shortenToolResult(i);
    const lastIndex = this.messages.length - 1;
    const last = this.messages[lastIndex]!;
    if (total() > limit && last.role === 'tool' && typeof last.content === 'string') {
      const room = limit - (total() - this.sizes[lastIndex]!.exact) - 60;
      if (room > 50) this.replace(lastIndex, { ...last, content: `${truncateToTokens(last.content, room, 'end')}\n[cut to fit the request budget]` });
    }
    return total();
  }

  private shortenToolResult(i: number): void {
    const m = this.messages[i]!;
    if (m.role !== 'tool' || typeof m.content !== 'string' || m.content.startsWith('[shortened')) return;
    const firstLine = m.content.split('\n')[0]!.slice(0, 60);
    const placeholder = `[shortened to save space: an earlier tool result (${firstLine}…); call the tool again if you need it]`;
    // A placeholder never takes more room than what it stands for.
    if (placeholder.length < m.content.length) this.replace(i, { ...m, content: placeholder });
  }

  /** The request's exact token count (builds the tokenizer when it has not been yet). */
  exactTotal(): number {
    return TOOLS_SIZE().exact + this.sizes.reduce((a, b) => a + b.exact, 0);
  }

  private replace(i: number, message: ChatCompletionMessageParam): void {
    this.messages[i] = message;
    this.sizes[i] = new Measured(JSON.stringify(message), 4);
  }
}
