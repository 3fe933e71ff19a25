const { formatDate, startOfWeek } = require('./dates');

/** Hours per ISO week, keyed by the week's Monday. */
function weeklyHours(entries) {
  const weeks = new Map();
  for (const e of entries) {
    const key = formatDate(startOfWeek(e.date));
    weeks.set(key, (weeks.get(key) ?? 0) + e.hours);
  }
  return Object.fromEntries([...weeks].sort(([a], [b]) => a.localeCompare(b)));
}

module.exports = { weeklyHours };
