import type { AttemptRecord, Outcome } from '../../src/engine/types.js';
import { bareOutcome } from '../../src/report/bare-outcome.js';
import type { DeliveryResult, ReportContext } from '../../src/report/report-context.js';
import type { TestFailure } from '../../src/failures/test-report.js';
import { attempt as build } from '../../testkit/outcomes.js';
import { notFixedSummary } from '../../src/engine/outcome.js';
import type { TestResult } from '../../src/engine/types.js';

/**
 * Outcomes of the kinds a maintainer sees on a PR, built by hand so the status comment and the job
 * summary can be checked (snapshot tests) and looked at (npm run preview) without a run.
 */

export interface Sample {
  name: string;
  outcome: Outcome;
  delivery: DeliveryResult;
  ctx: ReportContext;
  prNumber: number;
}

const failure = (file: string, name: string, message: string): TestFailure => ({ id: `${file} > ${name}`, file, name, message, locations: [] });

const SLUG = [
  failure('test/slug.test.js', 'joins words with dashes', "Expected values to be strictly equal:\n'hello_world' !== 'hello-world'"),
  failure('test/slug.test.js', 'trims before joining', "'a_b' !== 'a-b'"),
];

const PATCH = `diff --git a/src/slug.js b/src/slug.js
--- a/src/slug.js
+++ b/src/slug.js
@@ -1,5 +1,5 @@
 // Turns a title into a URL part: \`Hello World\` → \`hello-world\`.
 function slugify(text) {
-  return text.toLowerCase().trim().replace(/\\s+/g, '_');
+  return text.toLowerCase().trim().replace(/\\s+/g, '-');
 }
 
 module.exports = { slugify };
`;

const attempt = (over: Partial<AttemptRecord> & Pick<AttemptRecord, 'n' | 'result'>): AttemptRecord =>
  build({ failing: SLUG.map((f) => f.id), requests: 2, promptTokens: [3100, 3400], testRuns: 2, ...over });

const RUN_URL = 'https://github.com/acme/shop/actions/runs/4242';
/** The footer every real status comment ends with: here a workflow started by the comment `/unbreak`. */
const FOOTER: ReportContext['footer'] = {
  label: 'unbreak',
  command: '/unbreak',
  docsUrl: 'https://github.com/unbreak-dev/unbreak#readme',
  answers: { label: false, comment: true, event: 'issue_comment' },
};
/** GPT-4.1's list price, dollars per million input and output tokens (the price input). */
const PRICE = { input: 2, output: 8 };

const base = { changedFiles: [] as string[], patch: '', testMs: 4200, before: { format: 'node-test-spec', total: 12, failures: SLUG } };

/** Three attempts: one targeted rerun still failing, one that fixed one of the two, one with no edit. */
const NOT_FIXED_ATTEMPTS: AttemptRecord[] = [
  attempt({
    n: 1,
    result: 'still-failing',
    edits: [{ path: 'src/slug.js', ok: true }],
    filesChanged: ['src/slug.js'],
    summary: 'Replaced the underscore with a dash.',
    note: '1 targeted test still failing',
    failuresAfter: 1,
    usage: { promptTokens: 6900, completionTokens: 310, requests: 2 },
  }),
  attempt({
    n: 2,
    failing: [SLUG[1]!.id],
    result: 'still-failing',
    edits: [
      { path: 'src/slug.js', ok: true },
      { path: 'test/slug.test.js', ok: false, error: 'test file' },
    ],
    filesChanged: ['src/slug.js'],
    summary: 'Tried to trim twice.',
    note: '1 test still failing: trims before joining',
    failuresAfter: 1,
    usage: { promptTokens: 10_730, completionTokens: 480, requests: 2 },
  }),
  attempt({
    n: 3,
    result: 'no-edits',
    summary: 'I could not find the cause.',
    note: 'the model made no edit',
    failing: [SLUG[1]!.id],
    requests: 1,
    promptTokens: [4100],
    usage: { promptTokens: 4100, completionTokens: 122, requests: 1 },
  }),
];

export const SAMPLES: Sample[] = [
  {
    name: 'fixed',
    prNumber: 7,
    outcome: {
      ...base,
      status: 'fixed',
      message: 'fixed 2 failing tests in 1 attempt',
      attempts: [
        attempt({
          n: 1,
          result: 'fixed',
          edits: [{ path: 'src/slug.js', ok: true }],
          filesChanged: ['src/slug.js'],
          summary: 'The separator was an underscore; the tests want dashes.',
          note: 'all 12 tests pass',
          failuresAfter: 0,
          usage: { promptTokens: 6512, completionTokens: 230, requests: 2 },
          review: { verdict: 'ok', reason: '', requests: 1 },
        }),
      ],
      changedFiles: ['src/slug.js'],
      failuresBefore: 2,
      failuresAfter: 0,
      usage: { promptTokens: 7121, completionTokens: 234, requests: 3, review: { requests: 1, promptTokens: 609, completionTokens: 4 } },
      patch: PATCH,
      testRuns: 3,
    },
    delivery: { delivery: 'commit', commitSha: '1a2b3c4d5e6f', note: 'pushed 1a2b3c4 to `feature`' },
    ctx: { runUrl: RUN_URL, footer: FOOTER, model: 'openai/gpt-4.1', price: PRICE },
  },
  {
    name: 'not-fixed',
    prNumber: 7,
    outcome: {
      ...base,
      status: 'not-fixed',
      message: notFixedSummary(NOT_FIXED_ATTEMPTS, { report: { failures: [SLUG[1]!] } } as unknown as TestResult),
      attempts: NOT_FIXED_ATTEMPTS,
      failuresBefore: 2,
      failuresAfter: 1,
      usage: { promptTokens: 21_730, completionTokens: 912, requests: 5 },
      testRuns: 6,
    },
    delivery: { delivery: 'none', note: 'nothing to deliver' },
    ctx: { runUrl: RUN_URL, footer: FOOTER, model: 'openai/gpt-4.1', price: PRICE },
  },
  {
    name: 'merge',
    prNumber: 7,
    outcome: {
      ...base,
      before: { format: 'node-test-spec', total: 13, failures: [failure('test/title.test.js', 'title slug', 'TypeError: slugify is not a function')] },
      status: 'not-fixed',
      mergedWith: 'main',
      message:
        'the head passes; it fails merged with main (1 failing test, first title slug: TypeError: slugify is not a function); unbreak fixed it on the merge (src/slug.js), but that fix does not apply on the head (git apply failed: error: patch failed: src/slug.js:1), so nothing was delivered; update the branch (merge or rebase on main)',
      attempts: [
        attempt({
          n: 1,
          failing: ['test/title.test.js > title slug'],
          result: 'still-failing',
          edits: [{ path: 'src/slug.js', ok: true }],
          filesChanged: ['src/slug.js'],
          summary: 'main renamed slugify to toSlug; kept the old name as an alias.',
          note: 'passed on the merge only: the fix does not apply on the head',
          usage: { promptTokens: 2406, completionTokens: 47, requests: 2 },
        }),
      ],
      failuresBefore: 1,
      failuresAfter: 1,
      usage: { promptTokens: 2406, completionTokens: 47, requests: 2 },
      testRuns: 4,
    },
    delivery: { delivery: 'none', note: 'nothing to deliver' },
    ctx: { runUrl: RUN_URL, footer: FOOTER, model: 'openai/gpt-4.1' },
  },
  {
    // A green run refused for special-casing, then one the self-review sent back, then the fix.
    name: 'fixed-after-refusals',
    prNumber: 7,
    outcome: {
      ...base,
      status: 'fixed',
      message: '2 failing tests now pass after 3 attempts',
      attempts: [
        attempt({
          n: 1,
          result: 'special-cased',
          edits: [{ path: 'src/slug.js', ok: true }],
          filesChanged: ['src/slug.js'],
          summary: 'Handled the two inputs.',
          note: 'the tests pass, but the patch special-cases them: src/slug.js:3 detects the test environment',
          failuresAfter: 0,
          specialCases: [
            {
              file: 'src/slug.js',
              line: 3,
              kind: 'test-environment',
              strength: 'decisive',
              text: "if (process.env.NODE_ENV === 'test') return text.replace(' ', '-');",
              why: 'it detects the test environment (NODE_ENV === "test"), so the code behaves differently under test than in use',
            },
          ],
        }),
        attempt({
          n: 2,
          result: 'review-flagged',
          edits: [{ path: 'src/slug.js', ok: true }],
          filesChanged: ['src/slug.js'],
          summary: 'Replaced the first space with a dash.',
          note: 'the tests pass, but the self-review says the patch treats the symptom: it replaces only the first space',
          failuresAfter: 0,
          review: { verdict: 'symptom', reason: 'it replaces only the first space', requests: 1 },
        }),
        attempt({
          n: 3,
          result: 'fixed',
          edits: [{ path: 'src/slug.js', ok: true }],
          filesChanged: ['src/slug.js'],
          summary: 'Every run of white space becomes one dash.',
          note: 'all 12 tests pass',
          failuresAfter: 0,
          review: { verdict: 'ok', reason: '', requests: 1 },
        }),
      ],
      changedFiles: ['src/slug.js'],
      failuresBefore: 2,
      failuresAfter: 0,
      usage: { promptTokens: 22_940, completionTokens: 610, requests: 8, review: { requests: 2, promptTokens: 1_210, completionTokens: 30 } },
      patch: PATCH,
      testRuns: 7,
    },
    delivery: { delivery: 'commit', commitSha: '1a2b3c4d5e6f', note: 'pushed 1a2b3c4 to `feature`' },
    ctx: { runUrl: RUN_URL, footer: FOOTER, model: 'openai/gpt-4.1' },
  },
  {
    name: 'flaky',
    prNumber: 7,
    outcome: {
      ...base,
      status: 'flaky',
      message: '2 failing tests passed when run again; nothing was asked or changed',
      attempts: [],
      failuresBefore: 2,
      failuresAfter: 0,
      usage: { promptTokens: 0, completionTokens: 0, requests: 0 },
      testRuns: 2,
    },
    delivery: { delivery: 'none', note: 'nothing to deliver' },
    ctx: { runUrl: RUN_URL, footer: FOOTER, model: 'openai/gpt-4.1' },
  },
  {
    name: 'skipped',
    prNumber: 7,
    outcome: bareOutcome(
      'skipped',
      'pull request #7 comes from a fork; under pull_request_target unbreak would run its code with a write token, so it needs allow-forks: true',
    ),
    delivery: { delivery: 'none', note: '' },
    ctx: { runUrl: RUN_URL, footer: FOOTER, model: 'openai/gpt-4.1' },
  },
  {
    name: 'error',
    prNumber: 7,
    outcome: {
      ...base,
      status: 'error',
      message: 'the model server at https://models.github.ai/inference answered 401 (check the API key): Bad credentials',
      attempts: [],
      failuresBefore: 2,
      failuresAfter: 2,
      // A refused request is not one the server answered: no usage, no request counted (as the CLI says).
      usage: { promptTokens: 0, completionTokens: 0, requests: 0 },
      testRuns: 2,
    },
    delivery: { delivery: 'none', note: 'nothing to deliver' },
    ctx: { runUrl: RUN_URL, footer: FOOTER, model: 'openai/gpt-4.1' },
  },
];
