const test = require('node:test');
const assert = require('node:assert/strict');
const { Cart } = require('../../src/cart');

test('mixed cart in the UK: zero-rated books, standard rate on the rest', () => {
  const cart = new Cart('UK').add({ sku: 'B', price: 1000, category: 'books' }).add({ sku: 'T', price: 1000, category: 'toys' });
  assert.equal(cart.total(), 3200 - 1000);
});

test('food in Germany at seven percent, rounded half up', () => {
  assert.equal(new Cart('DE').add({ sku: 'F', price: 250, category: 'food' }).total(), 268);
});
