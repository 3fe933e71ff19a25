import type { RunFigures } from './run-one.js';
import type { Scenario } from './scenario.js';
import { DAMAGE_KINDS } from './damage.js';

/** Figures and goals, from the runs of one benchmark invocation. */

export const median = (xs: number[]): number => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : '—');
const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '—');
const secs = (ms: number) => (ms / 1000).toFixed(2);
const ratio = (x: number) => (Number.isFinite(x) ? `${x.toFixed(2)}×` : '—');

export interface Goal {
  goal: string;
  figure: string;
  met: boolean | undefined;
}

export interface VariantSummary {
  variant: string;
  runs: number;
  fixed: number;
  attemptsMedian: number;
  requestsMedian: number;
  requestsMax: number;
  firstHolds: number;
  /** 1st⊇fix split by where the fix is: every fix line one the PR added, or some fix line outside them. */
  firstHoldsInPr: { holds: number; of: number };
  firstHoldsOutside: { holds: number; of: number };
  firstTokensMedian: number;
  maxTokens: number;
  totalTokens: number;
  edits: { applied: number; refused: number; 'no-match': number; invalid: number };
  heldout: { passed: number; total: number };
  testMs: number;
  verifyRatioMedian: number;
  ownMsPerAttemptMedian: number;
  ownMsPerAttemptMax: number;
  errors: number;
  /** The self-reviews, apart from the fix loop's requests and tokens. */
  review: { requests: number; tokens: number; flagged: number };
  /** Green runs refused for special-casing. */
  specialCased: number;
  /** Delivered fixes where a formatter is configured, and how many of them it would still change. */
  formatter: { wouldChange: number; of: number };
}

export interface SetSummary {
  set: 'tuning' | 'frozen' | 'all';
  scenarios: number;
  fixed: number;
  firstHoldsInPr: { holds: number; of: number };
  firstHoldsOutside: { holds: number; of: number };
  heldout: { passed: number; total: number };
  requestsMedian: number;
  firstTokensMedian: number;
}

export interface Summary {
  variants: VariantSummary[];
  /** The main variant on the tuning set, the frozen set (never tuned on) and both. */
  sets: SetSummary[];
  damage: { kind: string; sent: number; correct: number; drift: number; wrong: number; failed: number }[];
  goals: Goal[];
  baselines: {
    naiveFirstTokensRatio?: number;
    naiveTotalTokensRatio?: number;
    naiveMaxTokensRatio?: number;
    fullRerunVerifyRatio?: number;
    fullRerunTestRatio?: number;
  };
}

const byVariant = (runs: RunFigures[], v: string) => runs.filter((r) => r.variant === v);

export function summarize(runs: RunFigures[], scenarios: Scenario[]): Summary {
  const inPr = new Set(scenarios.filter((s) => s.fixInPr).map((s) => s.name));
  const split = (rs: RunFigures[]) => {
    const a = rs.filter((r) => inPr.has(r.scenario));
    const b = rs.filter((r) => !inPr.has(r.scenario));
    return {
      firstHoldsInPr: { holds: a.filter((r) => r.firstHoldsFix).length, of: a.length },
      firstHoldsOutside: { holds: b.filter((r) => r.firstHoldsFix).length, of: b.length },
    };
  };
  const variants = [...new Set(runs.map((r) => r.variant))].map((v): VariantSummary => {
    const rs = byVariant(runs, v);
    const fixed = rs.filter((r) => r.fixed);
    const perAttempt = rs.filter((r) => r.attempts > 0).map((r) => r.ownMs / r.attempts);
    return {
      variant: v,
      runs: rs.length,
      fixed: fixed.length,
      attemptsMedian: median(rs.map((r) => r.attempts)),
      requestsMedian: median(rs.map((r) => r.requests)),
      requestsMax: Math.max(0, ...rs.map((r) => r.requests)),
      firstHolds: rs.filter((r) => r.firstHoldsFix).length,
      ...split(rs),
      firstTokensMedian: median(rs.map((r) => r.firstTokens)),
      maxTokens: Math.max(0, ...rs.map((r) => r.maxTokens)),
      totalTokens: sum(rs.map((r) => r.totalTokens)),
      edits: {
        applied: sum(rs.map((r) => r.edits.applied)),
        refused: sum(rs.map((r) => r.edits.refused)),
        'no-match': sum(rs.map((r) => r.edits['no-match'])),
        invalid: sum(rs.map((r) => r.edits.invalid)),
      },
      heldout: { passed: sum(rs.map((r) => r.heldout?.passed ?? 0)), total: sum(rs.map((r) => r.heldout?.total ?? 0)) },
      testMs: sum(rs.map((r) => r.testMs)),
      verifyRatioMedian: median(fixed.filter((r) => r.firstRunMs > 0).map((r) => r.verifyMs / r.firstRunMs)),
      ownMsPerAttemptMedian: median(perAttempt),
      ownMsPerAttemptMax: Math.max(0, ...perAttempt),
      errors: rs.filter((r) => r.error).length,
      // Saved runs from before the self-review have none.
      review: {
        requests: sum(rs.map((r) => r.review?.requests ?? 0)),
        tokens: sum(rs.map((r) => (r.review?.prompt ?? 0) + (r.review?.completion ?? 0))),
        flagged: sum(rs.map((r) => r.review?.flagged ?? 0)),
      },
      specialCased: sum(rs.map((r) => r.specialCased ?? 0)),
      formatter: { wouldChange: rs.filter((r) => r.formatterWouldChange).length, of: rs.filter((r) => r.formatterWouldChange !== undefined).length },
    };
  });

  const damaged = byVariant(runs, 'damaged')
    .flatMap((r) => r.checks)
    .filter((c) => c.kind !== 'clean');
  const damage = DAMAGE_KINDS.map((kind) => {
    const cs = damaged.filter((c) => c.kind === kind);
    return {
      kind,
      sent: cs.length,
      correct: cs.filter((c) => c.result === 'correct').length,
      drift: cs.filter((c) => c.result === 'drift').length,
      wrong: cs.filter((c) => c.result === 'wrong').length,
      failed: cs.filter((c) => c.result === 'failed').length,
    };
  });

  const main = byVariant(runs, 'main');
  const setOf = new Map(scenarios.map((s) => [s.name, s.set]));
  const sets: SetSummary[] = (['tuning', 'frozen', 'all'] as const).map((set) => {
    const rs = main.filter((r) => set === 'all' || (setOf.get(r.scenario) ?? 'tuning') === set);
    return {
      set,
      scenarios: rs.length,
      fixed: rs.filter((r) => r.fixed).length,
      ...split(rs),
      heldout: { passed: sum(rs.map((r) => r.heldout?.passed ?? 0)), total: sum(rs.map((r) => r.heldout?.total ?? 0)) },
      requestsMedian: median(rs.map((r) => r.requests)),
      firstTokensMedian: median(rs.map((r) => r.firstTokens)),
    };
  });
  const naive = byVariant(runs, 'naive');
  const full = byVariant(runs, 'full-reruns');
  const pairRatio = (a: RunFigures[], b: RunFigures[], f: (r: RunFigures) => number) => {
    const xs: number[] = [];
    for (const r of a) {
      const o = b.find((x) => x.scenario === r.scenario);
      if (o && f(o) > 0 && f(r) > 0) xs.push(f(r) / f(o));
    }
    return xs.length ? median(xs) : undefined;
  };
  const baselines: Summary['baselines'] = {};
  if (naive.length && main.length) {
    baselines.naiveFirstTokensRatio = pairRatio(naive, main, (r) => r.firstTokens);
    baselines.naiveMaxTokensRatio = pairRatio(naive, main, (r) => r.maxTokens);
    baselines.naiveTotalTokensRatio = pairRatio(naive, main, (r) => r.totalTokens);
  }
  if (full.length && main.length) {
    baselines.fullRerunVerifyRatio = pairRatio(full, main, (r) => r.verifyMs);
    baselines.fullRerunTestRatio = pairRatio(full, main, (r) => r.testMs);
  }

  const goals: Goal[] = [];
  const singleBug = new Set(scenarios.filter((s) => s.bugs === 1).map((s) => s.name));
  if (main.length) {
    const holds = main.filter((r) => r.firstHoldsFix).length;
    const missing = main.filter((r) => !r.firstHoldsFix).map((r) => r.scenario);
    goals.push({
      goal: 'first request holds the lines to change in ≥ 95% of scenarios',
      figure: `${holds}/${main.length} = ${pct(holds, main.length)}${missing.length ? ` (not: ${missing.join(', ')})` : ''}`,
      met: holds / main.length >= 0.95,
    });
  }
  const focused = runs.filter((r) => r.variant !== 'naive' && !r.error);
  if (focused.length) {
    const worst = focused.reduce((a, b) => (b.maxTokens > a.maxTokens ? b : a));
    const over = [...new Set(focused.filter((r) => r.maxTokens > 8000).map((r) => r.scenario))];
    const own = Math.max(0, ...focused.map((r) => r.sessionMaxTokens ?? 0));
    goals.push({
      goal: "largest request ≤ 8,000 input tokens in every scenario (every variant but naive; the server's count of the raw body)",
      figure: `max ${int(worst.maxTokens)} (${worst.scenario}, ${worst.variant})${over.length ? `; over: ${over.join(', ')}` : ''}; unbreak's own count: max ${int(own)}`,
      met: worst.maxTokens <= 8000,
    });
  }
  // Every run, errors included (a run ended by an over-long request is the case to see), against its own budget.
  const budgeted = runs.filter((r) => r.variant !== 'naive' && r.budget);
  if (budgeted.length) {
    const share = (r: RunFigures) => r.maxTokens / r.budget!;
    const worst = budgeted.reduce((a, b) => (share(b) > share(a) ? b : a));
    const over = budgeted.filter((r) => r.maxTokens > r.budget!).map((r) => `${r.scenario} (${r.variant})`);
    goals.push({
      goal: "no request over the run's budget (--request-tokens; the server's count of the raw body), errors included",
      figure: `largest against its budget: ${int(worst.maxTokens)} of ${int(worst.budget!)} = ${pct(worst.maxTokens, worst.budget!)} (${worst.scenario}, ${worst.variant})${over.length ? `; over: ${over.join(', ')}` : ''}`,
      met: over.length === 0,
    });
  }
  const single = main.filter((r) => singleBug.has(r.scenario));
  if (single.length) {
    const m = median(single.map((r) => r.requests));
    goals.push({
      goal: 'median ≤ 3 model requests for single-bug scenarios',
      figure: `median ${m}, max ${Math.max(...single.map((r) => r.requests))} (${single.length} scenarios)`,
      met: m <= 3,
    });
  }
  if (damaged.length) {
    const correct = damaged.filter((c) => c.result === 'correct').length;
    const drift = damaged.filter((c) => c.result === 'drift').length;
    goals.push({
      goal: '≥ 97% of damaged edits applied correctly',
      figure: `${correct}/${damaged.length} = ${pct(correct, damaged.length)} byte-exact${drift ? `; ${pct(correct + drift, damaged.length)} counting spacing drift as correct` : ''}`,
      met: correct / damaged.length >= 0.97,
    });
  }
  const withAttempts = runs.filter((r) => r.attempts > 0 && !r.error);
  if (withAttempts.length) {
    const per = withAttempts.map((r) => ({ r, ms: r.ownMs / r.attempts }));
    const worst = per.reduce((a, b) => (b.ms > a.ms ? b : a));
    goals.push({
      goal: "unbreak's own time ≤ 1 s per attempt",
      figure: `median ${int(median(per.map((p) => p.ms)))} ms, max ${int(worst.ms)} ms (${worst.r.scenario}, ${worst.r.variant})`,
      met: worst.ms <= 1000,
    });
  }
  const mainFixed = main.filter((r) => r.fixed && r.firstRunMs > 0);
  if (mainFixed.length) {
    const xs = mainFixed.map((r) => ({ r, x: r.verifyMs / r.firstRunMs }));
    const m = median(xs.map((p) => p.x));
    const over = xs.filter((p) => p.x > 1.5).length;
    const worst = xs.reduce((a, b) => (b.x > a.x ? b : a));
    goals.push({
      goal: 'test time per fix ≤ 1.5× one full run (time after the first run)',
      figure: `median ${ratio(m)}, max ${ratio(worst.x)} (${worst.r.scenario}); ${over}/${xs.length} over 1.5×`,
      met: m <= 1.5,
    });
  }
  // Bump scenarios (issue 42): what the fix needs from the new version in the first request, and the bump never reverted.
  const bumps = runs.filter((r) => r.firstHoldsNeeds !== undefined || r.bumpKept !== undefined);
  if (bumps.length) {
    const held = bumps.filter((r) => r.firstHoldsNeeds);
    const fixed = bumps.filter((r) => r.fixed);
    const reverted = bumps.filter((r) => r.bumpKept === false);
    const not = (rs: RunFigures[]) => (rs.length ? ` (not: ${rs.map((r) => `${r.scenario}/${r.variant}`).join(', ')})` : '');
    goals.push({
      goal: 'bump scenarios: the first request holds what the fix needs from the new version in ≥ 7 of 8',
      figure: `${held.length}/${bumps.length}${not(bumps.filter((r) => !r.firstHoldsNeeds))}; fixed ${fixed.length}/${bumps.length}`,
      met: held.length / bumps.length >= 7 / 8,
    });
    goals.push({
      goal: 'bump scenarios: the bump reverted in 0 runs',
      figure: `${reverted.length}/${bumps.length} reverted${not(reverted)}`,
      met: reverted.length === 0,
    });
  }
  const weak = byVariant(runs, 'weak');
  if (weak.length) {
    const clean = weak.filter((r) => r.status === 'not-fixed' && !r.error).length;
    const prompt = (r: RunFigures) => r.apiTokens?.prompt ?? r.totalTokens;
    const most = weak.reduce((a, b) => (b.requests > a.requests ? b : a));
    const heaviest = weak.reduce((a, b) => (prompt(b) > prompt(a) ? b : a));
    goals.push({
      goal: 'a weak model ends not-fixed cleanly, with ≤ 12 requests and ≤ 60,000 prompt tokens per run',
      figure: `${clean}/${weak.length} not-fixed; requests max ${most.requests} (${most.scenario}); prompt tokens max ${int(prompt(heaviest))} (${heaviest.scenario})`,
      met: clean === weak.length && most.requests <= 12 && prompt(heaviest) <= 60_000,
    });
  }
  return { variants, sets, damage, goals, baselines };
}

function table(header: string[], rows: string[][], align: ('l' | 'r')[] = []): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (align[i] === 'l' ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

const mark = (b: boolean | undefined) => (b === undefined ? '—' : b ? 'yes' : 'NO');

/** A scenario left out because this machine lacks its toolchain. */
export interface Skipped {
  scenario: string;
  reason: string;
}

export function formatReport(runs: RunFigures[], scenarios: Scenario[], summary: Summary, header: string, skipped: Skipped[] = [], perScenario = true): string {
  const out: string[] = [header, ''];
  const get = (s: string, v: string) => runs.find((r) => r.scenario === s && r.variant === v);
  const mainRows: string[][] = [];
  const present = new Set(runs.map((r) => r.variant));
  for (const s of scenarios) {
    const r = get(s.name, 'main');
    if (!r) continue;
    const naive = get(s.name, 'naive');
    const full = get(s.name, 'full-reruns');
    const others = ['damaged', 'partial', 'test-edit']
      .filter((v) => present.has(v))
      .map((v) => (get(s.name, v)?.fixed ? '✓' : '✗'))
      .join('');
    mainRows.push([
      s.name,
      `${s.language.slice(0, 2)}/${s.runner}`,
      s.kinds.join('+'),
      `${s.set === 'frozen' ? 'F' : 'T'} ${s.fixInPr ? 'PR' : 'out'}`,
      r.fixed ? 'yes' : `NO (${r.status})`,
      String(r.attempts),
      String(r.requests),
      String(r.review?.requests ?? 0),
      mark(r.firstHoldsFix),
      int(r.firstTokens),
      int(r.maxTokens),
      int(r.totalTokens),
      String(r.testRuns),
      secs(r.testMs),
      r.firstRunMs > 0 && r.fixed ? ratio(r.verifyMs / r.firstRunMs) : '—',
      int(r.ownMs),
      `${r.edits.applied}/${r.edits.refused}/${r.edits['no-match']}`,
      r.heldout ? `${r.heldout.passed}/${r.heldout.total}` : '—',
      ...(present.has('naive') ? [naive ? `${int(naive.firstTokens)} ${ratio(naive.firstTokens / r.firstTokens)}` : '—'] : []),
      ...(present.has('full-reruns') ? [full && full.fixed && full.firstRunMs > 0 ? ratio(full.verifyMs / full.firstRunMs) : '—'] : []),
      ...(others ? [others] : []),
    ]);
  }
  if (mainRows.length && perScenario) {
    const main = runs.filter((r) => r.variant === 'main');
    const fixed = main.filter((r) => r.fixed);
    const naive = runs.filter((r) => r.variant === 'naive');
    const full = runs.filter((r) => r.variant === 'full-reruns' && r.fixed && r.firstRunMs > 0);
    mainRows.push(mainRows[0]!.map(() => ''));
    mainRows.push([
      `total (${main.length})`,
      '',
      '',
      '',
      `${fixed.length}/${main.length}`,
      `med ${median(main.map((r) => r.attempts))}`,
      `med ${median(main.map((r) => r.requests))}`,
      String(sum(main.map((r) => r.review?.requests ?? 0))),
      `${main.filter((r) => r.firstHoldsFix).length}/${main.length}`,
      `med ${int(median(main.map((r) => r.firstTokens)))}`,
      `max ${int(Math.max(...main.map((r) => r.maxTokens)))}`,
      int(sum(main.map((r) => r.totalTokens))),
      String(sum(main.map((r) => r.testRuns))),
      secs(sum(main.map((r) => r.testMs))),
      `med ${ratio(median(fixed.filter((r) => r.firstRunMs > 0).map((r) => r.verifyMs / r.firstRunMs)))}`,
      `med ${int(median(main.map((r) => r.ownMs)))}`,
      `${sum(main.map((r) => r.edits.applied))}/${sum(main.map((r) => r.edits.refused))}/${sum(main.map((r) => r.edits['no-match']))}`,
      `${sum(main.map((r) => r.heldout?.passed ?? 0))}/${sum(main.map((r) => r.heldout?.total ?? 0))}`,
      ...(present.has('naive') ? [`med ${ratio(summary.baselines.naiveFirstTokensRatio ?? NaN)} (${int(median(naive.map((r) => r.firstTokens)))})`] : []),
      ...(present.has('full-reruns') ? [`med ${ratio(median(full.map((r) => r.verifyMs / r.firstRunMs)))}`] : []),
      ...(mainRows[0]!.length > 18 + Number(present.has('naive')) + Number(present.has('full-reruns')) ? [''] : []),
    ]);
    const header = [
      'scenario',
      'lang/runner',
      'kind',
      'set fix',
      'fixed',
      'att',
      'req',
      'review',
      '1st⊇fix',
      'tok 1st',
      'tok max',
      'tok total',
      'runs',
      'test s',
      'verify×',
      'own ms',
      'edits a/r/m',
      'held-out',
    ];
    if (present.has('naive')) header.push('naive tok 1st');
    if (present.has('full-reruns')) header.push('full-rerun verify×');
    const others = ['damaged', 'partial', 'test-edit'].filter((v) => present.has(v));
    if (others.length) header.push(others.map((o) => o[0]).join('/'));
    out.push(table(header, mainRows, ['l', 'l', 'l', 'l', 'l']));
    out.push('');
  }

  out.push(
    table(
      [
        'variant',
        'fixed',
        'att med',
        'req med',
        'req max',
        '1st⊇fix in PR',
        '1st⊇fix outside',
        'tok 1st med',
        'tok max',
        'tok total',
        'edits a/r/m/i',
        'held-out',
        'test s',
        'verify× med',
        'own ms/att med',
        'max',
        'review req',
        'review tok',
        'refused s/r',
        'fmt would change',
      ],
      summary.variants.map((v) => [
        v.variant,
        `${v.fixed}/${v.runs}${v.errors ? ` (${v.errors} err)` : ''}`,
        String(v.attemptsMedian),
        String(v.requestsMedian),
        String(v.requestsMax),
        `${v.firstHoldsInPr.holds}/${v.firstHoldsInPr.of}`,
        `${v.firstHoldsOutside.holds}/${v.firstHoldsOutside.of}`,
        int(v.firstTokensMedian),
        int(v.maxTokens),
        int(v.totalTokens),
        `${v.edits.applied}/${v.edits.refused}/${v.edits['no-match']}/${v.edits.invalid}`,
        `${v.heldout.passed}/${v.heldout.total}`,
        secs(v.testMs),
        ratio(v.verifyRatioMedian),
        int(v.ownMsPerAttemptMedian),
        int(v.ownMsPerAttemptMax),
        String(v.review.requests),
        int(v.review.tokens),
        `${v.specialCased}/${v.review.flagged}`,
        v.formatter.of ? `${v.formatter.wouldChange}/${v.formatter.of}` : '—',
      ]),
      ['l'],
    ),
  );
  out.push('');

  if (summary.sets.some((x) => x.scenarios)) {
    out.push('main variant by set (frozen: never tuned on; see bench/README.md) and by where the fix is (in lines the PR added, or outside them):');
    out.push(
      table(
        ['set', 'scenarios', 'fixed', '1st⊇fix in PR lines', '1st⊇fix outside PR lines', 'held-out (unfixed count as failing)', 'req med', 'tok 1st med'],
        summary.sets.map((x) => [
          x.set,
          String(x.scenarios),
          `${x.fixed}/${x.scenarios}`,
          `${x.firstHoldsInPr.holds}/${x.firstHoldsInPr.of}`,
          `${x.firstHoldsOutside.holds}/${x.firstHoldsOutside.of}`,
          `${x.heldout.passed}/${x.heldout.total}`,
          String(x.requestsMedian),
          int(x.firstTokensMedian),
        ]),
        ['l'],
      ),
    );
    out.push('');
  }

  if (summary.damage.some((d) => d.sent)) {
    out.push(
      table(
        ['damage (first try of each edit)', 'sent', 'correct', 'spacing drift', 'wrong', 'failed to match'],
        [
          ...summary.damage.map((d) => [d.kind, String(d.sent), String(d.correct), String(d.drift), String(d.wrong), String(d.failed)]),
          ['all', ...(['sent', 'correct', 'drift', 'wrong', 'failed'] as const).map((k) => String(sum(summary.damage.map((d) => d[k]))))],
        ],
        ['l'],
      ),
    );
    out.push('');
  }

  for (const [variant, what] of [
    ['overfit', "attempt 1 answers the visible tests' inputs with their expected values, from overfit.patch"],
    ['overfit-literal', "attempt 1 answers the visible tests' inputs with their expected values, from overfit.patch"],
    ['overfit-env', 'attempt 1 behaves differently under the test runner, from overfit-env.patch'],
  ] as const) {
    const overfit = runs.filter((r) => r.variant === variant);
    if (!overfit.length) continue;
    // Attempt 1 writes the special-cased patch: delivered at attempt 1 means it got through.
    const through = overfit.filter((r) => r.fixedAt === 1);
    const refused = overfit.filter((r) => (r.specialCased ?? 0) > 0 || (r.review?.flagged ?? 0) > 0);
    const later = overfit.filter((r) => r.fixedAt !== undefined && r.fixedAt > 1);
    const each = overfit.map(
      (r) =>
        `${r.scenario}: ${r.fixedAt ? `delivered at attempt ${r.fixedAt}` : r.status}, refused ${r.specialCased ?? 0} by the check and ${r.review?.flagged ?? 0} by the review, held-out ${r.heldout ? `${r.heldout.passed}/${r.heldout.total}` : '—'}`,
    );
    out.push(
      `${variant} (${what}): the special-cased try was delivered in ${through.length}/${overfit.length} runs; refused before delivery in ${refused.length}/${overfit.length}, then fixed at a later attempt in ${later.length}/${overfit.length} (${each.join('; ')})`,
    );
    out.push('');
  }
  const unformatted = runs.filter((r) => r.variant === 'unformatted');
  if (unformatted.length) {
    const formatted = unformatted.filter((r) => r.formattedAt?.includes(1));
    const measured = unformatted.filter((r) => r.formatterWouldChange !== undefined);
    const still = measured.filter((r) => r.formatterWouldChange);
    out.push(
      `unformatted (attempt 1 leaves formatting off; the repository configures prettier, or gofmt for Go): the formatter reformatted the first try's lines in ${formatted.length}/${unformatted.length} runs, ${unformatted.filter((r) => r.fixed).length}/${unformatted.length} were fixed, and of the delivered patches the formatter would still change ${still.length}/${measured.length}${still.length ? ` (${still.map((r) => r.scenario).join(', ')})` : ''}`,
    );
    out.push('');
  }

  const b = summary.baselines;
  if (b.naiveFirstTokensRatio !== undefined || b.fullRerunVerifyRatio !== undefined) {
    out.push('baselines (median over scenarios of baseline ÷ main):');
    if (b.naiveFirstTokensRatio !== undefined)
      out.push(
        `  naive context (whole log + every changed file, whole): first request ${ratio(b.naiveFirstTokensRatio)} the tokens, largest request ${ratio(b.naiveMaxTokensRatio ?? NaN)}, all tokens ${ratio(b.naiveTotalTokensRatio ?? NaN)}`,
      );
    if (b.fullRerunVerifyRatio !== undefined)
      out.push(`  targeted reruns off: test time after the first run ${ratio(b.fullRerunVerifyRatio)}, all test time ${ratio(b.fullRerunTestRatio ?? NaN)}`);
    out.push('');
  }

  if (skipped.length) {
    out.push(`skipped (toolchain not installed; not counted as fixed or not fixed): ${skipped.map((k) => `${k.scenario} (${k.reason})`).join(', ')}`);
    out.push('');
  }
  if (summary.goals.length) {
    const covered = new Set(runs.map((r) => r.scenario)).size;
    out.push(`goals over the ${covered} scenarios that ran${skipped.length ? ` (${skipped.length} skipped)` : ''}:`);
    out.push(
      table(
        ['goal', 'figure', 'met'],
        summary.goals.map((g) => [g.goal, g.figure, g.met === undefined ? '—' : g.met ? 'met' : 'MISSED']),
        ['l', 'l', 'l'],
      ),
    );
    out.push('');
  }
  // Why runs were not fixed, once per scenario and reason: the first verdict that was not "no edit".
  const why = new Map<string, string[]>();
  for (const r of runs.filter((x) => !x.fixed)) {
    const reason = r.error ?? r.notes.find((n) => !n.startsWith('no-edits')) ?? r.message;
    const key = `${r.scenario}: ${r.status}: ${reason}`;
    why.set(key, [...(why.get(key) ?? []), r.variant]);
  }
  if (why.size) {
    out.push('not fixed (first verdict of the run):');
    for (const [key, variants] of why) out.push(`  ${key} [${variants.length === present.size ? 'every variant' : variants.join(', ')}]`);
    out.push('');
  }
  return out.join('\n');
}

export function skippedNote(skipped: Skipped[], chosen: number): string {
  return skipped.length ? ` of ${chosen} (${skipped.length} skipped: ${[...new Set(skipped.map((k) => k.reason))].join(', ')})` : '';
}

/** A results file written by `npm run bench -- --out <file>`. */
export interface SavedBench {
  date: string;
  /** The commit and command that made it (files written before they were recorded lack them). */
  commit?: string;
  command?: string;
  machine: string;
  seconds: number;
  options: { variants: string[]; jobs: number };
  scenarios: Scenario[];
  skipped?: Skipped[];
  runs: RunFigures[];
}

/** The report of a saved run (`--from`), with or without the per-scenario table. */
export function formatSaved(saved: SavedBench, perScenario = true): string {
  const summary = summarize(saved.runs, saved.scenarios);
  const skipped = saved.skipped ?? [];
  const header = `unbreak bench (saved ${saved.date}): ${saved.scenarios.length} scenarios${skippedNote(skipped, saved.scenarios.length + skipped.length)}, scripted model, variants ${saved.options.variants.join(', ')}; ${saved.runs.length} runs in ${saved.seconds.toFixed(0)} s on ${saved.machine}, ${saved.options.jobs} at a time.`;
  return formatReport(saved.runs, saved.scenarios, summary, header, skipped, perScenario);
}
