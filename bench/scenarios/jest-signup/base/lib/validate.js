const { rules } = require('./rules');

/** Checks a signup form; returns { ok, errors } with one message per bad field. */
function validateSignup(form) {
  const errors = {};
  for (const [field, rule] of Object.entries(rules)) {
    const message = rule(typeof form[field] === 'string' ? form[field].trim() : form[field], form);
    if (message) errors[field] = message;
  }
  if (form.password && form.confirm !== undefined && form.password !== form.confirm) {
    errors.confirm = 'passwords do not match';
  }
  return { ok: Object.keys(errors).length === 0, errors };
}

module.exports = { validateSignup };
