const test = require('node:test');
const assert = require('node:assert/strict');
const { Cart } = require('../src/cart');

const book = { sku: 'B1', price: 2000, category: 'books' };
const bread = { sku: 'F1', price: 350, category: 'food' };
const lamp = { sku: 'H1', price: 4999, category: 'home', bulk: { from: 3, percent: 10 } };

test('subtotal adds lines', () => {
  const cart = new Cart('DE').add(book).add(bread, 2);
  assert.equal(cart.subtotal(), 2700);
});

test('adding the same item twice merges the line', () => {
  const cart = new Cart('DE').add(bread).add(bread, 3);
  assert.equal(cart.lines.length, 1);
  assert.equal(cart.count(), 4);
});

test('bulk discount from the threshold', () => {
  const cart = new Cart('US').add(lamp, 3);
  assert.equal(cart.subtotal(), 13497);
});

test('standard rate on household goods', () => {
  assert.equal(new Cart('DE').add(lamp).total(), 5949);
});

test('reduced rate on books in Germany', () => {
  assert.equal(new Cart('DE').add(book).total(), 2140);
});

test('reduced rate on food in France', () => {
  assert.equal(new Cart('FR').add(bread, 2).total(), 739);
});

test('no tax in the US', () => {
  assert.equal(new Cart('US').add(book).add(bread).total(), 2350);
});

test('rejects a zero quantity', () => {
  assert.throws(() => new Cart('DE').add(book, 0), RangeError);
});
