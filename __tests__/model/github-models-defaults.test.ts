import { afterEach, describe, expect, it } from '@jest/globals';
import { createClient } from '../../src/model/client.js';
import { ModelSession } from '../../src/model/session.js';
import { Redactor } from '../../src/context/redact.js';
import { Workspace } from '../../src/workspace/workspace.js';
import { OPTIONS } from '../../src/options/table.js';
import { call, startModelServer, type ModelServer, type Reply } from '../../testkit/model-server.js';
import { makeRepo } from '../../testkit/repo.js';

/**
 * The action's defaults (GitHub Models, `openai/gpt-4.1`, --request-tokens' default) against the
 * per-request input limit GitHub Models documents for that model's tier: 8,000 tokens in. The
 * scripted server plays GitHub Models (a 413 above 8,000 tokens, counted with o200k, gpt-4.1's own
 * tokenizer) and the session is driven as long as a run can go: ten attempts, each told a long
 * failure, each reading a large file in large pieces and making large edits.
 */

const GITHUB_MODELS_INPUT_LIMIT = 8000;
const LINES = 400;
const line = (i: number, mark: string) => `export const entry${i} = { id: ${i}, label: '${mark.repeat(30)}', weight: ${(i * 7919) % 1000} };`;
const BIG = Array.from({ length: LINES }, (_, i) => line(i, 'a')).join('\n') + '\n';
const words = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag} ${i}: expected ${i * 3} to equal ${i * 3 + 1} in src/big.js`).join('\n');

let server: ModelServer | undefined;
let cleanup: (() => void) | undefined;
afterEach(async () => {
  await server?.close();
  cleanup?.();
  server = undefined;
});

describe('the GitHub Models defaults', () => {
  it(`keep every request under ${GITHUB_MODELS_INPUT_LIMIT} tokens in, whatever the length of the conversation`, async () => {
    expect(OPTIONS.baseUrl.inputDefault).toBe('https://models.github.ai/inference');
    const repo = makeRepo({ 'package.json': '{"name":"d","private":true}\n', 'src/big.js': BIG });
    cleanup = repo.cleanup;
    // Each attempt: six reads of 80 lines, two 30-line edits, an answer.
    const perAttempt = 9;
    const script = (_r: unknown, i: number): Reply => {
      const attempt = Math.floor(i / perAttempt);
      const turn = i % perAttempt;
      if (turn < 6)
        return { toolCalls: [call('read_file', { path: 'src/big.js', start_line: ((turn * 80) % LINES) + 1, end_line: ((turn * 80) % LINES) + 80 })] };
      if (turn < 8) {
        const from = ((attempt * 2 + turn - 6) * 30) % (LINES - 30);
        const block = (mark: string) => Array.from({ length: 30 }, (_, k) => line(from + k, mark)).join('\n');
        const mark = String.fromCharCode(98 + attempt);
        return { toolCalls: [call('edit_file', { path: 'src/big.js', old_text: block('a'), new_text: block(mark) })] };
      }
      return { content: `Attempt ${attempt + 1} done: ${words('summary', 20)}` };
    };
    server = await startModelServer(script, { context: { size: GITHUB_MODELS_INPUT_LIMIT, wording: 'github' } });
    const session = new ModelSession(
      createClient({ baseUrl: server.url, apiKey: 'k' }),
      new Workspace(repo.dir, { protect: [], allowTestEdits: false }),
      new Redactor([]),
      {
        model: OPTIONS.model.inputDefault,
        requestTokens: OPTIONS.requestTokens.default,
        maxTokens: 100_000_000,
        maxCompletionTokens: OPTIONS.maxCompletionTokens.default,
      },
    );
    // The first message and the feedback as large as the pipeline makes them (half and 30% of the budget).
    await session.attempt(`# Failing tests\n${words('first', 160)}`);
    for (let n = 2; n <= 10; n++) await session.attempt(`# Still failing after attempt ${n - 1}\n${words(`again ${n}`, 90)}`);
    expect(server.requests.length).toBe(10 * perAttempt);
    const sizes = server.sizes.map((s) => s.tokens);
    expect(server.sizes.filter((s) => s.status !== 200)).toEqual([]);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(OPTIONS.requestTokens.default);
    expect(Math.max(...sizes)).toBeLessThan(GITHUB_MODELS_INPUT_LIMIT);
    // The conversation did outgrow the budget: the cuts were needed.
    expect(Math.max(...sizes)).toBeGreaterThan(OPTIONS.requestTokens.default * 0.85);
  }, 120_000);
});
