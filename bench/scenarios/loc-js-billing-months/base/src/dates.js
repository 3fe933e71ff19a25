'use strict';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A date (UTC midnight) from 'YYYY-MM-DD'. */
function parseDay(text) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) throw new Error(`not a date: ${text}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

/** 'YYYY-MM-DD' of a UTC date. */
function formatDay(date) {
  return date.toISOString().slice(0, 10);
}

function addDays(date, days) {
  return new Date(date.getTime() + days * DAY_MS);
}

function daysInMonth(year, month) {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** The same day of the month, `months` months later. */
function addMonths(date, months) {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  return new Date(Date.UTC(year, month, date.getUTCDate()));
}

function isWeekend(date) {
  const d = date.getUTCDay();
  return d === 0 || d === 6;
}

module.exports = { parseDay, formatDay, addDays, addMonths, daysInMonth, isWeekend };
