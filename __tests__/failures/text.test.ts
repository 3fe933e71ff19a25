import { describe, expect, it } from '@jest/globals';
import { boundLines, MAX_LINE_CHARS, stripAnsi } from '../../src/failures/text.js';

/** boundLines as it was written first (every line sliced, kept and joined): what the shortcut must agree with. */
function reference(text: string): string {
  const out: string[] = [];
  let blanks = 0;
  for (let line of text.split('\n')) {
    if (line.length > MAX_LINE_CHARS) line = `${line.slice(0, MAX_LINE_CHARS)}…`;
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (line.trim()) {
      blanks = 0;
      out.push(line);
    } else if (++blanks <= 20) out.push('');
  }
  return out.join('\n');
}

describe('boundLines', () => {
  const cases: [string, string][] = [
    ['plain lines', 'a\nb\n\nc\n'],
    ['empty', ''],
    ['20 empty lines in a row', `a${'\n'.repeat(21)}b`],
    ['21 empty lines in a row', `a${'\n'.repeat(22)}b`],
    ['21 empty lines at the start', `${'\n'.repeat(21)}b`],
    ['21 empty lines at the end', `a${'\n'.repeat(21)}`],
    ['a CR line end', 'a\r\nb'],
    ['a CR alone', '\r'],
    ['a whitespace-only line', 'a\n  \t\nb'],
    ['a line of a Unicode space', 'a\n\u00a0\nb'],
    ['spaces around text', '  a  \n b'],
    ['a line at the limit', 'x'.repeat(MAX_LINE_CHARS)],
    ['a line over it', `a\n${'x'.repeat(MAX_LINE_CHARS + 1)}\nb`],
    ['a whitespace-only line among kept ones', `a\nb\n \nc\nd\n`],
    ['21 whitespace-only lines in a row', `a\n${' \n'.repeat(21)}b`],
    ['empty and whitespace-only lines mixed past the limit', `a\n${'\n \n\t\n'.repeat(8)}b\nc`],
    ['a CR line end among kept ones', 'a\nb\r\nc\nd'],
    ['a line over the limit that ends in CR', `${'x'.repeat(MAX_LINE_CHARS + 5)}\r\nb`],
    ['a whitespace-only line at the end', 'a\nb\n  '],
  ];
  it.each(cases)('%s: the same as every line sliced and joined', (_name, text) => {
    expect(boundLines(text)).toBe(reference(text));
  });

  it('agrees with every line sliced and joined on many mixes of lines', () => {
    // A fixed pseudo-random sequence: the same mixes on every run.
    let seed = 7;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const pieces = ['a', 'text', ' ', '\t', '\r', '\u00a0', '\n', '\n', '\n', '\r\n', 'x'.repeat(MAX_LINE_CHARS - 1)];
    for (let i = 0; i < 300; i++) {
      let text = '';
      for (let j = next(60); j > 0; j--) text += pieces[next(pieces.length)];
      expect(boundLines(text)).toBe(reference(text));
    }
  });
});

describe('stripAnsi', () => {
  it('removes colours and links, and leaves text without an escape as it is', () => {
    expect(stripAnsi('\u001b[31mred\u001b[0m \u001b]8;;http://x\u0007link\u001b]8;;\u0007')).toBe('red link');
    expect(stripAnsi('plain [31m text')).toBe('plain [31m text');
  });
});
