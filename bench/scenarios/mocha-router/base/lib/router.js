'use strict';

const { compile } = require('./pattern');
const { toParams, parseQuery } = require('./params');

class Router {
  constructor() {
    this.routes = [];
  }

  on(method, pattern, handler) {
    this.routes.push({ method: method.toUpperCase(), ...compile(pattern), handler });
    return this;
  }

  get(pattern, handler) {
    return this.on('GET', pattern, handler);
  }

  post(pattern, handler) {
    return this.on('POST', pattern, handler);
  }

  /** The first route that matches, with its params and the query, or null. */
  match(method, url) {
    const [path, query = ''] = url.split('?');
    for (const route of this.routes) {
      if (route.method !== method.toUpperCase()) continue;
      const m = route.regexp.exec(path);
      if (m) return { handler: route.handler, params: toParams(route.names, m.slice(1)), query: parseQuery(query) };
    }
    return null;
  }

  handle(method, url) {
    const found = this.match(method, url);
    if (!found) return { status: 404 };
    return found.handler(found.params, found.query);
  }
}

module.exports = { Router };
