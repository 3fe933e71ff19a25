'use strict';

/** Keeps the digits of a phone number and a leading +. */
function normalizePhone(raw) {
  const s = String(raw).trim();
  const digits = s.replace(/[^0-9]/g, '');
  return s.startsWith('+') ? `+${digits}` : digits;
}

module.exports = { normalizePhone };
