const { taxFor } = require('./tax');

/** Price of a line in cents, with the item's bulk discount when the quantity reaches it. */
function lineTotal(item, quantity) {
  const gross = item.price * quantity;
  if (item.bulk && quantity >= item.bulk.from) {
    return gross - Math.round((gross * item.bulk.percent) / 100);
  }
  return gross;
}

/** An amount in cents with the tax of its category in the region added. */
function withTax(cents, category, region) {
  return cents + taxFor(region, category, cents);
}

module.exports = { lineTotal, withTax };
