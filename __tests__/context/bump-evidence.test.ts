import { describe, expect, it } from '@jest/globals';
import { bumpEvidence } from '../../src/context/bump-evidence.js';

const BUMP = { ecosystem: 'npm' as const, name: 'lru-cache', from: '6.0.0', to: '10.4.3', files: ['package.json'] };
const FIRST = [
  '## Failing tests',
  'TypeError: LRU is not a constructor',
  '## Dependency changes',
  '',
  'This change bumps dependencies. Keep the bump: adapt the code to the new version.',
  '',
  '- lru-cache 6.0.0 → 10.4.3 (package.json)',
  'Declarations of lru-cache 10.4.3 (node_modules/lru-cache/dist/commonjs/index.d.ts), for what the failing code uses:',
  '```',
  'export declare class LRUCache<K extends {}, V extends {}> {',
  '    get size(): number;',
  '}',
  '```',
].join('\n');

describe('bumpEvidence: the line of the new version a fix follows', () => {
  it('quotes the declaration that names what the patch adds and the old code did not use', () => {
    const patch = "-const LRU = require('lru-cache');\n+const { LRUCache } = require('lru-cache');\n-cache.length\n+cache.size\n";
    expect(bumpEvidence([BUMP], FIRST, patch)).toEqual([
      { name: 'lru-cache', from: '6.0.0', to: '10.4.3', follows: 'export declare class LRUCache<K extends {}, V extends {}> {' },
    ]);
  });

  it('names the bump alone when no line of the dependency part names what the patch uses, or there is no such part', () => {
    expect(bumpEvidence([BUMP], FIRST, '-a = 1\n+a = 2\n')).toEqual([{ name: 'lru-cache', from: '6.0.0', to: '10.4.3' }]);
    expect(bumpEvidence([BUMP], '## Failing tests\nLRUCache\n', '+new LRUCache()\n')).toEqual([{ name: 'lru-cache', from: '6.0.0', to: '10.4.3' }]);
  });
});
