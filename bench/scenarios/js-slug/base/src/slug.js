'use strict';

const DEFAULTS = { separator: '-', maxLength: 80, lower: true };

/** Strips accents: "Crème brûlée" -> "Creme brulee". */
function fold(text) {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
}

/** Turns a title into a URL slug: "Hello, World!" -> "hello-world". */
function slugify(text, options = {}) {
  const opts = { ...DEFAULTS, ...options };
  let out = fold(String(text)).trim();
  if (opts.lower) out = out.toLowerCase();
  out = out
    .replace(/[^A-Za-z0-9\s-]/g, '')
    .replace(/[\s-]+/g, opts.separator)
    .replace(new RegExp(`^${escape(opts.separator)}|${escape(opts.separator)}$`, 'g'), '');
  return truncate(out, opts.maxLength, opts.separator);
}

/** Cuts a slug to at most max characters, at a separator when there is one. */
function truncate(slug, max, separator) {
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max);
  const at = cut.lastIndexOf(separator);
  return at > 0 ? cut.slice(0, at) : cut;
}

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

module.exports = { slugify, truncate, fold };
