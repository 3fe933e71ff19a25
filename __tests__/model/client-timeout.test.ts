import { afterEach, describe, expect, it } from '@jest/globals';
import { describeApiError } from '../../src/model/api-error.js';
import { createClient } from '../../src/model/client.js';
import { startModelServer, type ModelServer } from '../../testkit/model-server.js';

/**
 * A server that takes requests and never answers: each request is waited for at most twice the
 * time limit (one retry of a time-out), not once per retry the SDK allows (issue 44, friction 9).
 */

let model: ModelServer | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

describe('a model server that never answers', () => {
  it('is tried twice, not four times, and the error says so', async () => {
    model = await startModelServer([{ hang: true }, { hang: true }, { hang: true }, { hang: true }]);
    const client = createClient({ baseUrl: model.url, apiKey: 'k', timeoutMs: 400, maxRetries: 3 });
    const started = Date.now();
    const error = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeDefined();
    expect(model.requests).toHaveLength(2);
    const said = describeApiError(error, model.url, { timeoutMs: 400, retries: 3 });
    expect(said).toMatch(/did not answer within 0\.4 s, twice; not tried again: raise --model-timeout \(model-timeout\)/);
    expect(said).not.toMatch(/answered \d/);
    // Two time limits and the SDK's pause between them; four would be well over this.
    expect(Date.now() - started).toBeLessThan(400 * 2 + 3_000);
  }, 30_000);

  it('a server that answers 500 is still retried as before', async () => {
    model = await startModelServer([{ status: 500 }, { status: 502, body: { error: { message: 'bad gateway' } } }, { content: 'ok' }]);
    const client = createClient({ baseUrl: model.url, apiKey: 'k', timeoutMs: 5_000, maxRetries: 3 });
    const done = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    expect(done.choices[0]!.message.content).toBe('ok');
  }, 30_000);
});
