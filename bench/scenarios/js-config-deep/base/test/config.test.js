const test = require('node:test');
const assert = require('node:assert/strict');
const { loadConfig, get } = require('../src/config');

const SAMPLE = `
# service settings
name = api

[server]
host = 0.0.0.0
port = 8080
tls = off

[cache]
; seconds
ttl = 300
backends = redis, memory
`;

test('reads global entries', () => {
  assert.equal(loadConfig(SAMPLE).global.name, 'api');
});

test('coerces numbers and booleans', () => {
  const config = loadConfig(SAMPLE);
  assert.equal(config.server.port, 8080);
  assert.equal(config.server.tls, false);
});

test('splits lists', () => {
  assert.deepEqual(loadConfig(SAMPLE).cache.backends, ['redis', 'memory']);
});

test('merges over defaults', () => {
  const config = loadConfig('[server]\nport = 9000\n', { server: { host: 'localhost', port: 80 } });
  assert.deepEqual(config.server, { host: 'localhost', port: 9000 });
});

test('get follows dotted paths', () => {
  assert.equal(get(loadConfig(SAMPLE), 'cache.ttl'), 300);
  assert.equal(get(loadConfig(SAMPLE), 'cache.size', 64), 64);
});

test('rejects a line without =', () => {
  assert.throws(() => loadConfig('[a]\njust words\n'), /line 2: expected key = value/);
});
