const { unitCost } = require('./costing');

/**
 * Stock per SKU, as a list of lots (FIFO): each lot has a quantity and the unit cost it was
 * bought at. Taking stock consumes the oldest lots first.
 */
class Inventory {
  constructor() {
    this.lots = new Map();
  }

  receive(sku, quantity, cost) {
    if (quantity <= 0) throw new RangeError('quantity must be positive');
    const lots = this.lots.get(sku) ?? [];
    lots.push({ quantity, cost });
    this.lots.set(sku, lots);
  }

  onHand(sku) {
    return (this.lots.get(sku) ?? []).reduce((n, lot) => n + lot.quantity, 0);
  }

  /** Removes quantity units, oldest lots first; returns the cost of what was taken. */
  take(sku, quantity) {
    const lots = this.lots.get(sku) ?? [];
    if (this.onHand(sku) < quantity) throw new Error(`not enough ${sku}: ${this.onHand(sku)} < ${quantity}`);
    let left = quantity;
    let cost = 0;
    while (left > 0) {
      const lot = lots[0];
      const used = Math.min(lot.quantity, left);
      cost += used * lot.cost;
      lot.quantity -= used;
      left -= used;
      if (lot.quantity === 0) lots.shift();
    }
    return cost;
  }

  /** Value of what is on hand at cost. */
  value(sku) {
    return (this.lots.get(sku) ?? []).reduce((sum, lot) => sum + lot.quantity * lot.cost, 0);
  }

  averageCost(sku) {
    return unitCost(this.lots.get(sku) ?? []);
  }
}

module.exports = { Inventory };
