'use strict';

/** Clamps a requested page size to [1, max]. */
function clampPageSize(size, max = 100) {
  const n = Number.parseInt(size, 10);
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(n, max);
}

/** How many pages `total` items fill at `size` per page. */
function pageCount(total, size) {
  return Math.floor(total / size);
}

/** The items of page `page` (1-based). */
function slicePage(items, page, size) {
  const start = (page - 1) * size;
  return items.slice(start, start + size);
}

module.exports = { clampPageSize, pageCount, slicePage };
