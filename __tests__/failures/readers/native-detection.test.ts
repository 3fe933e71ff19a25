import { readdirSync } from 'node:fs';
import { describe, it, expect } from '@jest/globals';
import type { Reader } from '../../../src/failures/test-report.js';
import { cargoReader } from '../../../src/failures/readers/cargo.js';
import { goReader } from '../../../src/failures/readers/go.js';
import { pytestReader } from '../../../src/failures/readers/pytest.js';
import { unittestReader } from '../../../src/failures/readers/unittest.js';
import { emptyProject } from '../../../testkit/readers.js';

const dir = new URL('../../fixtures/readers/', import.meta.url);
const { root, fixture } = emptyProject();
const fixtures = (tool: string): [string, string][] =>
  readdirSync(new URL(`${tool}/`, dir))
    .filter((f) => f.endsWith('.txt'))
    .map((f) => [`${tool}/${f}`, fixture(`readers/${tool}/${f}`)]);

const readers: [string, Reader][] = [
  ['pytest', pytestReader],
  ['go', goReader],
  ['cargo', cargoReader],
  ['unittest', unittestReader],
];

describe('native readers only claim their own output', () => {
  for (const [tool, reader] of readers) {
    it(`${tool} reads all of its own fixtures`, () => {
      for (const [name, output] of fixtures(tool)) {
        expect([name, reader.read({ output, root })?.format]).toEqual([name, tool]);
      }
    });

    const others = ['pytest', 'go', 'cargo', 'unittest', 'generic'].filter((t) => t !== tool).flatMap(fixtures);
    it(`${tool} returns undefined on the other tools' fixtures`, () => {
      expect(others.length).toBeGreaterThan(10);
      for (const [name, output] of others) {
        expect([name, reader.read({ output, root })]).toEqual([name, undefined]);
      }
    });
  }
});
