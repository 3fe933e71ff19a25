'use strict';

const assert = require('node:assert/strict');
const { Router } = require('../lib/router');

function app() {
  return new Router()
    .get('/users/:id', (p) => ({ status: 200, body: `user ${p.id}` }))
    .get('/users/:id/posts/:post', (p) => ({ status: 200, body: `${p.id}/${p.post}` }))
    .get('/search', (_p, q) => ({ status: 200, body: q }))
    .get('/files/*', (p) => ({ status: 200, body: p.rest }))
    .post('/users', () => ({ status: 201 }));
}

describe('Router', () => {
  it('matches a parameter', () => {
    assert.deepEqual(app().handle('GET', '/users/42'), { status: 200, body: 'user 42' });
  });

  it('accepts a trailing slash', () => {
    assert.deepEqual(app().handle('get', '/users/42/'), { status: 200, body: 'user 42' });
  });

  it('matches two parameters', () => {
    assert.equal(app().handle('GET', '/users/7/posts/hello').body, '7/hello');
  });

  it('decodes parameters', () => {
    assert.equal(app().handle('GET', '/users/ana%20b').body, 'user ana b');
  });

  it('parses the query', () => {
    assert.deepEqual(app().handle('GET', '/search?q=red+shoes&lang=c%2B%2B&page=2&new').body, { q: 'red shoes', lang: 'c++', page: '2', new: '' });
  });

  it('matches the rest of a path', () => {
    assert.equal(app().handle('GET', '/files/a/b/c.txt').body, 'a/b/c.txt');
  });

  it('distinguishes methods', () => {
    assert.equal(app().handle('POST', '/users').status, 201);
    assert.equal(app().handle('DELETE', '/users').status, 404);
  });
});
