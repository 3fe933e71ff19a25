import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { call, startModelServer, type ChatRequest, type ModelServer, type Reply, type Script, modelEnv as env, CREDULOUS } from '../../testkit/model-server.js';
import { gitIn, makeRepo } from '../../testkit/repo.js';
import { runCli } from '../../testkit/cli.js';

/** A fix a reviewer would accept, end to end: special-casing refused, the self-review, the repo's formatter. */

const SLUG = `function slugify(text) {
  return text.toLowerCase().trim().replace(/\\s+/g, '_');
}

const  unrelated = {a:1};

module.exports = { slugify, unrelated };
`;

const SLUG_TEST = `const test = require('node:test');
const assert = require('node:assert');
const { slugify } = require('../src/slug');

test('lowercases', () => {
  assert.strictEqual(slugify('abc'), 'abc');
});

test('joins words with dashes', () => {
  assert.strictEqual(slugify('Hello World'), 'hello-world');
});
`;

const BUGGY = "  return text.toLowerCase().trim().replace(/\\s+/g, '_');";
const REAL = "  return text.toLowerCase().trim().replace(/\\s+/g, '-');";
const LITERAL = `  if (text === 'Hello World') return 'hello-world';\n${BUGGY}`;
// A table of exceptions the code already has: an entry added to it is strong evidence, put to the review.
const SLUG_TABLE = SLUG.replace('function slugify(text) {\n', "function slugify(text) {\n  switch (text) {\n    case 'Hi There': return 'hi-there';\n  }\n");
const SIBLING = "    case 'Hi There'";
const ENTRY = `    case 'Hello World': return 'hello-world';\n${SIBLING}`;
const SNIFF = `  if (process.env.NODE_ENV === 'test') return text.toLowerCase().replace(' ', '-');\n${BUGGY}`;

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function setup(
  script: Script,
  review?: Reply | ((request: ChatRequest) => Reply),
  extra: Record<string, string> = {},
): Promise<{ dir: string; server: ModelServer }> {
  const repo = makeRepo({ 'package.json': '{"name":"demo","private":true}\n', 'src/slug.js': SLUG, 'test/slug.test.js': SLUG_TEST, ...extra });
  cleanups.push(repo.cleanup);
  const server = await startModelServer(script, review ? { review } : {});
  cleanups.push(() => server.close());
  return { dir: repo.dir, server };
}

const edit = (oldText: string, newText: string) => ({ toolCalls: [call('edit_file', { path: 'src/slug.js', old_text: oldText, new_text: newText })] });
const lastUser = (r: ChatRequest) => r.messages.filter((m) => m.role === 'user').at(-1)!.content!;

describe('unbreak CLI: a fix a reviewer would accept', () => {
  beforeAll(() => {
    expect(existsSync(path.resolve('dist/cli.js'))).toBe(true);
  });

  it('refuses a first fix that answers the failing input with its expected value without asking the review; told why, the model delivers the real fix', async () => {
    // The reviewer would accept anything: the literal answer is refused on the evidence alone.
    const { dir, server } = await setup(
      [edit(BUGGY, LITERAL), { content: 'Handled the case.' }, edit(LITERAL, REAL), { content: 'Fixed the separator.' }],
      CREDULOUS,
    );
    const run = await runCli(['--test', 'node --test', '--json'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed', attempts: 2, changedFiles: ['src/slug.js'], failuresBefore: 1, failuresAfter: 0 });
    expect(run.json).not.toHaveProperty('unconfirmed');
    expect(run.code).toBe(0);
    // Only the real fix was reviewed, and about no finding.
    expect(server.reviews).toHaveLength(1);
    expect(JSON.stringify(server.reviews[0]!.messages)).not.toContain('special-casing check found');
    const feedback = lastUser(server.requests[2]!);
    expect(feedback).toContain('The tests pass, but the change special-cases them, so it was not accepted:');
    expect(feedback).toContain(`src/slug.js:2: \`if (text === 'Hello World') return 'hello-world';\``);
    expect(run.json!.usage).toMatchObject({ requests: 6, review: { requests: 1 }, cases: { requests: 1 } });
    expect(readFileSync(path.join(dir, 'src/slug.js'), 'utf8')).toBe(SLUG.replace(BUGGY, REAL));
  });

  it('puts an entry added to a table the code already had to the review, about that finding; rejected, the real fix is delivered', async () => {
    // The scripted reviewer rejects what it is asked about by name, and accepts a patch with no finding.
    const review = (r: ChatRequest) =>
      JSON.stringify(r.messages).includes('special-casing check found')
        ? { content: 'VERDICT: reject\nIt answers the one input the test uses.' }
        : { content: 'VERDICT: accept\nIt fixes the separator.' };
    const { dir, server } = await setup(
      [
        edit(SIBLING, ENTRY),
        { content: 'Handled the case.' },
        { toolCalls: [...edit(ENTRY, SIBLING).toolCalls, ...edit(BUGGY, REAL).toolCalls] },
        { content: 'Fixed the separator.' },
      ],
      review,
      { 'src/slug.js': SLUG_TABLE },
    );
    const run = await runCli(['--test', 'node --test', '--json'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed', attempts: 2, changedFiles: ['src/slug.js'], failuresBefore: 1, failuresAfter: 0 });
    expect(run.json).not.toHaveProperty('unconfirmed');
    expect(run.code).toBe(0);
    // The first review was asked about the finding, named with its line; the second, of the real fix, about none.
    expect(server.reviews).toHaveLength(2);
    const asked = server.reviews[0]!.messages.map((m) => m.content ?? '').join('\n');
    expect(asked).toContain(`src/slug.js:3 (strong): \`case 'Hello World': return 'hello-world';\`: it compares against "Hello World"`);
    expect(asked).toContain('an entry added to a table the code already had');
    expect(JSON.stringify(server.reviews[1]!.messages)).not.toContain('special-casing check found');
    // The model heard what the review said and what it was asked about, on the next attempt.
    const feedback = lastUser(server.requests[2]!);
    expect(feedback).toContain(
      'A review of your patch says it only satisfies these tests instead of fixing the cause: It answers the one input the test uses.',
    );
    expect(feedback).toContain('It was asked about what the special-casing check found:');
    // The further cases are asked only of the patch the review accepted.
    expect(run.json!.usage).toMatchObject({ requests: 7, review: { requests: 2 }, cases: { requests: 1 } });
    expect(run.stderr).toContain('7 requests, 2 of them the self-review, 1 for further cases');
    expect(run.stderr).toContain(
      'unbreak: attempt 1 not accepted: the tests pass, but the self-review says the patch treats the symptom: It answers the one input the test uses.',
    );
    expect(run.stderr).toContain('unbreak: asking the model to review the patch about a finding of the special-casing check');
    expect(readFileSync(path.join(dir, 'src/slug.js'), 'utf8')).toBe(SLUG_TABLE.replace(BUGGY, REAL));
  });

  it('a review that answers with a tool call is asked once more; still no verdict, the fix is kept in the work tree but not confirmed', async () => {
    const review = () => ({ toolCalls: [call('read_file', { path: 'src/slug.js' })] });
    const { dir, server } = await setup([edit(BUGGY, REAL), { content: 'Fixed.' }], review);
    const run = await runCli(['--test', 'node --test', '--json'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed', attempts: 1, unconfirmed: true, usage: { review: { requests: 2 } } });
    expect(run.json!.message).toBe(
      '1 failing test now passes after 1 attempt; not confirmed: the self-review could not confirm it (asked twice, no verdict: it answered with a tool call instead of a verdict)',
    );
    expect(server.reviews).toHaveLength(2);
    expect(JSON.stringify(server.reviews[1]!.messages)).toContain('Your answer was not in the asked form');
    expect(run.stderr).toContain('the fix is kept for you to review, not confirmed');
    expect(readFileSync(path.join(dir, 'src/slug.js'), 'utf8')).toBe(SLUG.replace(BUGGY, REAL));
  });

  it('with --no-review makes exactly the fix requests; a test-runner sniff on the last attempt delivers nothing', async () => {
    const { dir, server } = await setup([edit(BUGGY, SNIFF), { content: 'Done.' }]);
    const run = await runCli(['--test', 'NODE_ENV=test node --test', '--json', '--no-review', '--max-attempts', '1'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'not-fixed', attempts: 1, changedFiles: [], usage: { requests: 2 } });
    expect(run.json!.usage).not.toHaveProperty('review');
    expect(run.json!.message).toContain(
      'the tests pass, but the patch special-cases them: src/slug.js:2 detects the test environment; the edits were put back',
    );
    expect(run.code).toBe(1);
    expect(server.requests).toHaveLength(2);
    expect(server.reviews).toHaveLength(0);
    expect(gitIn(dir, 'status', '--porcelain')).toBe('');
  });

  it('with --no-review a plain fix takes exactly its own requests', async () => {
    const { dir, server } = await setup([edit(BUGGY, REAL), { content: 'Fixed.' }]);
    const run = await runCli(['--test', 'node --test', '--json', '--no-review'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed', attempts: 1, usage: { requests: 2 } });
    expect(server.reviews).toHaveLength(0);
  });

  it('sends a patch the self-review flags back to the model, and delivers the next one it accepts', async () => {
    const TRIMMED = "  return text.trim().toLowerCase().split(/\\s+/).join('-');";
    let reviews = 0;
    const review = () =>
      ++reviews === 1 ? { content: 'VERDICT: symptom: it only swaps the separator for the case the test uses' } : { content: 'VERDICT: ok' };
    const { dir, server } = await setup([edit(BUGGY, REAL), { content: 'Fixed.' }, edit(REAL, TRIMMED), { content: 'Rewrote it.' }], review);
    const run = await runCli(['--test', 'node --test', '--json'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed', attempts: 2, usage: { requests: 7, review: { requests: 2 }, cases: { requests: 1 } } });
    expect(lastUser(server.requests[2]!)).toContain(
      'A review of your patch says it only satisfies these tests instead of fixing the cause: it only swaps the separator for the case the test uses',
    );
    expect(server.reviews).toHaveLength(2);
    expect(run.stderr).toContain(
      'unbreak: attempt 1 not accepted: the tests pass, but the self-review says the patch treats the symptom: it only swaps the separator',
    );
    expect(readFileSync(path.join(dir, 'src/slug.js'), 'utf8')).toContain(TRIMMED);
  });

  it("runs the repository's prettier on the lines the fix changed, and nowhere else", async () => {
    const ROOT = path.resolve('.');
    const { dir, server } = await setup([edit(BUGGY, '  return text.toLowerCase().trim().replace(/\\s+/g,"-");'), { content: 'Fixed.' }], undefined, {
      '.prettierrc': '{"singleQuote": true}\n',
      '.gitignore': 'node_modules/\n',
    });
    mkdirSync(path.join(dir, 'node_modules/.bin'), { recursive: true });
    symlinkSync(path.join(ROOT, 'node_modules/prettier'), path.join(dir, 'node_modules/prettier'));
    symlinkSync('../prettier/bin/prettier.cjs', path.join(dir, 'node_modules/.bin/prettier'));
    const run = await runCli(['--test', 'node --test', '--json', '--dry-run', '--no-review'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed', attempts: 1 });
    expect(run.stderr).toContain('prettier formatted the lines the fix changed in src/slug.js');
    // The patch holds the fix as prettier writes it, and not the unformatted line nobody touched.
    const patch = run.stdout.slice(0, run.stdout.lastIndexOf('{"status"'));
    expect(patch).toContain(`+${REAL}`);
    expect(patch.split('\n').filter((l) => /^[+-](?![+-])/.test(l))).toEqual([`-${BUGGY}`, `+${REAL}`]);
    // --dry-run: the work tree is as found.
    expect(readFileSync(path.join(dir, 'src/slug.js'), 'utf8')).toBe(SLUG);
  });
});

/** Issue 23: the judgement weighs evidence. A boundary fix that uses the test's own values is delivered; a table of the failing inputs is not. */
describe('unbreak CLI: fixes judged by evidence', () => {
  const MONTH_END = `from datetime import date, timedelta


def month_end(year, month):
    """The last day of the month."""
    return date(year, month + 1, 1) - timedelta(days=1)
`;
  const MONTH_END_TEST = `from datetime import date

from dates import month_end


def test_month_end_june():
    assert month_end(2023, 6) == date(2023, 6, 30)


def test_month_end_december():
    assert month_end(2023, 12) == date(2023, 12, 31)
`;
  const CRASH = '    return date(year, month + 1, 1) - timedelta(days=1)';
  const DECEMBER = `    if month == 12:\n        return date(year, 12, 31)\n${CRASH}`;

  it('delivers the December month-end fix (pytest): 12 and 31 are ordinary values, noted, not refused', async () => {
    const repo = makeRepo({ 'dates.py': MONTH_END, 'test_dates.py': MONTH_END_TEST });
    cleanups.push(repo.cleanup);
    const server = await startModelServer([
      { toolCalls: [call('edit_file', { path: 'dates.py', old_text: CRASH, new_text: DECEMBER })] },
      { content: 'December has no next month.' },
    ]);
    cleanups.push(() => server.close());
    const run = await runCli(['--test', 'python3 -m pytest -q -p no:cacheprovider', '--json'], repo.dir, {
      ...env(server),
      PYTEST_DISABLE_PLUGIN_AUTOLOAD: '1',
    });
    expect(run.json).toMatchObject({ status: 'fixed', attempts: 1, changedFiles: ['dates.py'], failuresBefore: 1, failuresAfter: 0 });
    expect(run.json).not.toHaveProperty('unconfirmed');
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      'unbreak: special-casing check, noted only (weak evidence): dates.py:6 (weak): `if month == 12:`: it compares against 12, an input of the failing test test_dates.py::test_month_end_december, and answers 31',
    );
    // Weak evidence is not put to the review: it looks at the patch in general.
    expect(server.reviews).toHaveLength(1);
    expect(JSON.stringify(server.reviews[0]!.messages)).not.toContain('special-casing check found');
    expect(readFileSync(path.join(repo.dir, 'dates.py'), 'utf8')).toBe(MONTH_END.replace(CRASH, DECEMBER));
  });

  const BILLING = `export function nextBillingDate(start) {
  const d = new Date(start + 'T00:00:00Z');
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
}
`;
  const BILLING_TEST = `import test from 'node:test';
import assert from 'node:assert/strict';
import { nextBillingDate } from '../src/billing.js';

test('mid month', () => assert.equal(nextBillingDate('2024-03-15'), '2024-04-15'));
test('end of january, leap year', () => assert.equal(nextBillingDate('2024-01-31'), '2024-02-29'));
test('end of january', () => assert.equal(nextBillingDate('2023-01-31'), '2023-02-28'));
`;
  const HEAD = 'export function nextBillingDate(start) {\n';
  const TABLE = `const KNOWN = {\n  '2024-01-31': '2024-02-29',\n  '2023-01-31': '2023-02-28',\n};\n\nexport function nextBillingDate(start) {\n  if (start in KNOWN) return KNOWN[start];\n`;

  it('refuses a lookup table keyed by the failing inputs without asking the review, which would accept it; nothing is delivered', async () => {
    const repo = makeRepo({
      'package.json': '{"name":"billing","private":true,"type":"module"}\n',
      'src/billing.js': BILLING,
      'test/billing.test.js': BILLING_TEST,
    });
    cleanups.push(repo.cleanup);
    const server = await startModelServer(
      [{ toolCalls: [call('edit_file', { path: 'src/billing.js', old_text: HEAD, new_text: TABLE })] }, { content: 'Handled month ends.' }],
      { review: { content: 'VERDICT: accept\nCOUNTEREXAMPLE: none\nFine.' } },
    );
    cleanups.push(() => server.close());
    const run = await runCli(['--test', 'node --test', '--json', '--max-attempts', '1'], repo.dir, env(server));
    expect(run.json).toMatchObject({ status: 'not-fixed', attempts: 1, changedFiles: [], failuresBefore: 2 });
    expect(run.code).toBe(1);
    expect(server.reviews).toHaveLength(0);
    expect(run.json!.message).toContain("the tests pass, but the patch special-cases them: src/billing.js:2 answers the failing tests' inputs from a table");
    expect(readFileSync(path.join(repo.dir, 'src/billing.js'), 'utf8')).toBe(BILLING);
    expect(gitIn(repo.dir, 'status', '--porcelain')).toBe('');
  });
  const PRICES = `SYMBOLS = {"EUR": "€", "USD": "$"}


def show(currency, amount):
    return f"{SYMBOLS[currency]}{amount}"
`;
  const PRICES_TEST = `from prices import show


def test_usd():
    assert show("USD", 5) == "$5"


def test_eur_cents():
    assert show("EUR", 100) == "€100.00"
`;
  const SHOW = 'def show(currency, amount):\n';
  const SEEN =
    'SEEN = {("EUR", 100): "€100.00"}\n\n\ndef show(currency, amount):\n    if (currency, amount) in SEEN:\n        return SEEN[(currency, amount)]\n';

  it('refuses a one-entry table keyed by the failing (currency, amount) tuple (ordinary literals) without asking the review; nothing delivered', async () => {
    const repo = makeRepo({ 'prices.py': PRICES, 'test_prices.py': PRICES_TEST });
    cleanups.push(repo.cleanup);
    const server = await startModelServer(
      [{ toolCalls: [call('edit_file', { path: 'prices.py', old_text: SHOW, new_text: SEEN })] }, { content: 'Handled cents.' }],
      { review: { content: 'VERDICT: accept\nCOUNTEREXAMPLE: none\nFine.' } },
    );
    cleanups.push(() => server.close());
    const run = await runCli(['--test', 'python3 -m pytest -q -p no:cacheprovider', '--json', '--max-attempts', '1'], repo.dir, {
      ...env(server),
      PYTEST_DISABLE_PLUGIN_AUTOLOAD: '1',
    });
    expect(run.json).toMatchObject({ status: 'not-fixed', attempts: 1, changedFiles: [], failuresBefore: 1 });
    expect(run.code).toBe(1);
    expect(server.reviews).toHaveLength(0);
    expect(run.json!.message).toContain("the tests pass, but the patch special-cases them: prices.py:4 answers the failing tests' inputs from a table");
    expect(readFileSync(path.join(repo.dir, 'prices.py'), 'utf8')).toBe(PRICES);
    // pytest's own __pycache__ aside, the work tree is as it was.
    expect(gitIn(repo.dir, 'status', '--porcelain', '--untracked-files=no')).toBe('');
  });
});
