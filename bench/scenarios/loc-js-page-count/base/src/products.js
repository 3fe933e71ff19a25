'use strict';

const PRODUCTS = Array.from({ length: 23 }, (_, i) => ({
  id: i + 1,
  name: `Product ${String(i + 1).padStart(2, '0')}`,
  price: 5 + ((i * 7) % 40),
}));

function allProducts() {
  return PRODUCTS.map((p) => ({ ...p }));
}

function byPrice(products) {
  return [...products].sort((a, b) => a.price - b.price || a.id - b.id);
}

module.exports = { allProducts, byPrice };
