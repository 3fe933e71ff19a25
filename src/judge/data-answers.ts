import type { Facts } from './test-facts.js';
import { literalsIn, surprise } from './literals.js';
import { DATA } from './test-data.js';

/** A value as a table would spell it: no case, spaces, dashes or dots between its characters. */
const squeeze = (s: string) => s.toLowerCase().replace(/[\s\-_.]/g, '');

/**
 * A data file the patch creates whose entries are mostly the failing tests' own inputs (at least
 * two of them, each one a fix would not hold by chance): a table of those tests' answers, loaded
 * beside the code instead of written in it. A table from a spec holds far more than the tested rows.
 */
export function dataAnswers(name: string, created: boolean, added: string[], facts: Facts): string | undefined {
  if (!created || !DATA.test(name)) return undefined;
  const entries = new Set<string>();
  for (const line of added) {
    const quoted = literalsIn(line).map((l) => l.value);
    // A key is the first value of a line (`"k": v`, `k,v`, `k = v`); the others are its answer.
    const first = quoted[0] ?? /^\s*([^\s,:=]+)/.exec(line)?.[1];
    if (first && squeeze(first)) entries.add(squeeze(first));
  }
  const tested = new Map<string, string>();
  facts.byTest.forEach((t, i) => {
    for (const input of t.inputs) {
      const value = input.replace(/^(['"`])([\s\S]*)\1$/, '$2');
      if (surprise(value) >= 1 && entries.has(squeeze(value))) tested.set(squeeze(value), facts.names[i]!);
    }
  });
  if (tested.size < 2 || tested.size * 2 < entries.size) return undefined;
  const tests = [...new Set(tested.values())].slice(0, 3).join(', ');
  return `it adds ${name}, whose entries are the failing tests' own inputs (${tested.size} of its ${entries.size}, from ${tests}): their answers are looked up, the rule is not fixed`;
}
