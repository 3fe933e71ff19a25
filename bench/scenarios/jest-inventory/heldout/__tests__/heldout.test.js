const { Inventory } = require('../src/inventory');
const { margin } = require('../src/costing');

test('taking exactly one lot costs that lot', () => {
  const inv = new Inventory();
  inv.receive('nut', 5, 3);
  inv.receive('nut', 5, 4);
  expect(inv.take('nut', 5)).toBe(15);
  expect(inv.averageCost('nut')).toBe(4);
});

test('margin with a loss is negative', () => {
  expect(margin(100, 120)).toBe(-20);
});
