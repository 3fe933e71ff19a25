import { afterEach, describe, expect, it } from '@jest/globals';
import { Conversation } from '../../src/model/conversation.js';
import { Workspace } from '../../src/workspace/workspace.js';
import { Redactor } from '../../src/context/redact.js';
import { SYSTEM_PROMPT } from '../../src/model/prompt.js';
import { countTokens } from '../../src/context/tokens.js';
import { tempDir } from '../../testkit/tmp.js';

/**
 * The order in which a conversation gives way to the request budget (issue 43): old tool results,
 * old tool-call arguments (an edit becomes a note), earlier attempts, the current attempt's own
 * turns, and a floor (the task and the latest failure) below which the request is not sent.
 */

let cleanups: (() => unknown)[] = [];
afterEach(() => {
  for (const c of cleanups.reverse()) c();
  cleanups = [];
});

const text = (tag: string, lines: number) => Array.from({ length: lines }, (_, i) => `${tag} line ${i}: ${'word '.repeat(12)}`).join('\n');

function conversation(budget: number): Conversation {
  const dir = tempDir();
  cleanups.push(dir.cleanup);
  const c = new Conversation(new Workspace(dir.dir, { protect: [], allowTestEdits: false }), new Redactor([]), budget);
  c.push({ role: 'system', content: SYSTEM_PROMPT });
  return c;
}

let calls = 0;
/** One model turn: a call and its result. */
function turn(c: Conversation, name: string, args: Record<string, unknown>, result: string): void {
  const id = `call_${++calls}`;
  c.push({ role: 'assistant', content: '', tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }] });
  c.push({ role: 'tool', tool_call_id: id, content: result });
}

function attempt(c: Conversation, message: string): void {
  c.attemptStart = c.messages.length;
  c.push({ role: 'user', content: message });
}

/** The request as the server gets it: every message that is sent, as JSON. */
const sent = (c: Conversation) => JSON.stringify(c.toSend());

describe('the order of cuts', () => {
  it('old tool results and old edit arguments go first; the current attempt stays whole while that is enough', () => {
    const c = conversation(3000);
    attempt(c, `# Task\n${text('task', 20)}`);
    turn(c, 'read_file', { path: 'src/a.js' }, text('old read', 60));
    turn(c, 'edit_file', { path: 'src/a.js', old_text: text('old', 40), new_text: text('new', 41) }, 'Edited src/a.js.');
    attempt(c, `# Still failing\n${text('failure', 20)}`);
    turn(c, 'read_file', { path: 'src/b.js' }, text('current read', 60));
    const tokens = c.fitToBudget();
    expect(tokens).toBeLessThanOrEqual(3000);
    const body = sent(c);
    expect(body).not.toContain('old read line 5');
    expect(body).not.toContain('old line 5');
    expect(body).toContain('replaced 40 lines with 41 (the text is left out of the history to save space)');
    expect(body).toContain('current read line 59');
    expect(body).toContain('task line 19');
    expect(body).toContain('failure line 19');
  });

  it('then earlier attempts are left out whole (a call with its results), then the current attempt gives way; the task and the latest failure stay', () => {
    const c = conversation(2200);
    attempt(c, `# Task\n${text('task', 10)}`);
    for (let i = 0; i < 8; i++) turn(c, 'read_file', { path: `src/${i}.js` }, text(`read ${i}`, 30));
    attempt(c, `# Still failing\n${text('failure', 10)}`);
    for (let i = 0; i < 4; i++) turn(c, 'read_file', { path: `src/now${i}.js` }, text(`now ${i}`, 40));
    expect(c.fitToBudget()).toBeLessThanOrEqual(2200);
    const messages = c.toSend();
    // Every result still sent follows the call that asked for it.
    const ids = new Set(messages.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []).map((t) => t.id) : [])));
    expect(messages.filter((m) => m.role === 'tool').every((m) => m.role === 'tool' && ids.has(m.tool_call_id))).toBe(true);
    expect(sent(c)).not.toContain('src/0.js');
    expect(sent(c)).toContain('task line 9');
    expect(sent(c)).toContain('failure line 9');
    // The latest read is cut to what is left, not dropped.
    expect(sent(c)).toContain('now 3 line 0');
    expect(countTokens(sent(c))).toBeLessThanOrEqual(2200);
  });

  it('the task itself is cut to its head when nothing else is left to cut', () => {
    const c = conversation(1500);
    attempt(c, `# Task\n${text('task', 200)}`);
    expect(c.fitToBudget()).toBeLessThanOrEqual(1500);
    expect(sent(c)).toContain('task line 0');
    expect(sent(c)).not.toContain('task line 199');
    expect(sent(c)).toContain('[cut to fit the request budget: the rest is left out]');
  });
});

describe('text whose JSON is longer than itself', () => {
  // Markup with quotes, backslashes and newlines: escaped in the request body, it counts more tokens
  // than its own text. Cutting by the text's count alone left such a task and listing whole, and a
  // request that fits once cut was refused (Python-Markdown's HTML failures, a file listing).
  const escaped = (tag: string, lines: number) => Array.from({ length: lines }, (_, i) => `<p class="${tag}">"${i}" \\d+ \\n</p>\t<br/>`).join('\n');

  it('the latest turn and the task are cut until the request fits, not refused', () => {
    const fill = (c: Conversation) => {
      attempt(c, `# Task\n${escaped('task', 120)}`);
      turn(c, 'list_files', {}, escaped('listing', 100));
      return c;
    };
    // Just over the budget by the escaping alone: each text's own count would fit where it is.
    const whole = fill(conversation(100_000)).exactTotal();
    const c = fill(conversation(whole - 150));
    expect(c.fitToBudget()).toBeLessThanOrEqual(whole - 150);
    expect(sent(c)).toContain('class=\\"task\\"');
    expect(sent(c)).toContain('[cut to fit the request budget]');
  });
});

describe('a request that cannot fit', () => {
  it('is refused with one line naming what does not fit and the smallest --request-tokens that would hold it', () => {
    const c = conversation(1000);
    attempt(c, `# Task\n${text('task', 100)}`);
    turn(c, 'read_file', { path: 'src/a.js' }, text('read', 60));
    attempt(c, `# Still failing\n${text('failure', 100)}`);
    let said = '';
    try {
      c.fitToBudget();
    } catch (error) {
      said = error instanceof Error ? error.message : String(error);
    }
    expect(said).toMatch(
      /^a model request cannot fit the request budget of 1000 tokens: the tool definitions \(\d+ tokens\), the instructions \(\d+\), the task cut to its shortest \(\d+\), the latest failure \(\d+\) and the rest of the latest turn take \d+; it was not sent\. Use --request-tokens \d+00 or more$/,
    );
    const least = Number(/--request-tokens (\d+)/.exec(said)![1]);
    // The budget it names does hold the same conversation.
    c.budget = least;
    expect(c.fitToBudget()).toBeLessThanOrEqual(least);
    expect(said.split('\n')).toHaveLength(1);
  });
});
