import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CaseFigures } from '../../bench/real/case.js';
import { applyEdits, applyRule, loadProjects, namesPath, type Rule } from '../../bench/real/project.js';
import { formatReal } from '../../bench/real/report.js';

// The corpus itself needs the projects' git history and the network to install them, so it
// runs only by hand (`npm run bench -- --real`); this checks what can be checked without them.
describe('the real-project corpus', () => {
  const projects = loadProjects();

  it('has at least 10 projects over at least 8 runners, each pinned and with at least 3 rules', () => {
    expect(projects.length).toBeGreaterThanOrEqual(10);
    expect(new Set(projects.map((p) => p.runner)).size).toBeGreaterThanOrEqual(8);
    for (const p of projects) {
      expect(p.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(p.rules.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('records 1 to 10 failing tests for every rule, and about half the rules fail with output naming the buggy file', () => {
    const rules = projects.flatMap((p) => p.rules);
    for (const r of rules) {
      expect(r.fails.length).toBeGreaterThanOrEqual(1);
      expect(r.fails.length).toBeLessThanOrEqual(10);
      if (r.kind === 'in-diff') expect(r.find).not.toBe(r.replace);
    }
    const naming = rules.filter((r) => r.namesFile).length;
    expect(naming / rules.length).toBeGreaterThan(0.3);
    expect(naming / rules.length).toBeLessThan(0.7);
  });
});

describe('cases whose fix is outside the PR', () => {
  const projects = loadProjects();
  const outside = projects.flatMap((p) => p.rules.filter((r) => r.kind === 'outside').map((r) => ({ p, r })));

  it('number at least 8, over at least 5 projects, JavaScript and at least one of Python, Rust and Go, each with a story', () => {
    expect(outside.length).toBeGreaterThanOrEqual(8);
    expect(new Set(outside.map((o) => o.p.name)).size).toBeGreaterThanOrEqual(5);
    expect(outside.some((o) => ['javascript', 'typescript'].includes(o.p.language))).toBe(true);
    expect(outside.some((o) => ['python', 'rust', 'go'].includes(o.p.language))).toBe(true);
    for (const { r } of outside) expect(r.story).toMatch(/^(latent|caller|module): /);
  });

  it('fix only files the PR leaves alone, and name the first of them as the rule file', () => {
    for (const { r } of outside) {
      const prFiles = new Set(r.pr!.map((e) => e.file));
      for (const e of r.fix!) expect(prFiles.has(e.file)).toBe(false);
      expect(r.file).toBe(r.fix![0]!.file);
    }
  });

  it('cannot be loaded with a fix in a file the PR changes', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'real-manifest-'));
    try {
      const edit = { file: 'a.js', line: 1, old: ['x'], new: ['y'] };
      const manifest = { repo: 'o/n', commit: 'a'.repeat(40), language: 'javascript', runner: 'tape', install: '', test: 'true' };
      writeFileSync(
        path.join(dir, 'p.json'),
        JSON.stringify({ ...manifest, rules: [{ name: 'r', kind: 'outside', pr: [edit], fix: [edit], fails: [], namesFile: false }] }),
      );
      expect(() => loadProjects(dir)).toThrow('the fix changes a.js, which the PR changes too');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('applyEdits', () => {
  const e = (line: number, old: string[], now: string[]) => ({ file: 'f.py', line, old, new: now });

  it('makes each edit at its line as the file read before any of them, and inserts where old is empty', () => {
    const text = 'a\nb\nc\nd\n';
    expect(applyEdits(text, [e(1, ['a'], ['A', 'A2']), e(3, [], ['x']), e(4, ['d'], [])])).toBe('A\nA2\nb\nx\nc\n');
  });

  it('refuses an edit whose old lines are not where it says, saying what is there', () => {
    expect(() => applyEdits('a\nb\n', [e(2, ['a'], ['z'])], 'rule r (fix)')).toThrow('rule r (fix): f.py:2 does not read ["a"] (it reads ["b"])');
  });
});

describe('the real report', () => {
  const row = (rule: string, kind: 'in-diff' | 'outside' | undefined, first: boolean, requests: number): CaseFigures => ({
    project: 'p',
    rule,
    ...(kind ? { kind } : {}),
    runner: 'go',
    namesFile: false,
    status: 'fixed',
    fixed: true,
    suiteGreen: true,
    agrees: true,
    firstHoldsFix: first,
    requests,
    reviewRequests: 1,
    attempts: 1,
    firstTokens: 100,
    maxTokens: 200,
    testRuns: 3,
    wallMs: 1000,
    notes: [],
  });

  it('shows the kind of each case and sums up the two kinds apart, fix-loop requests and review requests apart', () => {
    const text = formatReal([row('a', undefined, true, 2), row('b', 'outside', false, 5), row('c', 'outside', true, 2)], [], [], 1);
    expect(text).toMatch(/^p +a +in-diff +go /m);
    expect(text).toMatch(/^p +b +outside +go .* NO +5 +1 /m);
    expect(text).toContain(
      'in-diff  1 cases: fixed 1/1 (100%), first request holds the fix lines 1/1 (100%), requests 2 in the fix loop (2.0 a case), review 1 apart',
    );
    expect(text).toContain(
      'outside  2 cases: fixed 2/2 (100%), first request holds the fix lines 1/2 (50%), requests 7 in the fix loop (3.5 a case), review 2 apart',
    );
  });

  it("gives each case's first request size, and its median and largest for each kind", () => {
    const sized = (rule: string, kind: 'in-diff' | 'outside', firstTokens: number): CaseFigures => ({ ...row(rule, kind, true, 1), firstTokens });
    const text = formatReal([sized('a', 'in-diff', 900), sized('b', 'outside', 3000), sized('c', 'outside', 1000), sized('d', 'outside', 2000)], [], [], 1);
    expect(text).toMatch(/^p +b +outside +go .* 3000 +200 /m);
    expect(text).toContain('in-diff  first request 900 tokens median, 900 largest');
    expect(text).toContain('outside  first request 2000 tokens median, 3000 largest');
  });
});

describe('applyRule', () => {
  const rule: Rule = { name: 'r', file: 'a.js', line: 2, find: 'a + b', replace: 'a - b', fails: [], namesFile: false };

  it('replaces the text on the rule line only', () => {
    expect(applyRule('const x = a + b\nreturn a + b\n', rule)).toBe('const x = a + b\nreturn a - b\n');
  });

  it('refuses a rule whose text is not on its line, saying what the line reads', () => {
    expect(() => applyRule('return a + b\nreturn 0\n', rule)).toThrow('rule r: a.js:2 does not contain "a + b" (it reads "return 0")');
  });
});

describe('namesPath', () => {
  it('finds the file as a path of its own, relative or under the root', () => {
    expect(namesPath('    at diff (/tmp/p/functions/diff.js:17:9)', '/tmp/p', 'functions/diff.js')).toBe(true); // path as data
    expect(namesPath('  File "src/tomli/_re.py", line 119', '/tmp/p', 'src/tomli/_re.py')).toBe(true); // path as data
    expect(namesPath('panicked at src/bytes.rs:541:9', '/tmp/p', 'src/bytes.rs')).toBe(true); // path as data
  });

  it('does not take a longer path that ends in the file for the file', () => {
    expect(namesPath('    at Test.<anonymous> (test/functions/diff.js:46:5)', '/tmp/p', 'functions/diff.js')).toBe(false); // path as data
    expect(namesPath('/tmp/p/test/functions/diff.js:52:7', '/tmp/p', 'functions/diff.js')).toBe(false); // path as data
  });
});
