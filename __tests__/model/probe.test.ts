import { describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { probeModel } from '../../src/model/server-check.js';

/** probeModel against a real HTTP server: what each answer means for the run. */
async function serve(status: number, body: unknown): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const list = (...ids: string[]) => ({ object: 'list', data: ids.map((id) => ({ id, object: 'model' })) });

describe('probeModel', () => {
  it.each([
    ['the model listed', 200, list('gpt-4.1', 'o3'), 'gpt-4.1', undefined],
    ['a default tag (Ollama)', 200, list('llama3:latest'), 'llama3', undefined],
    ['another case', 200, list('GPT-4.1'), 'gpt-4.1', undefined],
    ['a pattern route', 200, list('openai/*'), 'anything', undefined],
    ['no list (404)', 404, { error: { message: 'no route' } }, 'x', undefined],
    ['a 403 (a key kept to completions)', 403, { error: { message: 'forbidden' } }, 'x', undefined],
    ['a 5xx', 503, { error: { message: 'busy' } }, 'x', undefined],
  ])('%s: no problem', async (_what, status, body, model, expected) => {
    const s = await serve(status, body);
    try {
      expect(await probeModel({ baseUrl: s.url, apiKey: 'k', model })).toBe(expected);
    } finally {
      await s.close();
    }
  });

  it('a refused key (401) stops the run now', async () => {
    const s = await serve(401, { error: { message: 'Incorrect API key provided' } });
    try {
      expect(await probeModel({ baseUrl: s.url, apiKey: 'k', model: 'x' })).toEqual({
        problem: expect.stringMatching(/answered 401: Incorrect API key provided: check the API key \(UNBREAK_API_KEY or OPENAI_API_KEY; input 'api-key'\)$/),
        stop: 'now',
      });
    } finally {
      await s.close();
    }
  });

  it('an id missing from a list that may be partial is a warning, with the near ids', async () => {
    const s = await serve(200, list('gpt-4.1', 'gpt-4.1-mini', 'o3'));
    try {
      expect(await probeModel({ baseUrl: s.url, apiKey: 'k', model: 'gpt-4.1-mnii' })).toEqual({
        problem: `the model server at ${s.url} does not offer the model 'gpt-4.1-mnii'; did you mean gpt-4.1-mini: check --model (input 'model')`,
        stop: 'never',
      });
      expect((await probeModel({ baseUrl: s.url, apiKey: 'k', model: 'claude' }))?.problem).toMatch(/it offers gpt-4\.1, gpt-4\.1-mini, o3:/);
    } finally {
      await s.close();
    }
  });

  it('an aborted check is no verdict', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await probeModel({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'x', signal: controller.signal })).toBeUndefined();
  });
});
