import { describe, it, expect } from '@jest/globals';
import { readdirSync } from 'node:fs';
import { jestReader } from '../../../src/failures/readers/jest.js';
import { vitestReader } from '../../../src/failures/readers/vitest.js';
import { mochaReader } from '../../../src/failures/readers/mocha.js';
import { nodeTestSpecReader, nodeTestTapReader } from '../../../src/failures/readers/node-test.js';
import type { Reader } from '../../../src/failures/test-report.js';
import { emptyProject } from '../../../testkit/readers.js';

const readers: Reader[] = [jestReader, vitestReader, mochaReader, nodeTestSpecReader, nodeTestTapReader];
const fixtures = new URL('../../fixtures/readers/', import.meta.url);
const { root, fixture } = emptyProject();
const own: Record<string, (file: string) => string> = {
  jest: () => 'jest',
  vitest: () => 'vitest',
  mocha: () => 'mocha',
  'node-test': (file) => (file.includes('-tap-') ? 'node-test-tap' : 'node-test-spec'),
  // node-tap prints TAP: one TAP reader serves both runners.
  'node-tap': () => 'node-test-tap',
  tape: () => 'node-test-tap',
};

function files(dir: string): string[] {
  return readdirSync(new URL(`${dir}/`, fixtures)).filter((f) => f.endsWith('.txt') || f.endsWith('.xml'));
}
function claimants(dir: string, file: string): string[] {
  const output = fixture(`readers/${dir}/${file}`);
  return readers.filter((r) => r.read({ output, root }) !== undefined).map((r) => r.name);
}

const cases = Object.keys(own).flatMap((dir) => files(dir).map((file) => [dir, file] as const));

describe('JavaScript readers only answer for their own format', () => {
  it('has fixtures for every reader', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
    const expected = new Set(cases.map(([dir, file]) => own[dir]!(file)));
    expect([...expected].sort()).toEqual(readers.map((r) => r.name).sort());
  });

  it.each(cases)('%s/%s is claimed by its reader alone', (dir, file) => {
    expect(claimants(dir, file)).toEqual([own[dir]!(file)]);
  });

  it("leaves the other readers' fixtures alone", () => {
    const others = readdirSync(fixtures, { withFileTypes: true })
      .filter((d) => d.isDirectory() && !(d.name in own))
      .flatMap((d) => files(d.name).map((file) => [d.name, file] as const));
    for (const [dir, file] of others) expect({ fixture: `${dir}/${file}`, claimed: claimants(dir, file) }).toEqual({ fixture: `${dir}/${file}`, claimed: [] });
  });

  it.each([
    ['empty output', ''],
    ['a build error', 'src/a.ts(3,7): error TS2322: Type "string" is not assignable to type "number".\n'],
    ['an npm error', 'npm ERR! missing script: test\n'],
    ['a crash', 'TypeError: x is not a function\n    at Object.<anonymous> (/repo/index.js:1:1)\n'],
  ])('answers nothing for %s', (_label, output) => {
    for (const r of readers) expect(r.read({ output, root: '/repo' })).toBeUndefined();
  });
});
