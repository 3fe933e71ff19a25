const { margin, priceFor, unitCost } = require('../src/costing');

describe('costing', () => {
  test('margin of a price over a cost', () => {
    expect(margin(200, 150)).toBe(25);
  });

  test('price for a wanted margin', () => {
    expect(priceFor(150, 25)).toBe(200);
  });

  test('weighted unit cost', () => {
    expect(unitCost([{ quantity: 1, cost: 10 }, { quantity: 3, cost: 20 }])).toBe(18);
  });

  test('no margin at 100%', () => {
    expect(() => priceFor(1, 100)).toThrow(RangeError);
  });
});
