const test = require('node:test');
const assert = require('node:assert/strict');
const { convert, convertText, parseQuantity } = require('../src');

test('length', () => {
  assert.equal(convert(1, 'mi', 'km'), 1.609344);
  assert.equal(convert(12, 'in', 'ft'), 1);
});

test('mass', () => {
  assert.equal(convert(1, 'lb', 'g'), 453.59237);
  assert.equal(convert(14, 'lb', 'st'), 1);
});

test('US gallons to liters', () => {
  assert.equal(convert(1, 'gal', 'l'), 3.785);
});

test('area', () => {
  assert.equal(convert(1, 'ha', 'm2'), 10000);
  assert.equal(convert(640, 'ac', 'mi2'), 1);
});

test('parses and converts text', () => {
  assert.deepEqual(parseQuantity('3 FT'), { value: 3, unit: 'ft' });
  assert.equal(convertText('3 ft', 'm'), '0.9144 m');
});

test('refuses to mix kinds', () => {
  assert.throws(() => convert(1, 'kg', 'l'), RangeError);
});
