'use strict';
const uuidv4 = require('uuid/v4');

/** A new id for an order, a payment or a refund: `<kind>_<uuid v4>`. */
function newId(kind) {
  if (!/^[a-z]+$/.test(kind)) throw new Error(`bad id kind: ${kind}`);
  return `${kind}_${uuidv4()}`;
}

function kindOf(id) {
  const at = id.indexOf('_');
  return at > 0 ? id.slice(0, at) : undefined;
}

module.exports = { newId, kindOf };
