// npx tsx bench/real/from-commit.ts <git dir> <fix commit> <name> [--tests <regex>] [--ignore <regex>]
// Prints a rule for a project manifest made from a real fix commit: the case starts at the commit's
// parent, the PR is the commit's test changes (a PR that holds only tests), and the reference fix
// is its other changes (docs and changelogs left out). Paste it into projects/<project>.json, then
// --record and --check it like any other rule.
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import type { Edit, Rule } from './project.js';

const DEFAULT_TESTS = String.raw`(^|/)(tests?|__tests__|spec)/|_test\.go$|(^|/)test_[^/]*\.py$|_test\.py$|\.(test|spec)\.[cm]?[jt]sx?$`;
const DEFAULT_IGNORE = String.raw`(?i)(^|/)(changelog|changes|history|news|readme|authors)[^/]*$|\.(md|rst|txt)$`;

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
}

/** The changes to one file as edits: each zero-context hunk of `git diff -U0`, numbered as the old file reads. */
export function editsOf(diff: string, file: string): Edit[] {
  const edits: Edit[] = [];
  let current: Edit | undefined;
  for (const line of diff.split('\n')) {
    const h = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@/.exec(line);
    if (h) {
      const start = Number(h[1]);
      const count = h[2] === undefined ? 1 : Number(h[2]);
      // A pure insertion's old start is the line it follows; the edit names the line it goes before.
      current = { file, line: count === 0 ? start + 1 : start, old: [], new: [] };
      edits.push(current);
    } else if (current && line.startsWith('-') && !line.startsWith('---')) current.old.push(line.slice(1));
    else if (current && line.startsWith('+') && !line.startsWith('+++')) current.new.push(line.slice(1));
  }
  return edits;
}

function main(): void {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { tests: { type: 'string' }, ignore: { type: 'string' } } });
  const [dir, commit, name] = positionals;
  if (!dir || !commit || !name) {
    process.stderr.write('usage: npx tsx bench/real/from-commit.ts <git dir> <fix commit> <rule name> [--tests <regex>] [--ignore <regex>]\n');
    process.exit(2);
  }
  const isTest = new RegExp(values.tests ?? DEFAULT_TESTS);
  const ignoreSrc = values.ignore ?? DEFAULT_IGNORE;
  const ignore = new RegExp(ignoreSrc.replace('(?i)', ''), ignoreSrc.startsWith('(?i)') ? 'i' : '');
  const full = git(dir, 'rev-parse', commit).trim();
  const parent = git(dir, 'rev-parse', `${full}^`).trim();
  const subject = git(dir, 'log', '-1', '--format=%s', full).trim();
  const files = git(dir, 'diff', '--name-only', parent, full).split('\n').filter(Boolean);
  const pr: Edit[] = [];
  const fix: Edit[] = [];
  for (const file of files) {
    if (ignore.test(file)) continue;
    const edits = editsOf(git(dir, 'diff', '-U0', '--no-color', '--no-ext-diff', parent, full, '--', file), file);
    (isTest.test(file) ? pr : fix).push(...edits);
  }
  if (!pr.length || !fix.length) {
    process.stderr.write(`${full.slice(0, 12)}: needs both test and source changes (tests ${pr.length} edits, source ${fix.length})\n`);
    process.exit(1);
  }
  const rule: Partial<Rule> = {
    name,
    story: `fix commit ${full.slice(0, 12)} (${subject.slice(0, 100)}): its tests on its parent, the fix in code the PR does not touch`,
    commit: parent,
    pr,
    fix,
    fails: [],
    namesFile: false,
  };
  process.stdout.write(`${JSON.stringify(rule, null, 2)}\n`);
}

main();
