/** Gregorian calendar helpers; months are 1-12. */

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year) {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

function daysInMonth(year, month) {
  if (month < 1 || month > 12) throw new RangeError(`month out of range: ${month}`);
  return month === 2 && isLeapYear(year) ? 29 : DAYS[month - 1];
}

/** 1-based day of the year. */
function dayOfYear(year, month, day) {
  let n = day;
  for (let m = 1; m < month; m++) n += daysInMonth(year, m);
  return n;
}

/** Adds months, clamping the day to the end of a shorter month (Jan 31 + 1 month = Feb 28/29). */
function addMonths(date, months) {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

/** ISO weekday, 1 = Monday ... 7 = Sunday (Zeller's congruence). */
function weekday(year, month, day) {
  const m = month < 3 ? month + 12 : month;
  const y = month < 3 ? year - 1 : year;
  const h = (day + Math.floor((13 * (m + 1)) / 5) + y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400)) % 7;
  return ((h + 5) % 7) + 1;
}

/** "1904-02-29" -> { year, month, day }, checked against the calendar. */
function parseDate(text) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) throw new SyntaxError(`not a date: ${text}`);
  const [year, month, day] = m.slice(1).map(Number);
  if (day < 1 || day > daysInMonth(year, month)) throw new RangeError(`no such day: ${text}`);
  return { year, month, day };
}

module.exports = { isLeapYear, daysInMonth, dayOfYear, addMonths, weekday, parseDate };
