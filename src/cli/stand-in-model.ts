import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * --try-local: a stand-in for a model server, on this machine, so the whole loop can be seen on
 * one's own failing tests without a key. It speaks the same chat-completions protocol, asks to
 * read the first failing test file it finds named in the first message, then answers that it
 * changes nothing. It never proposes an edit: a made-up fix would teach the wrong thing.
 */
export const STAND_IN_MODEL = 'stand-in';

/** Test files as the usual runners name them, the first one in the message being the one read. */
const TEST_FILE = /(?:^|[\s`(])((?:[\w.-]+\/)*(?:[\w.-]+\.(?:test|spec)\.[cm]?[jt]sx?|test_\w+\.py|\w+_test\.(?:py|go)))\b/m;

interface Message {
  role: string;
  content?: string | null;
}

function answer(messages: Message[]): { content: string | null; toolCall?: { name: string; arguments: string } } {
  if (messages.some((m) => m.role === 'tool')) {
    return {
      content:
        "This is unbreak's stand-in model (--try-local): it read the failing test and proposes no change, so nothing is fixed. " +
        'A real model would answer here with edit_file calls; set UNBREAK_API_KEY (and --base-url for another server) to try one.',
    };
  }
  const first = messages.find((m) => m.role === 'user')?.content ?? '';
  const file = TEST_FILE.exec(first)?.[1];
  return file
    ? { content: null, toolCall: { name: 'read_file', arguments: JSON.stringify({ path: file }) } }
    : { content: null, toolCall: { name: 'list_files', arguments: '{}' } };
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method === 'GET' && req.url?.endsWith('/models')) return reply(res, 200, { object: 'list', data: [{ id: STAND_IN_MODEL, object: 'model' }] });
  if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions'))
    return reply(res, 404, { error: { message: 'the stand-in model answers chat completions only' } });
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  const body = JSON.parse(raw) as { messages?: Message[] };
  const a = answer(body.messages ?? []);
  const message = {
    role: 'assistant',
    content: a.content,
    ...(a.toolCall ? { tool_calls: [{ id: 'call_stand_in', type: 'function', function: a.toolCall }] } : {}),
  };
  reply(res, 200, {
    id: 'stand-in',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: STAND_IN_MODEL,
    choices: [{ index: 0, message, finish_reason: a.toolCall ? 'tool_calls' : 'stop' }],
    // A rough count (4 characters a token): there is no bill, but the figures stay shaped as a real run's.
    usage: { prompt_tokens: Math.ceil(raw.length / 4), completion_tokens: Math.ceil(JSON.stringify(message).length / 4) },
  });
}

/** Starts the stand-in on a free local port; it does not keep the process alive. Returns its base URL. */
export async function startStandInModel(): Promise<string> {
  const server = createServer((req, res) => void handle(req, res).catch((e: unknown) => reply(res, 400, { error: { message: String(e) } })));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}
