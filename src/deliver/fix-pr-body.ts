import type { Outcome } from '../engine/types.js';
import type { CulpritResult } from '../git/bisect.js';
import { fixMarker, type FixForwardTarget } from '../event/red-branch.js';
import { inert } from '../report/inert.js';
import { attemptsTable } from '../report/attempts-table.js';
import { failingList } from '../report/failing-list.js';
import { fence } from '../report/fence.js';
import { figuresLine } from '../report/figures.js';
import { fixedCount } from '../report/verdict.js';
import type { ReportContext } from '../report/report-context.js';

/** What a fix-forward knows about who broke the branch, for the PR body and the job summary. */
export interface CulpritFinding {
  result: CulpritResult;
  pr?: { number: number; title: string; url: string };
}

const short = (sha: string) => sha.slice(0, 7);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const link = (text: string, url?: string) => (url && /^https?:\/\/[^\s()<>]+$/.test(url) ? `[${text}](${url})` : text);
const code = (text: string) => `\`${text.replace(/`/g, "'")}\``;

/** The failing test ids the fix answers for: those that failed at first, less the flaky ones. */
export function fixedIds(outcome: Outcome): string[] {
  const flaky = new Set(outcome.flaky ?? []);
  return (outcome.before?.failures ?? []).map((f) => f.id).filter((id) => !flaky.has(id));
}

export function fixPrTitle(outcome: Outcome, target: FixForwardTarget): string {
  const n = fixedCount(outcome);
  return `unbreak: fix ${plural(n, 'failing test')} on ${target.defaultBranch} (red since ${short(target.headSha)})`;
}

/** One line naming the culprit (or the commits it is among), '' when nothing is known. */
export function culpritLine(target: FixForwardTarget, finding?: CulpritFinding): string {
  if (!finding) return '';
  const { result, pr } = finding;
  const commit = (sha: string) => {
    const c = target.commits.find((x) => x.sha === sha);
    return c ? `${link(code(short(sha)), c.url)} (${code(inert(c.subject))} by ${inert(c.author)})` : code(short(sha));
  };
  if (result.culprit) {
    const how =
      target.commits.length === 1
        ? 'the only commit since the last green run'
        : `the failing tests pass before it and fail at it (${plural(result.runs, 'test run')} of bisection)`;
    return `**Culprit**: ${commit(result.culprit)}${pr ? `, from ${link(`#${pr.number}`, pr.url)} ${code(inert(pr.title))}` : ''}: ${how}.`;
  }
  if (result.among.length)
    return `**Culprit**: not narrowed to one commit; it is one of ${result.among.map((s) => code(short(s))).join(', ')}${result.note ? ` (${inert(result.note)})` : ''}.`;
  return result.note ? `**Culprit**: not named (${inert(result.note)}).` : '';
}

/** The commits between the last green run and the red one, the culprit marked. */
export function commitsSection(target: FixForwardTarget, finding?: CulpritFinding): string {
  if (!target.green) return `No earlier green run of this workflow on \`${target.defaultBranch}\` was found, so the commits that broke it are not listed.`;
  const head = `**Commits since the last green run** (${link(code(short(target.green.sha)), target.green.url)} → ${code(short(target.headSha))}${target.compareUrl ? `, ${link('compare', target.compareUrl)}` : ''}):`;
  if (!target.commits.length) return `${head} not available.`;
  const rows = target.commits.slice(-20).map((c) => {
    const mark = finding?.result.culprit === c.sha ? ' ← **culprit**' : '';
    return `- ${link(code(short(c.sha)), c.url)} ${inert(c.subject)} (${inert(c.author)})${mark}`;
  });
  if (target.commits.length > 20) rows.unshift(`- … ${target.commits.length - 20} earlier`);
  return `${head}\n\n${rows.join('\n')}`;
}

function whatFailed(target: FixForwardTarget): string {
  const run = link(
    `${target.red.name ? inert(target.red.name) : 'The workflow'} run${target.red.runNumber !== undefined ? ` #${target.red.runNumber}` : ''}`,
    target.red.url,
  );
  return `${run} on \`${target.defaultBranch}\` failed at ${code(short(target.headSha))}.`;
}

/** The fix PR's body: what failed, since when, who, how it was checked, what was tried, the marker. */
export function fixPrBody(outcome: Outcome, target: FixForwardTarget, o: { testCommand: string; finding?: CulpritFinding; ctx?: ReportContext }): string {
  const ids = fixedIds(outcome);
  const parts = [
    fixMarker(ids),
    `${whatFailed(target)} unbreak reproduced it with ${code(o.testCommand)} and made this fix, which it has seen pass. It is a pull request, not a push to \`${target.defaultBranch}\`: review it like any other.`,
    failingList(outcome, 'What failed', true),
    culpritLine(target, o.finding),
    commitsSection(target, o.finding),
    `**Verification**: with the original test files, ${code(o.testCommand)} exited 0 on this branch and the ${plural(ids.length, 'failing test')} passed. ${figuresLine(outcome, o.ctx?.price)}`,
    attemptsTable(outcome.attempts, o.ctx?.price),
    ...(o.ctx?.runUrl ? [`${link('The unbreak run', o.ctx.runUrl)} has the full log.`] : []),
    outcome.patch
      ? `<details><summary>The fix (${plural(outcome.changedFiles.length, 'file')})</summary>\n\n${fence(outcome.patch, 'diff')}\n\n</details>`
      : '',
  ];
  return parts.filter(Boolean).join('\n\n').slice(0, 65_000);
}

/** Lines for the job summary of a fix-forward run, whatever its outcome. */
export function fixForwardLines(target: FixForwardTarget, finding?: CulpritFinding, opened?: { number: number; url: string }): string[] {
  return [
    whatFailed(target),
    ...(opened
      ? [`The fix is in ${link(`#${opened.number}`, opened.url)}, from \`unbreak/fix-${short(target.headSha)}\` into \`${target.defaultBranch}\`.`]
      : []),
    culpritLine(target, finding),
    commitsSection(target, finding),
  ].filter(Boolean);
}
