const pad = (n) => String(n).padStart(2, '0');

/** 2024-03-05 for a Date, in UTC. */
function formatDate(date) {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** Whole days from a to b (UTC midnights). */
function daysBetween(a, b) {
  const day = 24 * 60 * 60 * 1000;
  return Math.round((Date.UTC(b.getUTCFullYear(), b.getUTCMonth(), b.getUTCDate()) - Date.UTC(a.getUTCFullYear(), a.getUTCMonth(), a.getUTCDate())) / day);
}

/** Monday of the week that holds the date (ISO weeks start on Monday). */
function startOfWeek(date) {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const shift = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - shift);
  return d;
}

module.exports = { formatDate, daysBetween, startOfWeek };
