const { validateSignup } = require('../lib');

const good = { email: 'ada@example.org', password: 'engine42', confirm: 'engine42', age: '36' };

describe('validateSignup', () => {
  it('accepts a good form', () => {
    expect(validateSignup(good)).toEqual({ ok: true, errors: {} });
  });

  it('accepts a password of exactly eight characters', () => {
    expect(validateSignup({ ...good, password: 'abcdefg1', confirm: 'abcdefg1' }).ok).toBe(true);
  });

  it('rejects a short password', () => {
    expect(validateSignup({ ...good, password: 'abc1', confirm: 'abc1' }).errors.password).toMatch(/at least 8/);
  });

  it('needs a digit in the password', () => {
    expect(validateSignup({ ...good, password: 'abcdefgh', confirm: 'abcdefgh' }).errors.password).toMatch(/letter and a digit/);
  });

  it('rejects a bad email', () => {
    expect(validateSignup({ ...good, email: 'ada@example' }).errors.email).toBe('email is not valid');
  });

  it('age is optional', () => {
    expect(validateSignup({ ...good, age: '' }).ok).toBe(true);
  });

  it('checks the confirmation', () => {
    expect(validateSignup({ ...good, confirm: 'engine43' }).errors).toEqual({ confirm: 'passwords do not match' });
  });
});
