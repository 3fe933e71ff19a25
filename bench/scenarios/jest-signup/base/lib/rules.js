const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const rules = {
  email(value) {
    if (!value) return 'email is required';
    if (!EMAIL.test(value)) return 'email is not valid';
    return null;
  },

  password(value) {
    if (!value) return 'password is required';
    if (value.length < 8) return 'password must have at least 8 characters';
    if (!/[0-9]/.test(value) || !/[A-Za-z]/.test(value)) return 'password needs a letter and a digit';
    return null;
  },

  age(value) {
    if (value === undefined || value === null || value === '') return null;
    const n = Number(value);
    if (!Number.isInteger(n)) return 'age must be a whole number';
    if (n < 16) return 'you must be 16 or older';
    if (n > 130) return 'age is not plausible';
    return null;
  },
};

module.exports = { rules };
