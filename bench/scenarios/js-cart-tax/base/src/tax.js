/** VAT rates per region, in percent. */
const RATES = {
  DE: { standard: 19 },
  FR: { standard: 20 },
  UK: { standard: 20 },
  US: { standard: 0 },
};

function rateFor(region, category) {
  const rates = RATES[region];
  if (!rates) throw new Error(`unknown region: ${region}`);
  return rates.standard;
}

/** Tax on an amount in cents, rounded half up to a whole cent. */
function taxFor(region, category, cents) {
  return Math.round((cents * rateFor(region, category)) / 100);
}

module.exports = { taxFor, rateFor, RATES };
