import { describe, expect, it } from '@jest/globals';
import { replaceOnce } from '../../src/workspace/match.js';

// The benchmark's "damaged edits applied" figure rests on these rules of the matcher; each test
// pins the boundary of one rule, so loosening or tightening it shows here and not only in a figure.

describe('stale-context: one stale line, in an old_text of two or more lines, that the edit keeps', () => {
  const file = 'one();\ntwo_new();\nthree();\nfour();\n';

  it('matches two lines where one is stale and kept', () => {
    const r = replaceOnce(file, 'two_old();\nthree();', 'two_old();\nthree(3);');
    expect(r).toEqual({ ok: true, content: 'one();\ntwo_new();\nthree(3);\nfour();\n', how: 'stale-context' });
  });

  it('does not match a single stale line (no second line to anchor it)', () => {
    expect(replaceOnce(file, 'two_old();', 'two_old();').ok).toBe(false);
  });

  it('does not match when only one non-blank line remains beside a blank one', () => {
    expect(replaceOnce('a();\n\nb();\n', 'a_old();\n', 'a_old();\nz();').ok).toBe(false);
  });

  it('does not match two stale lines', () => {
    expect(replaceOnce(file, 'one_old();\ntwo_old();\nthree();', 'one_old();\ntwo_old();\nthree(3);').ok).toBe(false);
  });

  it('refuses a stale match that fits two places', () => {
    const twice = 'x();\nkeep();\nend();\ny();\nkeep();\nend();\n';
    const r = replaceOnce(twice, 'stale();\nend();', 'stale();\nend(1);');
    expect(r.ok).toBe(false);
  });
});

describe('whitespace tolerance', () => {
  it('forgives trailing blanks and a doubled inner space', () => {
    const r = replaceOnce('if (a &&  b) {\n  go();\n}\n', 'if (a && b) {   \n  go();', 'if (a && b) {\n  stop();');
    expect(r.ok && r.content).toBe('if (a &&  b) {\n  stop();\n}\n');
    expect(r.ok && r.how).toBe('whitespace');
  });

  it('forgives a snippet dedented to column 0 and re-indents the new lines', () => {
    const r = replaceOnce('function f() {\n    if (x) {\n        return 1;\n    }\n}\n', 'if (x) {\n    return 1;\n}', 'if (x) {\n    return 2;\n}');
    expect(r.ok && r.content).toBe('function f() {\n    if (x) {\n        return 2;\n    }\n}\n');
  });

  it('counts a loose match that fits two places as ambiguous', () => {
    const r = replaceOnce('  go();\n\tgo();\n', 'go();', 'stop();');
    expect(r).toEqual({ ok: false, kind: 'ambiguous', reason: expect.stringContaining('matches 2 places') });
  });
});

describe('line-number stripping', () => {
  const file = 'a();\nb();\nc();\n';

  it('strips "N: " and "N:" prefixes when every non-blank line has one', () => {
    expect(replaceOnce(file, '2: b();\n3:c();', '2: b(1);\n3:c();')).toEqual({ ok: true, content: 'a();\nb(1);\nc();\n', how: 'line-numbers' });
  });

  it('leaves text alone when one line has no number', () => {
    expect(replaceOnce(file, '2: b();\nc();', '2: b(1);\nc();').ok).toBe(false);
  });

  it('keeps a number that is part of the code when not every line is numbered', () => {
    const r = replaceOnce('x = {\n1: "one",\n}\n', 'x = {\n1: "one",', 'x = {\n1: "uno",');
    expect(r.ok && r.content).toBe('x = {\n1: "uno",\n}\n');
  });
});
