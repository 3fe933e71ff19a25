import { describe, expect, it } from '@jest/globals';
import { SAMPLES } from '../../scripts/preview/outcomes.js';
import { footerText, statusBody } from '../../src/report/status-body.js';
import { summaryMarkdown } from '../../src/report/job-summary.js';
import type { ReportContext } from '../../src/report/report-context.js';

/**
 * "Run it again" and "Next step" name the label and the command phrase this workflow was given,
 * and only the triggers the event shows it answers to (issue 44, defect 3).
 */

const by = (name: string) => SAMPLES.find((s) => s.name === name)!;
const footer = (answers: { label: boolean; comment: boolean; event: string }) => ({ label: 'autofix', command: '/fix-tests', answers });
const texts = (name: string, ctx: ReportContext) => {
  const s = by(name);
  return [statusBody(s.outcome, s.delivery, { ...s.ctx, ...ctx }), summaryMarkdown(s.outcome, s.delivery, s.prNumber, { ...s.ctx, ...ctx })];
};

describe('asking again', () => {
  it('started by a comment: the configured phrase, never the default one, and no label it cannot know works', () => {
    for (const name of ['not-fixed', 'error', 'merge']) {
      for (const t of texts(name, { footer: footer({ label: false, comment: true, event: 'issue_comment' }) })) {
        expect(t).not.toContain('/unbreak');
        expect(t).not.toMatch(/label again/);
      }
    }
    const [body] = texts('not-fixed', { footer: footer({ label: false, comment: true, event: 'issue_comment' }) });
    expect(body).toContain('comment `/fix-tests <instructions>`');
  });

  it('started by the label: the configured label, and no comment phrase', () => {
    for (const name of ['error', 'merge']) {
      for (const t of texts(name, { footer: footer({ label: true, comment: false, event: 'pull_request' }) })) {
        expect(t).toContain('add the `autofix` label again');
        expect(t).not.toMatch(/comment `/);
      }
    }
  });

  it('started by a push to the PR (the recommended ci.yml): names neither, says to push, and what to add to ask by comment or label', () => {
    const f = footer({ label: false, comment: false, event: 'pull_request' });
    for (const name of ['not-fixed', 'error', 'merge']) {
      for (const t of texts(name, { footer: f })) {
        // The phrase appears only after what to add to the workflow so that it works.
        expect(t).not.toMatch(/(?<!then )comment `|label again|`autofix` label/);
      }
    }
    const [body] = texts('not-fixed', { footer: f });
    expect(body).toMatch(/push a commit/);
    expect(body).toMatch(/add `issue_comment` to the workflow's `on:`/);
    expect(footerText({ footer: f })).not.toMatch(/`autofix` label or comment/);
    expect(footerText({ footer: f })).toMatch(/Run it again: push a commit to this PR/);
  });
});
