const { rules } = require('../lib');

test('eight characters with a digit are enough', () => {
  expect(rules.password('zxcvbnm9', { email: 'ada@example.org' })).toBeNull();
});

test('seven are not', () => {
  expect(rules.password('zxcvbn9', { email: 'ada@example.org' })).toMatch(/at least 8/);
});
