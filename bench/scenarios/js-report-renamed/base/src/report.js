const { formatDate, daysBetween } = require('./dates');
const { weeklyHours } = require('./summary');

/** A plain-text timesheet report for one person. */
function renderReport(person, entries) {
  if (entries.length === 0) return `${person}: no entries`;
  const sorted = [...entries].sort((a, b) => a.date - b.date);
  const first = sorted[0].date;
  const last = sorted[sorted.length - 1].date;
  const total = sorted.reduce((sum, e) => sum + e.hours, 0);
  const lines = [
    `${person}: ${total} h over ${daysBetween(first, last) + 1} days`,
    `from ${formatDate(first)} to ${formatDate(last)}`,
  ];
  for (const [week, hours] of Object.entries(weeklyHours(sorted))) {
    lines.push(`  week of ${week}: ${hours} h`);
  }
  return lines.join('\n');
}

module.exports = { renderReport };
