// The two requests apart from the fix conversation (the self-review and the further cases of the
// rule), built by the product's own code and sent to a real OpenAI-compatible server. A random-weight
// model never makes a run green, so real-server-check.sh never reaches them; this sends them directly:
// a large patch for the review, a long source file for the cases. Manual only; no test runs it.
// Usage: npx tsx scripts/real-server-apart.ts <base-url> <model> <request-tokens>
// (the server's log, at -lv 4, shows each request's task.n_tokens).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '../src/model/client.js';
import { ModelSession } from '../src/model/session.js';
import { Workspace } from '../src/workspace/workspace.js';
import { Redactor } from '../src/context/redact.js';

const [url, model, requestTokens] = process.argv.slice(2);
if (!url || !model || !Number(requestTokens)) {
  console.error('usage: npx tsx scripts/real-server-apart.ts <base-url> <model> <request-tokens>');
  process.exit(2);
}
const root = mkdtempSync(path.join(tmpdir(), 'unbreak-apart-'));
const session = new ModelSession(
  createClient({ baseUrl: url, apiKey: 'x', timeoutMs: 120_000 }),
  new Workspace(root, { protect: [], allowTestEdits: false }),
  new Redactor([]),
  { model, requestTokens: Number(requestTokens), maxTokens: 200_000, maxCompletionTokens: 512 },
);
const long = Array.from({ length: 400 }, (_, i) => `export function f${i}(x) {\n  // step ${i} of a long pipeline\n  return x + ${i};\n}\n`).join('');
const cases = await session.cases({
  path: 'test/pages.unbreak.test.js',
  failures: [{ id: 'a partly filled last page counts', message: 'AssertionError: 2 !== 3' }],
  testFile: { path: 'test/pages.test.js', text: "import test from 'node:test';\ntest('a partly filled last page counts', () => {});\n" },
  sources: [{ path: 'src/pages.js', text: `${long}export function pages(items, per) {\n  return Math.floor(items / per);\n}\n` }],
});
console.log('further cases:', cases.ok ? `a file of ${cases.text.length} characters` : cases.reason);
const hunk = '--- a/src/pages.js\n+++ b/src/pages.js\n@@ -1 +1 @@\n-  return Math.floor(items / per);\n+  return Math.ceil(items / per);\n';
const review = await session.review(hunk.repeat(60), ['a partly filled last page counts'], []);
console.log('self-review:', review.verdict, review.reason);
console.log('usage as the server counted it:', JSON.stringify(session.usage));
rmSync(root, { recursive: true, force: true });
