import { describe, expect, it } from '@jest/globals';
import { snippetAround } from '../../src/context/snippets.js';

describe('snippetAround', () => {
  it('returns the enclosing JS function', () => {
    const code = [
      'const a = 1;',
      '',
      'export function add(x, y) {',
      '  const s = x + y;',
      '  return s;',
      '}',
      '',
      'function other() {',
      '  return 0;',
      '}',
    ].join('\n');
    const s = snippetAround(code, 4)!;
    expect([s.start, s.end]).toEqual([3, 6]);
    expect(s.text).toBe('3: export function add(x, y) {\n4:   const s = x + y;\n5:   return s;\n6: }');
  });

  it('returns the enclosing Python function by indentation', () => {
    const code = ['import os', '', 'def mean(v):', '    if not v:', '        raise ValueError()', '    return sum(v)', '', 'def other():', '    pass'].join(
      '\n',
    );
    const s = snippetAround(code, 6)!;
    expect([s.start, s.end]).toEqual([3, 6]);
  });

  it('falls back to a window when there is no function', () => {
    const code = Array.from({ length: 50 }, (_, i) => `x${i} = ${i}`).join('\n');
    const s = snippetAround(code, 25)!;
    expect([s.start, s.end]).toEqual([15, 35]);
  });

  it('keeps a huge function to a window around the line', () => {
    const body = Array.from({ length: 300 }, (_, i) => `  step${i}();`);
    const code = ['function huge() {', ...body, '}'].join('\n');
    const s = snippetAround(code, 200)!;
    expect(s.end - s.start + 1).toBeLessThanOrEqual(70);
    expect(s.start).toBeLessThanOrEqual(200);
    expect(s.end).toBeGreaterThanOrEqual(200);
  });
});
