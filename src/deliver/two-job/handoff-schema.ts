import * as z from 'zod';

/**
 * The handoff's shape (handoff-file.ts), strict at every level: the file comes from a job the PR's
 * code ran in, so a field unbreak does not write, or one of the wrong kind, refuses the whole
 * handoff before anything is delivered (not after the push, when the report reads it). No field
 * carries a file mode: modes come from the approved head (deliver/git-data.ts).
 */

export const HANDOFF_VERSION = 2;
/** More changed files than any fix the loop makes (it edits a handful). */
export const MAX_HANDOFF_FILES = 200;

const SHA = z.string().regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/);
const count = z.number().int().nonnegative();
const ms = z.number().nonnegative();
const strings = z.array(z.string());

/**
 * The schema, strict (the deliver job reads with it: an unknown key refuses the handoff) or
 * stripping (the fix job writes with it: what the engine's objects hold beyond their types stays out).
 */
function handoffSchema(strict: boolean) {
  const o = <T extends z.ZodRawShape>(shape: T) => (strict ? z.object(shape).strict() : z.object(shape));
  const PinSchema = o({
    path: z.string().min(1).max(4096),
    /** The file's bytes, base64; null for a file the fix deletes. */
    content: z.string().nullable(),
  });

  const ReviewUsageSchema = o({ requests: count, promptTokens: count, completionTokens: count });
  const UsageSchema = o({
    promptTokens: count,
    completionTokens: count,
    requests: count,
    retries: count.optional(),
    review: ReviewUsageSchema.optional(),
    cases: ReviewUsageSchema.optional(),
  });

  const EditSchema = o({ path: z.string(), ok: z.boolean(), kind: z.string().optional(), error: z.string().optional(), how: z.string().optional() });
  const ReviewSchema = o({ verdict: z.enum(['ok', 'symptom', 'unclear']), reason: z.string(), requests: count });
  const SpecialCaseSchema = o({
    file: z.string(),
    line: count,
    kind: z.enum(['test-literal', 'test-table', 'test-environment', 'test-machinery']),
    strength: z.enum(['weak', 'strong', 'decisive']),
    text: z.string(),
    why: z.string(),
  });

  const AttemptSchema = o({
    n: count,
    failing: strings,
    edits: z.array(EditSchema),
    filesChanged: strings,
    requests: count,
    promptTokens: z.array(z.number().nonnegative()),
    usage: UsageSchema.optional(),
    summary: z.string(),
    result: z.enum(['fixed', 'still-failing', 'no-edits', 'error', 'special-cased', 'review-flagged']),
    failuresAfter: count.optional(),
    note: z.string(),
    ended: z.string().optional(),
    testRuns: count,
    testMs: ms.optional(),
    modelMs: ms.optional(),
    formatted: strings.optional(),
    formatMs: ms.optional(),
    specialCases: z.array(SpecialCaseSchema).optional(),
    review: ReviewSchema.optional(),
    counterexamples: z.array(o({ name: z.string(), message: z.string() })).optional(),
  });

  const LocationSchema = o({ file: z.string(), line: count, column: count.optional() });
  const FailureSchema = o({
    id: z.string(),
    file: z.string().optional(),
    name: z.string(),
    message: z.string(),
    expected: z.string().optional(),
    actual: z.string().optional(),
    stack: z.string().optional(),
    locations: z.array(LocationSchema),
    synthetic: z.boolean().optional(),
  });
  const TestReportSchema = o({
    format: z.string(),
    total: count.optional(),
    passed: strings.optional(),
    failures: z.array(FailureSchema),
    excerpt: z.string().optional(),
  });

  return o({
    version: z.literal(HANDOFF_VERSION),
    status: z.enum(['fixed', 'not-fixed', 'no-failures', 'flaky', 'skipped', 'error']),
    message: z.string(),
    pr: z.number().int().positive(),
    headSha: SHA,
    baseSha: z.string().max(64),
    /** Why the fix job itself would not deliver (the work tree drifted from the pins). */
    refused: z.string().optional(),
    patch: z.string(),
    pins: z.array(PinSchema).max(MAX_HANDOFF_FILES),
    /** The rest of the outcome, for the report (status comment and summary). */
    outcome: o({
      attempts: z.array(AttemptSchema).max(20),
      changedFiles: strings,
      failuresBefore: count,
      failuresAfter: count,
      usage: UsageSchema,
      testRuns: count,
      testMs: ms,
      before: TestReportSchema.optional(),
      after: TestReportSchema.optional(),
      flaky: strings.optional(),
      modelMs: ms.optional(),
      mergedWith: z.string().optional(),
      notes: strings.optional(),
      unconfirmed: z.string().optional(),
    }),
  });
}

/** The deliver job's reading: strict. */
export const HandoffSchema = handoffSchema(true);
/** The fix job's writing: the same shape, with keys outside it dropped. */
export const HandoffWriteSchema = handoffSchema(false);

export type Handoff = z.infer<typeof HandoffSchema>;
export type HandoffPin = Handoff['pins'][number];
