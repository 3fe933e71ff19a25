/**
 * A failing test's whole date (year, month and day) compared in source: the day the test passes
 * in is answered, not the rule that day falls under (a weekday, a holiday every year). A rule
 * that holds every year is written without the year (`(12, 25)` in a table), so a right fix adding
 * a yearly date is not this; a date the unchanged file already names is documented, not fitted.
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** Constructors that take year, month, day in that order, the month counted from 1 (Go's may be a name). */
const YMD_CALL = new RegExp(
  String.raw`\b(?:date|datetime|time\.Date|NaiveDate::from_ymd(?:_opt)?|LocalDate\.of|DateOnly|Date\.UTC|new\s+Date)\(\s*(\d{4})\s*,\s*(\d{1,2}|time\.(?:${MONTHS.join('|')}))\s*,\s*(\d{1,2})(?!\d)`,
  'g',
);
/** A date written out: ISO `2024-03-10` or `2024/03/10`. */
const WRITTEN = /(?<![\d.])(\d{4})([-/])(\d{2})\2(\d{2})(?![\d])/g;
/** Go's reference time, which its layout strings spell: a format, not a date. */
const GO_LAYOUT = '2006-01-02';
/** How code compares a value with something. */
const COMPARES = /[!=]==?|\bin\b|\bequals?\(|\.Equal\(|\bcase\b|\bis\s+not\b|\bis\b|=>/;

const pad = (n: number) => String(n).padStart(2, '0');

/** The full dates a text holds, as YYYY-MM-DD. JavaScript's `new Date(y, m, d)` and `Date.UTC` count months from 0. */
export function fullDates(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(YMD_CALL)) {
    const month = /^\d/.test(m[2]!) ? Number(m[2]) + (/^(?:new\s+Date|Date\.UTC)/.test(m[0]) ? 1 : 0) : MONTHS.indexOf(m[2]!.slice(5)) + 1;
    out.add(`${m[1]}-${pad(month)}-${pad(Number(m[3]))}`);
  }
  for (const m of text.matchAll(WRITTEN)) out.add(`${m[1]}-${m[3]}-${m[4]}`);
  out.delete(GO_LAYOUT);
  return out;
}

/** Why an added line is a tested date compared, or undefined. */
export function testedDate(code: string, tested: Set<string>, documented: string): string | undefined {
  if (!COMPARES.test(code)) return undefined;
  const known = fullDates(documented);
  for (const d of fullDates(code)) {
    if (tested.has(d) && !known.has(d))
      return `it compares with ${d}, a date a failing test passes in, that the unchanged code names nowhere: the tested day is answered, not the rule it falls under`;
  }
  return undefined;
}
