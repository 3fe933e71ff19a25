import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { figureBlocks, PLACES, withFigure } from '../scripts/readme-figures.js';

const read = (f: string) => readFileSync(new URL(`../${f}`, import.meta.url), 'utf8');

describe('published benchmark figures', () => {
  it('are what the results files hold, each with the command that makes it again (npm run readme)', () => {
    const blocks = figureBlocks();
    for (const key of Object.keys(PLACES) as (keyof typeof PLACES)[]) {
      const text = read(PLACES[key]);
      expect(withFigure(text, key, blocks[key])).toBe(text);
      expect(blocks[key]).toMatch(/`npm run bench -- [^`]*--out [^`]+`/);
    }
  });
});
