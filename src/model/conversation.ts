import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { Workspace } from '../workspace/workspace.js';
import type { Redactor } from '../context/redact.js';
import { countTokens, Measured, truncateToTokens } from '../context/tokens.js';
import { TOOLS } from './tools.js';
import { ModelError } from './api-error.js';
import { shortAssistant, shortToolResult } from './cuts.js';

let toolsSize: Measured | undefined;
/** The tool definitions' share of every request. */
export const TOOLS_SIZE = () => (toolsSize ??= new Measured(JSON.stringify(TOOLS)));

/**
 * What a request holds besides its messages and tools: the model id, tool_choice, temperature,
 * the completion cap and the JSON around them (about 30 tokens; a long model id adds to it).
 */
export const ENVELOPE = 48;
/** The least of the task and of the latest failure a request keeps, whatever the budget. */
const FLOOR_TEXT = 200;

/**
 * The messages every request sends, redacted as they come in and measured, and cut, in a fixed
 * order, until a request fits the budget. Nothing is removed from `messages` (the session points
 * into it); a message left out of requests is only marked so.
 */
export class Conversation {
  readonly messages: ChatCompletionMessageParam[] = [];
  /** Tokens of each message: a bound at once, the exact count once a budget decision needs it. */
  private readonly sizes: Measured[] = [];
  /** Messages no longer sent: earlier turns given up for room, whole (a call with its results). */
  private readonly left = new Set<number>();
  /** Where the current attempt's own message is: it and what follows are cut last. */
  attemptStart = 0;
  /** Input tokens one request may hold: --request-tokens, lowered for good when the server says its context is smaller. */
  budget: number;
  /** Why the budget is below --request-tokens, when it is (said when a request cannot fit). */
  lowered?: string;

  constructor(
    private readonly workspace: Workspace,
    readonly redactor: Redactor,
    readonly requestTokens: number,
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

  /** The messages the next request sends. */
  toSend(): ChatCompletionMessageParam[] {
    return this.messages.filter((_, i) => !this.left.has(i));
  }

  /**
   * Cuts what the request holds until it fits the budget, in a fixed order: old tool results (the
   * model can read a file again), old tool-call arguments and text, earlier attempts' messages,
   * then the current attempt's own turns, down to a floor that always keeps the task (cut to its
   * head if need be) and the latest failure. Returns the request's token count, at most the
   * budget: an upper bound when that alone shows it fits, else the exact count. A request that
   * cannot fit even at the floor is not to be sent: a ModelError says what does not fit.
   */
  fitToBudget(): number {
    const limit = this.budget;
    const bound = ENVELOPE + TOOLS_SIZE().bound + this.kept().reduce((a, i) => a + this.sizes[i]!.bound, 0);
    if (bound <= limit) return bound;
    const over = () => this.exactTotal() > limit;
    if (!over()) return this.exactTotal();
    const start = Math.max(1, this.attemptStart);
    // The latest turn: the last assistant message and the results of its calls.
    const lastCall = this.messages.findLastIndex((m, i) => i > start && m.role === 'assistant');
    const steps: (() => void)[] = [
      // 1. Old tool results; 2. old tool-call arguments and assistant text.
      () => this.each(2, start, over, (i) => this.shortenResult(i)),
      () => this.each(2, start, over, (i) => this.shortenAssistant(i)),
      // 3. Earlier attempts' messages: their feedback shortened, then given up whole, oldest first.
      () => this.each(2, start, over, (i) => this.shortenUser(i, 600)),
      () => this.each(2, start, over, (i) => this.leaveOut(i)),
      // 4. The current attempt's own turns: reads, arguments, then all but the latest turn.
      () => this.each(start + 1, lastCall < 0 ? this.messages.length : lastCall, over, (i) => this.shortenResult(i)),
      () => this.each(start + 1, this.messages.length, over, (i) => this.shortenAssistant(i)),
      () => this.each(start + 1, lastCall < 0 ? start + 1 : lastCall, over, (i) => this.leaveOut(i)),
      () => this.each(Math.max(lastCall, start) + 1, this.messages.length, over, (i) => this.cutToRoom(i, 60)),
      // 5. The floor: the task, then the latest failure, cut to what is left (never below FLOOR_TEXT).
      () => this.cutToRoom(1, FLOOR_TEXT),
      () => (start > 1 ? this.cutToRoom(start, FLOOR_TEXT) : undefined),
    ];
    for (const step of steps) {
      if (!over()) break;
      step();
    }
    const total = this.exactTotal();
    if (total > limit) throw new ModelError(this.cannotFit(total));
    return total;
  }

  /** The request's exact token count (builds the tokenizer when it has not been yet). */
  exactTotal(): number {
    return ENVELOPE + TOOLS_SIZE().exact + this.kept().reduce((a, i) => a + this.sizes[i]!.exact, 0);
  }

  private kept(): number[] {
    return this.messages.map((_, i) => i).filter((i) => !this.left.has(i));
  }

  private each(from: number, to: number, over: () => boolean, cut: (i: number) => void): void {
    for (let i = from; i < to && over(); i++) if (!this.left.has(i)) cut(i);
  }

  private shortenResult(i: number): void {
    const m = this.messages[i]!;
    const short = m.role === 'tool' && typeof m.content === 'string' ? shortToolResult(m.content) : undefined;
    if (short !== undefined) this.replace(i, { ...m, content: short } as ChatCompletionMessageParam);
  }

  private shortenAssistant(i: number): void {
    const short = shortAssistant(this.messages[i]!);
    if (short) this.replace(i, short);
  }

  private shortenUser(i: number, chars: number): void {
    const m = this.messages[i]!;
    if (m.role === 'user' && typeof m.content === 'string' && m.content.length > chars)
      this.replace(i, { ...m, content: `${m.content.slice(0, chars)}… [earlier message shortened]` });
  }

  /** Leaves a message out of requests: an assistant message with the results of its calls, a result with its call. */
  private leaveOut(i: number): void {
    const m = this.messages[i]!;
    if (m.role === 'tool') return; // left out with its call
    this.left.add(i);
    if (m.role !== 'assistant') return;
    for (let j = i + 1; j < this.messages.length && this.messages[j]!.role === 'tool'; j++) this.left.add(j);
  }

  /** Cuts a text message to what the budget leaves for it, keeping its head (at least `least` tokens). */
  private cutToRoom(i: number, least: number): void {
    for (let tries = 0; tries < 4 && this.exactTotal() > this.budget; tries++) {
      const m = this.messages[i]!;
      if (this.left.has(i) || typeof m.content !== 'string' || (m.role !== 'tool' && m.role !== 'user')) return;
      const others = this.exactTotal() - this.sizes[i]!.exact;
      // The message is sent as JSON: quotes, backslashes and newlines escaped take more than the
      // text's own count (a tenth more for markup or a file listing), and the note adds a little.
      const escaping = Math.max(0, this.sizes[i]!.exact - countTokens(m.content));
      const room = Math.floor((this.budget - others - 40 - escaping) * (1 - tries * 0.1));
      if (room < least && m.role === 'tool') return this.shortenResult(i);
      // The task and the latest failure keep their head whatever the budget: below that, the request is not sent.
      if (room < least && tries > 0) return;
      const note = m.role === 'tool' ? '[cut to fit the request budget]' : '[cut to fit the request budget: the rest is left out]';
      const cut = truncateToTokens(m.content, Math.max(room, least), 'end');
      if (cut === m.content) continue;
      this.replace(i, { ...m, content: `${cut}\n${note}` } as ChatCompletionMessageParam);
    }
  }

  /** The one line when a request cannot fit even at the floor: what takes the room, and what budget would hold it. */
  private cannotFit(total: number): string {
    const tools = TOOLS_SIZE().exact;
    const system = this.sizes[0]?.exact ?? 0;
    const task = this.sizes[1]?.exact ?? 0;
    const failure = this.attemptStart > 1 ? (this.sizes[this.attemptStart]?.exact ?? 0) : 0;
    const needed = Math.ceil(total / 100) * 100;
    const parts = `the tool definitions (${tools} tokens), the instructions (${system}), the task cut to its shortest (${task})${failure ? `, the latest failure (${failure})` : ''} and the rest of the latest turn`;
    const why = this.lowered ? ` (lowered from --request-tokens ${this.requestTokens}: ${this.lowered})` : '';
    const fix = this.lowered
      ? `a server with a larger context, so that the budget can be at least ${needed}`
      : `--request-tokens ${Math.max(1000, needed)} or more`;
    return `a model request cannot fit the request budget of ${this.budget} tokens${why}: ${parts} take ${total}; it was not sent. Use ${fix}`;
  }

  private replace(i: number, message: ChatCompletionMessageParam): void {
    this.messages[i] = message;
    this.sizes[i] = new Measured(JSON.stringify(message), 4);
  }
}
