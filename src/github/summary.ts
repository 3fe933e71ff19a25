import * as core from '@actions/core';
import type { Outcome } from '../engine/types.js';
import { inert } from './inert.js';
import { fence, verdictLine, type DeliveryResult } from './report.js';

/** The job summary: the verdict, the figures, and the patch (always whole here). */
export async function writeJobSummary(outcome: Outcome, delivery: DeliveryResult, prNumber?: number, redact: (text: string) => string = (t) => t): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) return;
  const usage = outcome.usage;
  const s = core.summary
    .addHeading(`unbreak${prNumber ? ` on #${prNumber}` : ''}`, 2)
    .addRaw(verdictLine(outcome, delivery), true)
    .addTable([
      [
        { data: 'status', header: true },
        { data: 'attempts', header: true },
        { data: 'failing before', header: true },
        { data: 'failing after', header: true },
        { data: 'test runs', header: true },
        { data: 'model requests', header: true },
        { data: 'prompt tokens', header: true },
        { data: 'completion tokens', header: true },
        { data: 'delivery', header: true },
      ],
      [outcome.status, String(outcome.attempts.length), String(outcome.failuresBefore), String(outcome.failuresAfter), String(outcome.testRuns), String(usage.requests), String(usage.promptTokens), String(usage.completionTokens), delivery.delivery],
    ]);
  if (outcome.attempts.length) {
    s.addTable([
      [
        { data: 'attempt', header: true },
        { data: 'failing at start', header: true },
        { data: 'files edited', header: true },
        { data: 'result', header: true },
      ],
      ...outcome.attempts.map((a) => [String(a.n), String(a.failing.length), [...new Set(a.edits.filter((e) => e.ok).map((e) => e.path))].join(', ') || '—', `${a.result}${a.note ? `: ${inert(a.note)}` : ''}`]),
    ]);
  }
  if (outcome.patch) s.addRaw(`\n\n<details${delivery.delivery === 'summary' ? ' open' : ''}><summary>The fix</summary>\n\n${fence(outcome.patch, 'diff')}\n\n</details>\n`, true);
  try {
    // The summary is built in memory first, so one pass of the filter covers everything in it.
    const text = redact(s.stringify());
    s.emptyBuffer().addRaw(text);
    await s.write();
  } catch (error) {
    core.warning(`could not write the job summary: ${error instanceof Error ? error.message : String(error)}`);
  }
}
