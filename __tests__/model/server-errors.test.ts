import { afterEach, describe, expect, it } from '@jest/globals';
import OpenAI from 'openai';
import { contextOverflow, refusedParameter, sameModel, shrunkBudget, statedContext } from '../../src/model/server-errors.js';
import { createClient } from '../../src/model/client.js';
import { ModelSession } from '../../src/model/session.js';
import { Redactor } from '../../src/context/redact.js';
import { Workspace } from '../../src/workspace/workspace.js';
import { call, githubTooLarge, llamaContextError, openaiContextError, startModelServer, type ModelServer } from '../../testkit/model-server.js';
import { makeRepo } from '../../testkit/repo.js';

/** The SDK's own error for a body, as it makes one from a server's answer. */
const apiError = (status: number, body: unknown) =>
  OpenAI.APIError.generate(status, body as Record<string, unknown>, undefined, new Headers({ 'content-type': 'application/json' }));

describe('what servers say, read into facts', () => {
  it('a context-length 400: llama.cpp with numbers, llama.cpp without, OpenAI', () => {
    expect(contextOverflow(apiError(400, llamaContextError(8304, 4096)))).toEqual({ promptTokens: 8304, contextTokens: 4096 });
    expect(contextOverflow(apiError(400, llamaContextError(0, 0, true)))).toEqual({});
    expect(contextOverflow(apiError(400, openaiContextError(9100, 8192)))).toEqual({ promptTokens: 9100, contextTokens: 8192 });
    // vLLM's spelling of OpenAI's: the messages' share is what has to shrink.
    const vllm = {
      error: {
        message: "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens (1000 in the messages, 4000 in the completion).",
      },
    };
    expect(contextOverflow(apiError(400, vllm))).toEqual({ promptTokens: 1000, contextTokens: 4096 });
    expect(contextOverflow(apiError(400, { error: { message: 'Invalid value for tool_choice' } }))).toBeUndefined();
    expect(contextOverflow(apiError(500, llamaContextError(8304, 4096)))).toBeUndefined();
  });

  it("GitHub Models' 413: its per-request input limit, with no room to leave for the answer", () => {
    const overflow = contextOverflow(apiError(413, githubTooLarge(8000, 'gpt-4.1')));
    expect(overflow).toEqual({ contextTokens: 8000, inputLimit: true });
    // Below the limit it states, by 5%, and below the request refused.
    expect(shrunkBudget(overflow!, 9000, 4096)).toBe(7600);
    expect(shrunkBudget(overflow!, 7900, 4096)).toBeLessThan(7900);
  });

  it('the budget after one: what fits, less room for the answer, scaled by the two counts; 70% without sizes', () => {
    // The server counts 2x ours: 4096 - 1024 for the answer = 3072 of its tokens = 1536 of ours, less 5%.
    expect(shrunkBudget({ promptTokens: 8000, contextTokens: 4096 }, 4000, 4096)).toBe(1459);
    expect(shrunkBudget({}, 4000, 4096)).toBe(2800);
    // Never more than the request that was refused.
    expect(shrunkBudget({ promptTokens: 4100, contextTokens: 4096 }, 100, 16)).toBeLessThan(100);
  });

  it('a refused parameter is named; the same model under a prefix, a date or a tag is the same', () => {
    const refusal = { error: { message: "Unsupported parameter: 'max_tokens' is not supported with this model.", param: 'max_tokens' } };
    expect(refusedParameter(apiError(400, refusal), 'max_tokens')).toBe('max_tokens');
    expect(refusedParameter(apiError(400, refusal), 'max_completion_tokens')).toBeUndefined();
    expect(sameModel('gpt-4.1-2025-04-14', 'openai/gpt-4.1')).toBe(true);
    expect(sameModel('llama3:latest', 'llama3')).toBe(true);
    expect(sameModel('gpt-4o-mini', 'gpt-4o')).toBe(false);
    expect(sameModel('qwen2.5-0.5b-instruct-q4_k_m.gguf', 'gpt-4.1')).toBe(false);
  });

  it('the context a model list states', () => {
    const llama = { object: 'list', data: [{ id: 'm.gguf', meta: { n_ctx_train: 32768 } }] };
    expect(statedContext(llama, 'gpt-4.1')).toBe(32768);
    expect(statedContext({ data: [{ id: 'm', meta: { n_ctx: 4096, n_ctx_train: 32768 } }] }, 'm')).toBe(4096);
    expect(
      statedContext(
        {
          data: [
            { id: 'a', max_model_len: 8192 },
            { id: 'b', context_length: 2048 },
          ],
        },
        'b',
      ),
    ).toBe(2048);
    expect(statedContext({ data: [{ id: 'a' }, { id: 'b' }] }, 'b')).toBeUndefined();
    expect(statedContext({ data: [{ id: 'a', context_length: 8192 }, { id: 'b' }] }, 'c')).toBeUndefined();
  });
});

describe('old tool results shortened to fit the budget', () => {
  let server: ModelServer | undefined;
  let cleanup: (() => void) | undefined;
  afterEach(async () => {
    await server?.close();
    cleanup?.();
  });

  it('a placeholder never stands for a result shorter than itself', async () => {
    const big = Array.from({ length: 120 }, (_, i) => `const line${i} = ${i}; // ${'y'.repeat(30)}`).join('\n');
    const repo = makeRepo({ 'src/big.js': big, 'src/a.js': 'a\n' });
    cleanup = repo.cleanup;
    // Short results (an error, a two-line file) and long ones, then more reads until old ones must go.
    const script = [
      call('read_file', { path: 'nope.js' }),
      call('read_file', { path: 'src/a.js' }),
      call('read_file', { path: 'src/big.js', start_line: 1, end_line: 60 }),
      call('read_file', { path: 'src/big.js', start_line: 61, end_line: 120 }),
      call('list_files', {}),
      call('read_file', { path: 'src/big.js', start_line: 1, end_line: 40 }),
    ];
    server = await startModelServer((_r, i) => (i < script.length ? { toolCalls: [script[i]!] } : { content: 'done' }));
    const session = new ModelSession(
      createClient({ baseUrl: server.url, apiKey: 'k' }),
      new Workspace(repo.dir, { protect: [], allowTestEdits: false }),
      new Redactor([]),
      {
        model: 'm',
        requestTokens: 2600,
        maxTokens: 1_000_000,
      },
    );
    await session.attempt('Fix it.');
    const last = server.requests
      .at(-1)!
      .messages.filter((m) => m.role === 'tool')
      .map((m) => m.content!);
    const shortened = last.filter((c) => c.startsWith('[shortened'));
    expect(shortened.length).toBeGreaterThan(0);
    // The error and the two-line file stay as they were: their placeholders would be longer.
    expect(last[0]).toMatch(/^Error: /);
    expect(last[1]).toBe('1: a');
    // Each result as first sent (the request right after its call) against what the last request holds.
    last.forEach((now, j) => {
      const first = server!.requests[j + 1]!.messages.filter((m) => m.role === 'tool')[j]!.content!;
      expect(now.length).toBeLessThanOrEqual(first.length);
    });
  });
});
