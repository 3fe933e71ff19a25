const { lineTotal, withTax } = require('./pricing');

class Cart {
  constructor(region) {
    this.region = region;
    this.lines = [];
  }

  add(item, quantity = 1) {
    if (!Number.isInteger(quantity) || quantity <= 0) throw new RangeError(`bad quantity: ${quantity}`);
    const existing = this.lines.find((l) => l.item.sku === item.sku);
    if (existing) existing.quantity += quantity;
    else this.lines.push({ item, quantity });
    return this;
  }

  remove(sku) {
    this.lines = this.lines.filter((l) => l.item.sku !== sku);
    return this;
  }

  /** Sum of the lines before tax, in cents. */
  subtotal() {
    return this.lines.reduce((sum, l) => sum + lineTotal(l.item, l.quantity), 0);
  }

  /** Sum of the lines with each line's tax, in cents. */
  total() {
    return this.lines.reduce((sum, l) => sum + withTax(lineTotal(l.item, l.quantity), l.item.category, this.region), 0);
  }

  count() {
    return this.lines.reduce((n, l) => n + l.quantity, 0);
  }
}

module.exports = { Cart };
