'use strict';

/** "3.5 h" for a number of hours, one decimal when needed. */
function formatHours(hours) {
  const rounded = Math.round(hours * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)} h`;
}

/** "2024-06-01 09:05" for a Date (UTC). */
function formatStamp(date) {
  const y = date.getUTCFullYear();
  const mo = pad2(date.getUTCMonth() + 1);
  const d = pad2(date.getUTCDate());
  return `${y}-${mo}-${d} ${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())}`;
}

/** "9:05" for a clock time given in minutes after midnight. */
function formatClock(minutes) {
  const h = Math.floor(minutes / 60) % 24;
  return `${h}:${pad2(minutes % 60)}`;
}

/** Two digits with a leading zero: 7 -> "07". */
function pad2(n) {
  return `0${n}`.slice(-2);
}

/** "1,234.50" with a thousands separator and two decimals. */
function formatAmount(value) {
  const fixed = Math.abs(value).toFixed(2);
  const [int, dec] = fixed.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}.${dec}`;
}

/** "42%" from a ratio in [0, 1]. */
function formatPercent(ratio) {
  return `${Math.round(ratio * 100)}%`;
}

/** Initials for an avatar: "Ada Lovelace" -> "AL". */
function initials(name) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join('');
}

module.exports = { formatHours, formatStamp, formatClock, formatAmount, formatPercent, initials, pad2 };
