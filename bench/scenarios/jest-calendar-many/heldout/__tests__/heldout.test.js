const { isLeapYear, dayOfYear } = require('../src/calendar');

test.each([[1600, true], [1700, false], [1800, false], [2000, true], [2100, false], [2024, true], [2023, false]])('leap year %i', (year, leap) => {
  expect(isLeapYear(year)).toBe(leap);
});

test('last day of 1900', () => {
  expect(dayOfYear(1900, 12, 31)).toBe(365);
});
