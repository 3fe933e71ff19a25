'use strict';
const LRU = require('lru-cache');

/** Remembers the last `max` results of `fn`, each for `ttlMs` (0: forever). */
function memoize(fn, { max = 100, ttlMs = 0 } = {}) {
  const cache = new LRU({ max, maxAge: ttlMs });
  const memo = (key) => {
    if (cache.has(key)) return cache.get(key);
    const value = fn(key);
    cache.set(key, value);
    return value;
  };
  memo.size = () => cache.length;
  memo.clear = () => cache.reset();
  return memo;
}

module.exports = { memoize };
