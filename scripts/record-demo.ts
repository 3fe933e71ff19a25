// Re-records examples/demo/session.json: the demo's model answers, written here and played by the
// scripted model server the tests use, saved through the CLI's own --record. No real model took
// part, so the recording says so: model "scripted", and usage as that server counts it (o200k
// tokens of each raw request body and of each answer it sent). Run: npm run record-demo
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { call, startModelServer } from '../testkit/model-server.js';
import { gitIn } from '../testkit/repo.js';
import { runCli } from '../testkit/cli.js';

const dir = mkdtempSync(path.join(tmpdir(), 'unbreak-demo-rec-'));
cpSync('examples/demo', dir, { recursive: true, filter: (src) => !src.endsWith('session.json') && !src.endsWith('README.md') });
gitIn(dir, 'init', '-q', '-b', 'main');
gitIn(dir, 'add', '-A');
gitIn(dir, 'commit', '-q', '-m', 'demo');

const server = await startModelServer(
  [
    { content: null as unknown as string, toolCalls: [call('search', { query: 'formatPrice(' })] },
    {
      content: 'Two bugs: total() returns the discount instead of the discounted sum, and formatPrice() does not pad cents to two digits.',
      toolCalls: [
        call('edit_file', {
          path: 'src/cart.js',
          old_text: 'return Math.round((sum * discountPercent) / 100);',
          new_text: 'return Math.round((sum * (100 - discountPercent)) / 100);',
        }),
        call('edit_file', {
          path: 'src/money.js',
          old_text: 'return `${sign}$${dollars}.${rest}`;',
          new_text: "return `${sign}$${dollars}.${String(rest).padStart(2, '0')}`;",
        }),
      ],
    },
    {
      content:
        'total() computed the discount itself rather than the price after the discount; it now multiplies by (100 - discount). formatPrice() printed 5 cents as ".5"; it now pads the cents to two digits.',
    },
  ],
  {
    // The further cases of the rule, as a model that never saw the patch would write them.
    cases: {
      content: [
        '```js',
        "import { test } from 'node:test';",
        "import assert from 'node:assert/strict';",
        "import { total } from '../src/cart.js';",
        "import { formatPrice } from '../src/money.js';",
        '',
        "test('unbreak: a 25% discount leaves three quarters', () => {",
        "  assert.equal(total([{ name: 'lamp', price: 1000, qty: 1 }], 25), 750);",
        '});',
        '',
        "test('unbreak: a 100% discount leaves nothing', () => {",
        "  assert.equal(total([{ name: 'lamp', price: 999, qty: 1 }], 100), 0);",
        '});',
        '',
        "test('unbreak: one cent and one dollar', () => {",
        "  assert.equal(formatPrice(1), '$0.01');",
        "  assert.equal(formatPrice(100), '$1.00');",
        '});',
        '```',
      ].join('\n'),
    },
  },
);
const run = await runCli(['--test', 'node --test', '--model', 'scripted', '--record', path.resolve('examples/demo/session.json')], dir, {
  UNBREAK_API_KEY: 'recording',
  OPENAI_BASE_URL: server.url,
});
process.stderr.write(run.stderr);
await server.close();
process.exit(run.code);
