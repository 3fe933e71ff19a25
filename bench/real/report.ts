import type { CaseFigures } from './case.js';
import type { Project } from './project.js';

const pct = (n: number, d: number) => (d ? `${Math.round((100 * n) / d)}%` : '—');

/** The middle value (the mean of the two middle ones for an even count), rounded to a whole token. */
function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return Math.round(s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2);
}

/** The per-case table and the summary against issue 9's goals. */
export function formatReal(cases: CaseFigures[], skipped: string[], projects: Project[], seconds: number): string {
  const runners = new Set(projects.map((p) => p.runner));
  const lines = [
    `unbreak bench --real: ${projects.length} projects, ${runners.size} runners (${[...runners].join(', ')}), ${cases.length} cases, scripted model; ${seconds.toFixed(0)} s`,
    '',
  ];
  const head = [
    'project',
    'rule',
    'kind',
    'runner',
    'names file',
    'status',
    'fixed',
    'real suite',
    'agrees',
    '1st⊇fix',
    'req',
    'review',
    'tok 1st',
    'tok max',
    'test runs',
    'time s',
  ];
  const rows = cases.map((c) => [
    c.project,
    c.rule,
    c.kind ?? 'in-diff',
    c.runner,
    c.namesFile ? 'yes' : 'no',
    c.status,
    c.fixed ? 'yes' : 'NO',
    c.suiteGreen ? 'green' : 'red',
    c.agrees ? 'yes' : 'NO',
    c.firstHoldsFix === undefined ? '—' : c.firstHoldsFix ? 'yes' : 'NO',
    String(c.requests),
    c.reviewRequests === undefined ? '—' : String(c.reviewRequests),
    String(c.firstTokens),
    String(c.maxTokens),
    String(c.testRuns),
    (c.wallMs / 1000).toFixed(1),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  lines.push(head.map((h, i) => h.padEnd(widths[i]!)).join('  '), ...rows.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ')), '');
  // The reference fix makes the suite green in every case --check accepts, so every case counts for agreement.
  const agree = cases.filter((c) => c.agrees).length;
  const fixed = cases.filter((c) => c.fixed).length;
  const first = cases.filter((c) => c.firstHoldsFix).length;
  const maxTok = Math.max(0, ...cases.map((c) => c.maxTokens));
  const n = cases.length;
  lines.push('goals (issue 9, issue 10):');
  lines.push(`  verdict agrees with the real suite   ${agree}/${n} (${pct(agree, n)})   goal 100%   ${agree === n ? 'met' : 'NOT met'}`);
  lines.push(`  fixed with the scripted model        ${fixed}/${n} (${pct(fixed, n)})   goal 100%   ${fixed === n ? 'met' : 'NOT met'}`);
  lines.push(`  first request holds the lines        ${first}/${n} (${pct(first, n)})   goal ≥ 95%  ${n && first / n >= 0.95 ? 'met' : 'NOT met'}`);
  lines.push(`  largest request                      ${maxTok} tokens      goal ≤ 8000 ${maxTok <= 8000 ? 'met' : 'NOT met'}`);
  const byNames = (v: boolean) => {
    const cs = cases.filter((c) => c.namesFile === v);
    return `${cs.filter((c) => c.fixed).length}/${cs.length} fixed, first request ${cs.filter((c) => c.firstHoldsFix).length}/${cs.length}`;
  };
  lines.push(`  output names the buggy file: ${byNames(true)}; does not: ${byNames(false)}`);
  // The two kinds apart: where the fix is in the lines the PR changed, the diff alone shows them;
  // where it is outside the diff, the first request holds them only if the context found them.
  lines.push('', 'by kind (in-diff: the fix is in lines the PR changed; outside: in code the PR did not touch):');
  for (const kind of ['in-diff', 'outside'] as const) {
    const cs = cases.filter((c) => (c.kind ?? 'in-diff') === kind);
    if (!cs.length) {
      lines.push(`  ${kind.padEnd(8)} no cases`);
      continue;
    }
    const k = cs.length;
    const fx = cs.filter((c) => c.fixed).length;
    const fh = cs.filter((c) => c.firstHoldsFix).length;
    const req = cs.reduce((a, c) => a + c.requests, 0);
    const review = cs.some((c) => c.reviewRequests !== undefined) ? `, review ${cs.reduce((a, c) => a + (c.reviewRequests ?? 0), 0)} apart` : '';
    lines.push(
      `  ${kind.padEnd(8)} ${k} cases: fixed ${fx}/${k} (${pct(fx, k)}), first request holds the fix lines ${fh}/${k} (${pct(fh, k)}), requests ${req} in the fix loop (${(req / k).toFixed(1)} a case)${review}`,
    );
    // What finding the fix costs shows in the first request: how big it had to be to hold the lines.
    const firsts = cs.map((c) => c.firstTokens);
    lines.push(`  ${kind.padEnd(8)} first request ${median(firsts)} tokens median, ${Math.max(...firsts)} largest`);
  }
  if (skipped.length) lines.push('', `not run (the rule did not check out):`, ...skipped.map((s) => `  ${s}`));
  return lines.join('\n');
}
