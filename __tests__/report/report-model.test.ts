import { describe, expect, it } from '@jest/globals';
import OpenAI from 'openai';
import { SAMPLES } from '../../scripts/preview/outcomes.js';
import { describeApiError } from '../../src/model/api-error.js';
import { statusBody } from '../../src/report/status-body.js';
import { summaryMarkdown } from '../../src/report/job-summary.js';

/** Issue 44, friction 12: what a maintainer needs to act on a report. */

const by = (name: string) => SAMPLES.find((s) => s.name === name)!;
const both = (name: string, extra = {}) => {
  const s = by(name);
  const ctx = { ...s.ctx, ...extra };
  return { body: statusBody(s.outcome, s.delivery, ctx), summary: summaryMarkdown(s.outcome, s.delivery, s.prNumber, ctx) };
};

describe('the reports', () => {
  it('name the model that was asked, where one was, and advise a bigger one than it', () => {
    const { body, summary } = both('not-fixed', { model: 'openai/gpt-4.1-mini' });
    expect(body).toContain('model: `openai/gpt-4.1-mini`');
    expect(summary).toContain('| Model | `openai/gpt-4.1-mini` |');
    expect(body).toContain('use a bigger model than `openai/gpt-4.1-mini` (the `model` input)');
    // No request, no model to name.
    const skipped = both('error', { model: 'openai/gpt-4.1-mini' });
    expect(skipped.body).not.toContain('gpt-4.1-mini');
  });

  it('the not-fixed summary says what was tried, as the comment does', () => {
    const { body, summary } = both('not-fixed');
    const tried = body.slice(body.indexOf('**What was tried**')).split('\n\n').slice(0, 2).join('\n\n');
    expect(tried).toMatch(/^\*\*What was tried\*\*\n\n- attempt 1: /);
    expect(summary).toContain(tried);
  });

  it('with no attempt, says how many tests fail, not "before → after"; a run cut short after model requests still says both', () => {
    const s = by('not-fixed');
    const none = { ...s.outcome, attempts: [], failuresBefore: 2, failuresAfter: 2, usage: { promptTokens: 0, completionTokens: 0, requests: 0 } };
    for (const text of [statusBody(none, s.delivery, s.ctx), summaryMarkdown(none, s.delivery, s.prNumber, s.ctx)]) {
      expect(text).not.toMatch(/before → /);
      expect(text).toMatch(/Tests failing: \*\*2\*\*|\| Failing tests \| 2 \|/);
    }
    expect(statusBody(s.outcome, s.delivery, s.ctx)).toMatch(/\*\*2\*\* before → \*\*1\*\* after/);
    // Cut short (SIGTERM): the attempts are not recorded, the requests are, and the count may have moved.
    expect(statusBody({ ...s.outcome, attempts: [], failuresBefore: 2, failuresAfter: 1 }, s.delivery, s.ctx)).toMatch(/\*\*2\*\* before → \*\*1\*\* after/);
  });
});

describe('a GitHub Models refusal', () => {
  const refused = (status: number) =>
    OpenAI.APIError.generate(status, { error: { message: 'Bad credentials' } }, undefined, new Headers({ 'content-type': 'application/json' }));

  it('401 and 403 say to add models: read or enable GitHub Models for the organization', () => {
    for (const status of [401, 403]) {
      const said = describeApiError(refused(status), 'https://models.github.ai/inference');
      expect(said).toMatch(/permissions: models: read/);
      expect(said).toMatch(/enable GitHub Models for the organization/);
    }
    // Another server's 401 keeps its own hint.
    expect(describeApiError(refused(401), 'https://api.openai.com/v1')).not.toMatch(/models: read/);
  });
});
