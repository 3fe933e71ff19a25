import { describe, expect, it } from '@jest/globals';
import MarkdownIt from 'markdown-it';
import { SAMPLES } from '../../scripts/preview/outcomes.js';
import { statusBody } from '../../src/report/status-body.js';
import { summaryMarkdown } from '../../src/report/job-summary.js';

/** What people read on the PR, pinned: a change to the wording shows up as a snapshot diff in review. */
describe.each(SAMPLES.map((s) => [s.name, s] as const))('%s', (_name, s) => {
  it('status comment', () => {
    expect(statusBody(s.outcome, s.delivery, s.ctx)).toMatchSnapshot();
  });
  it('job summary', () => {
    expect(summaryMarkdown(s.outcome, s.delivery, s.prNumber, s.ctx)).toMatchSnapshot();
  });
});

describe('the job summary renders as Markdown', () => {
  it.each(SAMPLES.map((s) => [s.name, s] as const))('%s: the verdict is its own paragraph, not inside an HTML block', (_name, s) => {
    const md = summaryMarkdown(s.outcome, s.delivery, s.prNumber, s.ctx);
    expect(md).not.toMatch(/<h\d>/);
    expect(md).toMatch(/^## unbreak on #7\n\n\S+ \*\*/);
  });

  it('shows no internal values in its tables', () => {
    for (const s of SAMPLES) {
      const tables = summaryMarkdown(s.outcome, s.delivery, s.prNumber, s.ctx)
        .split('\n')
        .filter((l) => l.startsWith('|'));
      expect(tables.join('\n')).not.toMatch(/still-failing|no-edits|not-fixed|no-failures/);
    }
  });
});

describe('the status comment', () => {
  const by = (name: string) => SAMPLES.find((s) => s.name === name)!;

  it('links the workflow run', () => {
    for (const s of SAMPLES) expect(statusBody(s.outcome, s.delivery, s.ctx)).toContain('[The workflow run](https://github.com/acme/shop/actions/runs/4242)');
  });

  it("after a pushed fix, says the checks do not rerun on the job token's push, unless reruns were started", () => {
    const s = by('fixed');
    expect(statusBody(s.outcome, s.delivery, s.ctx)).toMatch(/checks do not rerun on a push made with the job's token/);
    expect(statusBody(s.outcome, s.delivery, { ...s.ctx, rerunsStarted: true })).not.toMatch(/do not rerun/);
  });

  it('on not-fixed, gives the next step', () => {
    const s = by('not-fixed');
    const body = statusBody(s.outcome, s.delivery, s.ctx);
    expect(body).toMatch(/more attempts/);
    expect(body).toMatch(/`\/unbreak <instructions>`/);
    expect(body).toMatch(/bigger model/);
  });

  it('says each result once', () => {
    const s = by('not-fixed');
    const rows = statusBody(s.outcome, s.delivery, s.ctx)
      .split('\n')
      .filter((l) => /^\| \d/.test(l));
    expect(rows[0]).toMatch(/\| ❌ 1 still failing \|$/);
    expect(rows[1]).toMatch(/\| ❌ 1 still failing \|$/);
    expect(rows[2]).toMatch(/\| no edit \|$/);
  });

  it('shows token figures from one source: the server-reported usage', () => {
    const s = by('fixed');
    const body = statusBody(s.outcome, s.delivery, s.ctx);
    const summary = summaryMarkdown(s.outcome, s.delivery, s.prNumber, s.ctx);
    for (const text of [body, summary]) {
      expect(text).toContain("7,121 prompt + 234 completion tokens, 613 of them the self-review's");
      // The loop's own per-request estimates (3,100 + 3,400) are not shown beside them.
      expect(text).not.toMatch(/6,?500|3,?100|3,?400/);
    }
  });

  it('names the flipped tests of a flaky run, open', () => {
    const s = by('flaky');
    const body = statusBody(s.outcome, s.delivery, s.ctx);
    expect(body).toContain('<details open><summary>Tests that failed, then passed when run again</summary>');
    expect(body).toContain('- `test/slug.test.js > trims before joining`');
  });
});

describe('rendered as GitHub renders Markdown (CommonMark, via markdown-it)', () => {
  const md = new MarkdownIt({ html: true });
  const fixed = SAMPLES.find((s) => s.name === 'fixed')!;

  it('a patch that itself holds ``` stays one code block, in the comment and in the summary', () => {
    const patch = `${fixed.outcome.patch}+// \`\`\`js\n+// example\n+// \`\`\`\n`;
    const outcome = { ...fixed.outcome, patch };
    for (const text of [statusBody(outcome, fixed.delivery, fixed.ctx), summaryMarkdown(outcome, fixed.delivery, 7, fixed.ctx)]) {
      const html = md.render(text);
      expect(html.match(/<pre>/g)).toHaveLength(1);
      expect(html).toContain('+// ```js');
    }
  });

  it('the summary verdict renders bold, not as raw asterisks', () => {
    for (const s of SAMPLES) {
      const html = md.render(summaryMarkdown(s.outcome, s.delivery, s.prNumber, s.ctx));
      expect(html).toMatch(/<p>\S+ <strong>/);
      expect(html).not.toContain('**');
    }
  });
});

describe('a green run that was not accepted', () => {
  const s = SAMPLES.find((x) => x.name === 'fixed-after-refusals')!;
  it('says in the attempts table why, in words, and counts the self-reviews apart from the fix requests', () => {
    const body = statusBody(s.outcome, s.delivery, s.ctx);
    const rows = body.split('\n').filter((l) => /^\| \d/.test(l));
    expect(rows[0]).toMatch(/\| 🚫 tests pass, refused: special-cases them \(`src\/slug\.js:3` detects the test environment\) \|$/);
    expect(rows[1]).toMatch(/\| 🔁 tests pass, sent back by the self-review: it replaces only the first space \|$/);
    expect(rows[2]).toMatch(/\| ✅ fixed \|$/);
    expect(body).toContain('model requests: 8 (6 to fix, 2 self-reviews)');
    expect(body).not.toMatch(/special-cased|review-flagged/);
  });

  it('names the further case that sent a patch back, not the self-review, which accepted it', () => {
    const attempts = s.outcome.attempts.map((a, i) =>
      i === 1
        ? {
            ...a,
            review: { verdict: 'ok' as const, reason: '', requests: 1 },
            counterexamples: [{ name: 'unbreak: three words', message: "Expected 'big-apple-pie'\nReceived 'big-apple pie'" }],
          }
        : a,
    );
    const rows = statusBody({ ...s.outcome, attempts }, s.delivery, s.ctx)
      .split('\n')
      .filter((l) => /^\| \d/.test(l));
    expect(rows[1]).toMatch(
      /\| 🔁 tests pass, sent back: a further case of the rule fails on the patched code: unbreak: three words: Expected 'big-apple-pie' \|$/,
    );
  });
});

describe('figures that add up', () => {
  it('says how many requests were outside the attempts when the column does not add up to the total', () => {
    const s = SAMPLES.find((x) => x.name === 'fixed')!;
    const outcome = { ...s.outcome, usage: { ...s.outcome.usage, requests: 4 } };
    expect(statusBody(outcome, s.delivery, s.ctx)).toContain('model requests: 4 (2 in the attempts)');
    expect(summaryMarkdown(outcome, s.delivery, 7, s.ctx)).toContain('| Model requests | 4 (2 in the attempts) |');
    expect(statusBody(s.outcome, s.delivery, s.ctx)).toContain('model requests: 3 (2 to fix, 1 self-review) ·');
  });
});

describe('cost, with a price', () => {
  const s = SAMPLES.find((x) => x.name === 'not-fixed')!;

  it('shows the run cost and each attempt cost, from the server-reported usage, in the comment and the summary', () => {
    // 21,730 × $2 + 912 × $8 per million = $0.050756; attempts: 6,900/310 → $0.0163, 10,730/480 → $0.025, 4,100/122 → $0.0092.
    const body = statusBody(s.outcome, s.delivery, s.ctx);
    const summary = summaryMarkdown(s.outcome, s.delivery, 7, s.ctx);
    expect(body).toContain('cost: $0.051 at $2 / $8 per million input / output tokens');
    expect(summary).toContain('| Cost | $0.051 at $2 / $8 per million input / output tokens |');
    for (const text of [body, summary]) {
      const rows = text.split('\n').filter((l) => /^\| \d/.test(l));
      expect(rows.map((r) => r.split(' | ').slice(4, 6))).toEqual([
        ['6,900\u00a0+\u00a0310', '$0.016'],
        ['10,730\u00a0+\u00a0480', '$0.025'],
        ['4,100\u00a0+\u00a0122', '$0.0092'],
      ]);
    }
  });

  it('the attempts column adds up to the total, which the figures line shows', () => {
    const sum = s.outcome.attempts.reduce((n, a) => n + a.usage!.promptTokens, 0);
    expect(sum).toBe(s.outcome.usage.promptTokens);
    expect(statusBody(s.outcome, s.delivery, s.ctx)).toContain('tokens: 21,730 prompt + 912 completion tokens (as the model server reported them)');
    // Tokens spent outside the recorded attempts (an attempt cut short by the budget) are said, not hidden.
    const cut = { ...s.outcome, usage: { ...s.outcome.usage, promptTokens: s.outcome.usage.promptTokens + 5000 } };
    expect(statusBody(cut, s.delivery, s.ctx)).toContain('26,730 prompt + 912 completion tokens (22,642 in the attempts)');
  });

  it('without a price: tokens only, no cost anywhere', () => {
    const ctx = { ...s.ctx, price: undefined };
    for (const text of [statusBody(s.outcome, s.delivery, ctx), summaryMarkdown(s.outcome, s.delivery, 7, ctx)]) {
      expect(text).toContain('6,900\u00a0+\u00a0310');
      expect(text).not.toMatch(/\$|cost/i);
    }
  });
});
