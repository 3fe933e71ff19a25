const { Inventory } = require('../src/inventory');

function stocked() {
  const inv = new Inventory();
  inv.receive('bolt', 100, 10);
  inv.receive('bolt', 50, 16);
  return inv;
}

describe('Inventory', () => {
  test('counts what is on hand', () => {
    expect(stocked().onHand('bolt')).toBe(150);
  });

  test('takes the oldest lots first', () => {
    const inv = stocked();
    expect(inv.take('bolt', 120)).toBe(100 * 10 + 20 * 16);
    expect(inv.onHand('bolt')).toBe(30);
  });

  test('values the remaining stock at cost', () => {
    const inv = stocked();
    inv.take('bolt', 120);
    expect(inv.value('bolt')).toBe(30 * 16);
  });

  test('refuses to take more than there is', () => {
    expect(() => stocked().take('bolt', 151)).toThrow(/not enough bolt/);
  });

  test('average cost', () => {
    expect(stocked().averageCost('bolt')).toBe(12);
  });
});
