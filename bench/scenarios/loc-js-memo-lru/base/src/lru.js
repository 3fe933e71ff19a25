'use strict';

/** A least-recently-used cache: when full, set() evicts the entry used longest ago. */
class LruCache {
  constructor(maxSize) {
    if (!Number.isInteger(maxSize) || maxSize < 1) throw new Error('maxSize must be a positive integer');
    this.maxSize = maxSize;
    this.map = new Map();
    this.hits = 0;
    this.misses = 0;
  }

  has(key) {
    return this.map.has(key);
  }

  get(key) {
    if (!this.map.has(key)) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    return this.map.get(key);
  }

  set(key, value) {
    if (this.map.has(key)) this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.maxSize) {
      const oldest = this.map.keys().next().value;
      this.map.delete(oldest);
    }
    return this;
  }

  delete(key) {
    return this.map.delete(key);
  }

  get size() {
    return this.map.size;
  }

  keys() {
    return [...this.map.keys()];
  }
}

module.exports = { LruCache };
