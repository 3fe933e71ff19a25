import type { Outcome } from '../engine/types.js';
import { askAgain, askWithInstructions } from './ask-again.js';
import { modelCode } from './figures.js';
import { inertCode } from './inert.js';
import type { DeliveryResult, ReportContext } from './report-context.js';

const how = (ctx: ReportContext) => (ctx.footer ? ` (${askAgain(ctx.footer)})` : '');

/** What a person can do next, by outcome; empty where nothing is needed. */
export function nextStep(outcome: Outcome, delivery?: DeliveryResult, ctx: ReportContext = {}): string {
  switch (outcome.status) {
    case 'fixed':
      if (delivery?.delivery === 'commit' && !ctx.rerunsStarted) {
        return "**Next step**: the PR's checks do not rerun on a push made with the job's token. Push any commit (or close and reopen the PR) to run them, or set the `rerun-workflows` input so unbreak starts them.";
      }
      if (delivery?.delivery === 'suggestion') return '**Next step**: review the suggestions and commit them from the review.';
      if (delivery?.delivery === 'comment' || delivery?.delivery === 'summary') return '**Next step**: apply the patch with `git apply` and push it.';
      return '';
    case 'not-fixed':
      if (outcome.mergedWith) {
        const base = inertCode(outcome.mergedWith);
        return `**Next step**: update the branch (merge or rebase on ${base}), so that what is fixed is what the PR's CI tests; then, if the tests fail, run unbreak again${how(ctx)}.`;
      }
      // Without an attempt the model was never asked: the verdict says what to do.
      if (!outcome.attempts.length) return '';
      return [
        '**Next step**, any of:',
        '- run again with more attempts (the `max-attempts` input, up to 10);',
        `- ${askWithInstructions(ctx.footer)};`,
        `- use a bigger model${ctx.model ? ` than ${modelCode(ctx.model)}` : ''} (the \`model\` input).`,
      ].join('\n');
    case 'flaky':
      return '**Next step**: nothing to fix in the code this run saw; make the tests named above deterministic (time, order, network, randomness), then rerun the checks.';
    case 'error':
      return `**Next step**: fix the cause above, then run again${how(ctx)}.`;
    default:
      return '';
  }
}
