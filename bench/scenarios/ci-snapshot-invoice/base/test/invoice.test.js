import { describe, expect, it } from 'vitest';
import { renderInvoice } from '../src/render.js';
import { sums } from '../src/lines.js';

const invoice = {
  number: '2026-0042',
  customer: 'Harbour Books Ltd',
  lines: [
    { item: 'Paperback, second edition', qty: 3, unit: 1205, rate: 7 },
    { item: 'Gift wrapping', qty: 1, unit: 350, rate: 19 },
    { item: 'An unusually long description that needs cutting', qty: 2, unit: 99, rate: 19 },
  ],
};

describe('renderInvoice', () => {
  it('prints the lines and the sums', () => {
    expect(renderInvoice(invoice)).toMatchSnapshot();
  });

  it('prints an empty invoice', () => {
    expect(renderInvoice({ ...invoice, lines: [] })).toMatchSnapshot();
  });
});

describe('sums', () => {
  it('rounds tax per line', () => {
    expect(sums(invoice.lines)).toEqual({ net: 4163, tax: 358, gross: 4521 });
  });
});
