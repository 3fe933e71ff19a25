import { afterEach, describe, expect, it } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AttemptRecord, Outcome } from '../../src/engine/types.js';
import { attempt, outcome as build } from '../../testkit/outcomes.js';
import { commitMessageFor } from '../../src/deliver/deliver.js';
import { inert, inertCode } from '../../src/report/inert.js';
import { statusBody } from '../../src/report/status-body.js';
import { writeJobSummary } from '../../src/report/job-summary.js';
import { gitIn, makeRepo } from '../../testkit/repo.js';
import { tempDir } from '../../testkit/tmp.js';
import { INJECTION, liveParts } from '../../testkit/injection.js';

// What a prompt-injected model writes must do nothing where people read it.

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
});

function outcome(status: Outcome['status'], summary: string, note: string): Outcome {
  const fixed = status === 'fixed';
  const edits = [{ path: 'src/a.js', ok: true } as AttemptRecord['edits'][number]];
  const one = attempt({ failing: ['t'], edits, filesChanged: ['src/a.js'], summary, result: fixed ? 'fixed' : 'still-failing', failuresAfter: 1, note });
  return build({
    status,
    message: note,
    attempts: [one],
    changedFiles: fixed ? ['src/a.js'] : [],
    usage: { promptTokens: 10, completionTokens: 5, requests: 1 },
    testMs: 5,
  });
}

describe('inert', () => {
  it('leaves nothing live in markdown, and keeps the words readable', () => {
    const text = inert(INJECTION);
    expect(liveParts(INJECTION)).toHaveLength(7);
    expect(liveParts(text)).toEqual([]);
    expect(text.replace(/\u200b/g, '')).toContain('cc @alice and @acme/security-team');
    // An e-mail address stays readable; its @ is broken too (`_@alice_` is emphasis that mentions).
    expect(inert('mail me at bob@example.com').replace(/\u200b/g, '')).toBe('mail me at bob@example.com');
  });

  it('breaks every @, whatever precedes it', () => {
    for (const text of ['`@alice', '_@alice_', 'x@alice', '*@alice*', '(@alice)']) {
      expect(inert(text)).not.toMatch(/@[\w-]/);
      expect(inert(text, 'html')).not.toMatch(/@[\w-]/);
      expect(inert(text, 'commit')).not.toMatch(/@[\w-]/);
    }
  });

  it('html: escapes tags and mentions, and shows no Markdown escapes', () => {
    expect(inert('a <img src=x> [b] @c', 'html')).toBe('a &lt;img src=x&gt; [b] @\u200bc');
  });
});

describe('inertCode', () => {
  it('one code span that nothing inside can end early', () => {
    const id = 'test > a\n\n![x](https://evil.example/p.gif) `x` @alice\u0007\u202eb';
    const span = inertCode(id);
    expect(span).toMatch(/^`[^`\n]*`$/);
    expect(span).not.toMatch(/@[\w-]/);
    expect(span.replace(/\u200b/g, '')).toBe("`test > a ![x](https://evil.example/p.gif) 'x' @alice b`");
  });

  it('cuts long text inside the span', () => {
    expect(inertCode('a'.repeat(50), 10)).toBe(`\`${'a'.repeat(10)}…\``);
  });

  it('leaves no trailer or mention in a commit message', () => {
    expect(liveParts(inert(INJECTION, 'commit')).filter((p) => p === 'trailer' || p === 'mention' || p === 'issue reference')).toEqual([]);
  });
});

describe('every channel makes model text inert', () => {
  it('the status comment', () => {
    expect(liveParts(statusBody(outcome('not-fixed', INJECTION, INJECTION)))).toEqual([]);
  });

  it('the job summary', async () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    const file = path.join(t.dir, 'summary.md');
    writeFileSync(file, '');
    const saved = process.env.GITHUB_STEP_SUMMARY;
    process.env.GITHUB_STEP_SUMMARY = file;
    try {
      await writeJobSummary(outcome('not-fixed', INJECTION, INJECTION), { delivery: 'none', note: 'nothing to deliver' }, 7);
    } finally {
      if (saved === undefined) delete process.env.GITHUB_STEP_SUMMARY;
      else process.env.GITHUB_STEP_SUMMARY = saved;
    }
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('Fixed it');
    expect(liveParts(text)).toEqual([]);
  });

  it("the commit message: git reads no trailer but unbreak's own", () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    cleanups.push(repo.cleanup);
    const message = commitMessageFor(outcome('fixed', `${INJECTION}\n${'word '.repeat(20)}Signed-off-by: wrapped`, ''), 'abc1234');
    const parsed = execTrailers(repo.dir, message);
    expect(parsed).toEqual(['Unbreak-Fix-For: abc1234']);
    expect(liveParts(message).filter((p) => p !== 'trailer')).not.toContain('mention');
    expect(message.split('\n').filter((l) => /^(Co-authored-by|Signed-off-by|Unbreak-Fix-For):/.test(l))).toEqual(['Unbreak-Fix-For: abc1234']);
  });
});

function execTrailers(dir: string, message: string): string[] {
  const file = path.join(dir, '.git', 'MSG');
  writeFileSync(file, message);
  return gitIn(dir, 'interpret-trailers', '--parse', file).split('\n').filter(Boolean);
}
