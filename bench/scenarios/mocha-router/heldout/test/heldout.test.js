'use strict';

const assert = require('node:assert/strict');
const { Router } = require('../lib/router');
const { parseQuery } = require('../lib/params');

describe('held out', () => {
  it('an encoded plus stays a plus', () => {
    assert.deepEqual(parseQuery('?expr=1%2B1&sp=a+b'), { expr: '1+1', sp: 'a b' });
  });

  it('trailing slash on a nested route', () => {
    const r = new Router().get('/a/:x/b', (p) => ({ status: 200, body: p.x }));
    assert.equal(r.handle('GET', '/a/9/b/').body, '9');
  });
});
