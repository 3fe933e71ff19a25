import { describe, expect, it } from '@jest/globals';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { call, type Script } from '../../testkit/model-server.js';
import { gitIn } from '../../testkit/repo.js';
import { runAction, TOKEN } from '../../testkit/action.js';
import { cleanupsAfterEach, prWorld, type PrWorld } from '../../testkit/world.js';

// Repository config written by an earlier step of the job (or by a PR's code in an earlier run)
// must not steer unbreak's authenticated fetch: through dist/index.js as the runner runs it, with
// the origin served over smart HTTP by the GitHub test double and a proxy that records every contact.

const GOOD = "function slugify(text) {\n  return text.toLowerCase().trim().replace(/\\s+/g, '-');\n}\n\nmodule.exports = { slugify };\n";
const BAD = GOOD.replace("'-'", "'_'");
const BASE = {
  'package.json': '{"name":"shop","private":true}\n',
  'src/slug.js': GOOD,
  'test/slug.test.js':
    "const test = require('node:test');\nconst assert = require('node:assert');\nconst { slugify } = require('../src/slug');\ntest('joins words with dashes', () => assert.strictEqual(slugify('Hello World'), 'hello-world'));\n",
};
const FIXING: Script = [
  { toolCalls: [call('edit_file', { path: 'src/slug.js', old_text: "replace(/\\s+/g, '_')", new_text: "replace(/\\s+/g, '-')" })] },
  { content: 'Fixed.' },
];
const cleanups = cleanupsAfterEach();

/** An HTTP proxy of the PR's choosing: it records what reached it and forwards nothing. */
async function witness(): Promise<{ url: string; seen: { url: string; headers: IncomingHttpHeaders }[] }> {
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    res.writeHead(502).end();
  });
  server.on('connect', (req, socket) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.add(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

async function world(): Promise<PrWorld> {
  return prWorld(cleanups, { repo: { base: BASE, change: { 'src/slug.js': BAD } }, script: FIXING });
}

describe('adversarial: repository config and the authenticated fetch', () => {
  it('proxies, CAs, resolvers and URL rewrites in .git/config, in any spelling or URL scope, do not route the fetch', async () => {
    const w = await world();
    const proxy = await witness();
    const origin = `${w.gh.url}/acme/shop.git`;
    gitIn(w.pr.work, 'remote', 'set-url', 'origin', origin);
    const host = new URL(w.gh.url);
    const planted: [string, string][] = [
      ['http.proxy', proxy.url],
      ['HTTP.Proxy', proxy.url],
      [`http.${w.gh.url}/.proxy`, proxy.url],
      ['remote.origin.proxy', proxy.url],
      ['http.proxyAuthMethod', 'basic'],
      ['http.sslCAInfo', '/nonexistent/ca.pem'],
      ['http.sslCAPath', '/nonexistent'],
      ['http.sslCert', '/nonexistent/cert.pem'],
      ['http.sslKey', '/nonexistent/key.pem'],
      ['http.cookieFile', '/nonexistent/cookies'],
      ['http.curloptResolve', `${host.hostname}:${host.port}:127.0.0.2`],
      ['core.gitProxy', '/nonexistent/proxy-command'],
      ['credential.helper', '!echo password=stolen'],
      [`url.${proxy.url}/acme/shop.git.insteadOf`, origin],
    ];
    for (const [key, value] of planted) gitIn(w.pr.work, 'config', '--add', key, value);
    const before = gitIn(w.pr.work, 'config', '--list');

    const r = await runAction({
      work: w.pr.work,
      githubUrl: w.gh.url,
      eventName: 'pull_request',
      payload: { action: 'labeled', label: { name: 'unbreak' }, pull_request: w.gh.pulls.get(7), sender: { login: 'maintainer', type: 'User' } },
      inputs: { 'test-command': 'node --test', 'base-url': w.model.url, review: 'false' },
      env: { GITHUB_SERVER_URL: w.gh.url },
    });
    expect(proxy.seen).toEqual([]);
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'commit' });
    // The fetch went to the job's GitHub server, with the token, and nowhere else.
    const basic = Buffer.from(`x-access-token:${TOKEN}`).toString('base64');
    expect(w.gh.calls.some((c) => c.path.startsWith('/acme/shop.git/') && c.auth === `basic ${basic}`)).toBe(true);
    // The job's later steps find the repository's config as the earlier step left it.
    expect(gitIn(w.pr.work, 'config', '--list')).toBe(before);
  }, 300_000);
});
