import { describe, expect, it } from '@jest/globals';
import { logLine } from '../../src/action/log-line.js';

// Text from the tests (names, messages) reaches the runner's log; the runner reads a line that
// starts with `::` as a workflow command (`::set-output`, `::save-state`, `::add-mask`, `::stop-commands`).

describe('logLine', () => {
  it.each([
    '::set-output name=status::fixed',
    '  ✗ a\n::set-output name=delivery::commit',
    'x\r::save-state name=isPost::true',
    'x\n   \t::stop-commands::abc',
    '::add-mask::hello',
  ])('no line of %j reads as a workflow command', (text) => {
    const out = logLine(text);
    for (const line of out.split(/[\r\n]/)) expect(line.trimStart().startsWith('::')).toBe(false);
    // What was said is still there to read.
    expect(out.replace(/: :/g, '::')).toBe(text);
  });

  it('leaves ordinary lines alone, also with `::` inside', () => {
    expect(logLine('  ✗ tests/test_calc.py::test_add: expected 4, got 0')).toBe('  ✗ tests/test_calc.py::test_add: expected 4, got 0');
  });
});
