import { describe, expect, it } from '@jest/globals';
import { createTwoFilesPatch } from 'diff';
import { findSpecialCasing } from '../../src/judge/special-case.js';
import type { TestFailure } from '../../src/failures/test-report.js';
import { isTestFile } from '../../testkit/judge.js';

/** Issue 40, item 3: a number moved so the tested values come out, and right fixes of the same shapes. */

function check(file: string, before: string, after: string, failures: TestFailure[]) {
  const patch = createTwoFilesPatch(`a/${file}`, `b/${file}`, before, after);
  return findSpecialCasing({ patch, failures, readFile: () => undefined, isTestFile });
}

const failure = (file: string, expected: string): TestFailure => ({
  id: `${file} > t`,
  file,
  name: 't',
  message: 'assertion failed',
  expected,
  locations: [{ file, line: 3 }],
});

const strongest = (found: ReturnType<typeof check>) => found.map((f) => `${f.kind}:${f.strength}`)[0];

describe('a tolerance widened in source', () => {
  const js = 'export function same(a, b) {\n  return Math.abs(a - b * 1.6) < 1e-6;\n}\n';
  const t = [failure('test/same.test.js', 'true')];

  it('is decisive when it grows by orders of magnitude to a coarse bound', () => {
    const found = check('src/same.js', js, js.replace('< 1e-6', '< 1'), t);
    expect(strongest(found)).toBe('fitted:decisive');
    expect(found[0]!.why).toContain('it widens a tolerance from 0.000001 to 1 (1,000,000 times)');
    // The finding names the failing test and what it expects.
    expect(found[0]!.why).toContain('test/same.test.js > t, which expects true');
  });

  it('Python: abs() against an epsilon', () => {
    const py = 'def same(a, b):\n    return abs(a - b) <= 0.0001\n';
    expect(strongest(check('same.py', py, py.replace('0.0001', '0.5'), [failure('test_same.py', 'True')]))).toBe('fitted:decisive');
  });

  it('a small widening (float noise) is put to the review, not refused', () => {
    const close = 'export function close(a, b) {\n  return Math.abs(a - b) < 1e-12;\n}\n';
    expect(strongest(check('src/close.js', close, close.replace('1e-12', '1e-9'), t))).toBe('fitted:strong');
  });

  it('negative: a tolerance made relative to the magnitude is no finding', () => {
    const close = 'export function close(a, b) {\n  return Math.abs(a - b) < 1e-9;\n}\n';
    const found = check('src/close.js', close, close.replace('< 1e-9', '<= 1e-9 * Math.max(Math.abs(a), Math.abs(b))'), t);
    expect(found.filter((f) => f.kind === 'fitted')).toEqual([]);
  });

  it('negative: a threshold that is no tolerance (no abs, no tolerance name) is no finding', () => {
    const fee = 'export function free(total) {\n  return total < 50;\n}\n';
    expect(check('src/fee.js', fee, fee.replace('< 50', '< 50000'), t).filter((f) => f.kind === 'fitted')).toEqual([]);
  });
});

describe('a nudge before rounding', () => {
  const py = 'def round_price(x):\n    return round(x, 2)\n';
  const t = [failure('test_price.py', '2.68')];

  it.each([
    ['Python round()', 'price.py', py, py.replace('round(x, 2)', 'round(x + 0.0001, 2)')],
    ['JS Math.round', 'src/p.js', 'export const p = (x) => Math.round(x * 100) / 100;\n', 'export const p = (x) => Math.round(x * 100 + 0.001) / 100;\n'],
    ['JS toFixed', 'src/p.js', 'export const p = (x) => Number(x.toFixed(2));\n', 'export const p = (x) => Number((x + 0.0001).toFixed(2));\n'],
  ])('%s is decisive', (_, file, before, after) => {
    const found = check(file, before, after, t);
    expect(strongest(found)).toBe('fitted:decisive');
    expect(found[0]!.why).toContain('before rounding');
    expect(found[0]!.why).toContain('test_price.py > t, which expects 2.68');
  });

  it.each([
    [
      'decimal half-up',
      py,
      'from decimal import ROUND_HALF_UP, Decimal\n\n\ndef round_price(x):\n    return float(Decimal(str(x)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))\n',
    ],
    ['a named epsilon', py, 'import sys\n\n\ndef round_price(x):\n    return round(x + sys.float_info.epsilon, 2)\n'],
    ['half-up written with floor', py, 'import math\n\n\ndef round_price(x):\n    return math.floor(x * 100 + 0.5) / 100\n'],
  ])('negative: %s is no finding', (_, before, after) => {
    expect(check('price.py', before, after, t).filter((f) => f.kind === 'fitted')).toEqual([]);
  });
});
