/** Weighted average unit cost of some lots, in cents, rounded. */
function unitCost(lots) {
  const quantity = lots.reduce((n, lot) => n + lot.quantity, 0);
  if (quantity === 0) return 0;
  const total = lots.reduce((sum, lot) => sum + lot.quantity * lot.cost, 0);
  return Math.round(total / quantity);
}

/** Margin in percent of the price, one decimal. */
function margin(price, cost) {
  if (price <= 0) throw new RangeError('price must be positive');
  return Math.round(((price - cost) / price) * 1000) / 10;
}

/** The price that gives the wanted margin (percent) over a cost, rounded up to a cent. */
function priceFor(cost, marginPercent) {
  if (marginPercent >= 100) throw new RangeError('margin must be below 100%');
  return Math.ceil(cost / (1 - marginPercent / 100));
}

module.exports = { unitCost, margin, priceFor };
