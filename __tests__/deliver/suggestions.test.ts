import { describe, expect, it } from '@jest/globals';
import { planSuggestions, prRanges } from '../../src/deliver/suggestions.js';
import { statusBody, MAX_COMMENT } from '../../src/report/status-body.js';
import * as fenceModule from '../../src/report/fence.js';
import { parseCommand } from '../../src/event/trigger.js';
import { outcome as build } from '../../testkit/outcomes.js';

const PATCH = `diff --git a/src/a.js b/src/a.js
--- a/src/a.js
+++ b/src/a.js
@@ -2,6 +2,7 @@
 line2
-line3
-line4
+LINE3
+LINE4
 line5
+inserted
 line6
 line7
@@ -40,3 +41,3 @@
 line40
-line41
+LINE41
 line42
diff --git a/src/new.js b/src/new.js
new file mode 100644
--- /dev/null
+++ b/src/new.js
@@ -0,0 +1,1 @@
+hello
`;

describe('planSuggestions', () => {
  const ranges = prRanges([{ filename: 'src/a.js', patch: '@@ -1,8 +1,8 @@\n a\n-b\n+c\n' }]);

  it('makes multi-line and single-line suggestions inside the PR diff, the rest a diff block', () => {
    const plan = planSuggestions(PATCH, ranges);
    expect(plan.comments).toEqual([
      { path: 'src/a.js', start_line: 3, line: 4, side: 'RIGHT', start_side: 'RIGHT', body: '```suggestion\nLINE3\nLINE4\n```' },
      { path: 'src/a.js', line: 5, side: 'RIGHT', body: '```suggestion\nline5\ninserted\n```' },
    ]);
    expect(plan.outside).toContain('-line41\n+LINE41');
    expect(plan.outside).toContain('+++ b/src/new.js\n+hello');
  });

  it('puts everything in the body when the PR diff does not touch the file', () => {
    const plan = planSuggestions(PATCH, new Map());
    expect(plan.comments).toEqual([]);
    expect(plan.outside).toContain('-line3');
  });
});

describe('statusBody', () => {
  it('stays under the comment size limit with a huge patch', () => {
    const outcome = build({
      message: 'fixed',
      changedFiles: ['a'],
      usage: { promptTokens: 1, completionTokens: 1, requests: 1 },
      patch: '+x\n'.repeat(100_000),
      testMs: 1,
    });
    const body = statusBody(outcome);
    expect(body.length).toBeLessThanOrEqual(MAX_COMMENT);
    expect(body.startsWith('<!-- unbreak -->')).toBe(true);
    expect(body).toContain('patch cut to fit');
  });
});

describe('parseCommand', () => {
  it.each([
    ['/unbreak', ''],
    ['  /UNBREAK please fix the parser', 'please fix the parser'],
    ['\n/Unbreak\nmulti\nline', 'multi\nline'],
  ])('%j', (body, instructions) => {
    expect(parseCommand(body)).toEqual({ instructions });
  });
  it.each(['please /unbreak', '/unbreakable', '/unbreak-me', ''])('not %j', (body) => {
    expect(parseCommand(body)).toBeUndefined();
  });
});

describe('issue 18: fences the content cannot close', () => {
  const ranges = prRanges([{ filename: 'README.md', patch: '@@ -1,5 +1,5 @@\n a\n' }]);
  const patch = 'diff --git a/README.md b/README.md\n--- a/README.md\n+++ b/README.md\n@@ -1,3 +1,5 @@\n # Title\n-old\n+```\n+rm -rf ~\n+````\n last\n';

  it('a suggestion holding backtick runs is fenced one backtick longer than the longest run', () => {
    const [comment] = planSuggestions(patch, ranges).comments;
    expect(comment!.body).toBe('`````suggestion\n```\nrm -rf ~\n````\n`````');
  });

  it('the diff of changes outside the PR is fenced the same way', () => {
    const plan = planSuggestions(patch, new Map());
    expect(plan.outside).toContain('````');
    const { fenced } = fenceModule;
    expect(fenced(plan.outside, 'diff', 4).split('\n')[0]).toBe('`````diff');
  });
});
