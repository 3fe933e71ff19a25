// npm run bench -- --real [options] [project names]: the corpus of real open-source projects.
// See bench/README.md ("Real projects") for how it works and how to add a project.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { checkoutRuleCommit, discard, injectBase, injectPr, prepare, referenceFix, reset, runCase, runSuite, type CaseFigures } from './case.js';
import { loadProjects, namesPath, saveProject, type Project } from './project.js';
import { formatReal } from './report.js';
import { machineName, provenance } from '../provenance.js';

const HELP = `npm run bench -- --real [options] [project names or parts of names]

  --real-src <dir>   where the projects' git dirs are (NAME.git or NAME), default $UNBREAK_REAL_SRC
  --work <dir>       where the clones go (default: $TMPDIR/unbreak-real)
  --keep             keep the installed clones in --work for the next run (which reuses them unless --fresh)
  --fresh            clone and install again even where a kept clone is there
  --check            only check the corpus: the pristine suite is green, each rule makes exactly its recorded tests fail
  --record           like --check, but write what each rule makes fail (and whether the output names the file) into the manifests
  --outputs <dir>    save each rule's failing test output there, as <project>-<rule>.txt
  --json             print one JSON object instead of the table
  --out <file>       also write that JSON object to a file
  --from <files>     print one table of JSON objects written by --out (comma-separated), without running anything
  -h, --help`;

const log = (line: string) => process.stderr.write(`${line}\n`);

function usage(message: string): never {
  process.stderr.write(`bench --real: ${message}\n`);
  process.exit(2);
}

interface CheckRow {
  project: string;
  rule: string;
  problems: string[];
  failing: string[];
  namesFile: boolean;
}

export async function mainReal(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv.filter((a) => a !== '--real'),
    allowPositionals: true,
    options: {
      'real-src': { type: 'string' },
      work: { type: 'string' },
      keep: { type: 'boolean' },
      fresh: { type: 'boolean' },
      check: { type: 'boolean' },
      record: { type: 'boolean' },
      outputs: { type: 'string' },
      json: { type: 'boolean' },
      out: { type: 'string' },
      from: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (values.from) return reprint(values.from.split(','), values.out);
  const src = values['real-src'] ?? process.env.UNBREAK_REAL_SRC;
  if (!src) usage('say where the fetched projects are: --real-src <dir> (or UNBREAK_REAL_SRC); bench/README.md says how to fill it');
  const work = path.resolve(values.work ?? path.join(os.tmpdir(), 'unbreak-real'));
  let projects = loadProjects();
  if (positionals.length) projects = projects.filter((p) => positionals.some((n) => p.name.includes(n)));
  if (!projects.length) usage(`no project matches ${positionals.join(' ')}`);
  // The Python projects use no pytest plugins; whatever this machine has installed would only add start-up time.
  process.env.PYTEST_DISABLE_PLUGIN_AUTOLOAD ??= '1';
  const checkOnly = Boolean(values.check || values.record);
  if (values.outputs) mkdirSync(values.outputs, { recursive: true });

  const checks: CheckRow[] = [];
  const cases: CaseFigures[] = [];
  const started = Date.now();
  for (const p of projects) {
    let dir: string;
    try {
      log(`${p.name}: cloning and installing`);
      dir = await prepare(p, path.resolve(src), work, values.fresh ?? false);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`${p.name}: ${message}`);
      for (const r of p.rules) checks.push({ project: p.name, rule: r.name, problems: [message], failing: [], namesFile: false });
      continue;
    }
    const pristineRun = await runSuite(p, dir);
    const green = pristineRun.run.exitCode === 0;
    if (!green) log(`${p.name}: the suite at ${p.commit.slice(0, 10)} is not green (exit ${pristineRun.run.exitCode}):\n${pristineRun.run.output.slice(-800)}`);
    for (const r of p.rules) {
      const problems: string[] = [];
      // A case from a fix commit has its own start (the commit's parent); the project's commit says nothing about it.
      if (!green && !r.commit) problems.push('the suite without the bug (the reference fix) is not green');
      let pristine = '';
      let fixed: Map<string, string>;
      try {
        checkoutRuleCommit(dir, r);
        if (!r.pr) pristine = readFileSync(path.join(dir, r.file), 'utf8');
        injectBase(dir, r);
        // An outside case's base (e.g. a latent bug) must pass the suite: the bug is one no test there catches.
        if (checkOnly && (r.base?.length || r.commit)) {
          const base = await runSuite(p, dir);
          if (base.run.exitCode !== 0) problems.push(`the suite fails on the base (exit ${base.run.exitCode}): the base edits must pass it`);
        }
        injectPr(dir, r);
        fixed = referenceFix(dir, r, pristine);
      } catch (error) {
        checks.push({ project: p.name, rule: r.name, problems: [error instanceof Error ? error.message : String(error)], failing: [], namesFile: false });
        log(`BAD ${p.name}/${r.name}: ${checks.at(-1)!.problems[0]}`);
        reset(dir, p.commit);
        continue;
      }
      const broken = await runSuite(p, dir);
      if (values.outputs)
        writeFileSync(path.join(values.outputs, `${p.name}-${r.name}.txt`), `$ ${p.test}\n${broken.run.output}\n[exit ${broken.run.exitCode}]\n`);
      // A TAP directive (` # time=…`) is not part of a test's name (issue 9), whatever the reader keeps.
      const failing = broken.report.failures.map((f) => f.id.replace(/ # [^>]*?(?= > |$)/g, '')).sort();
      const namesFile = namesPath(broken.run.output, dir, r.file);
      if (broken.run.exitCode === 0) problems.push('the suite passes with the bug');
      if (checkOnly && r.fix) {
        // The reference fix of an outside case is not a revert: it must make the PR's suite green.
        for (const [file, text] of fixed) writeFileSync(path.join(dir, file), text);
        const after = await runSuite(p, dir);
        if (after.run.exitCode !== 0)
          problems.push(`the suite is not green with the reference fix (exit ${after.run.exitCode}): ${after.run.output.slice(-300)}`);
      }
      if (failing.length < 1 || failing.length > 10) problems.push(`${failing.length} tests fail (a rule should make 1 to 10 fail)`);
      if (values.record) {
        r.fails = failing;
        r.namesFile = namesFile;
      } else {
        const want = [...r.fails].sort();
        if (want.join('\n') !== failing.join('\n'))
          problems.push(`expected to fail: ${want.join(', ') || 'nothing recorded'}; failed: ${failing.join(', ') || 'none named'}`);
        if (namesFile !== r.namesFile)
          problems.push(`the output ${namesFile ? 'names' : 'does not name'} ${r.file}, the rule says it ${r.namesFile ? 'does' : 'does not'}`);
      }
      checks.push({ project: p.name, rule: r.name, problems, failing, namesFile });
      log(
        `${problems.length ? 'BAD' : 'ok '} ${p.name}/${r.name}: ${failing.length} failing (${broken.report.format}), output ${namesFile ? 'names' : 'does not name'} ${r.file}${problems.length ? `\n      ${problems.join('\n      ')}` : ''}`,
      );
      if (!checkOnly && !problems.length) {
        const f = await runCase(p, r, dir, fixed);
        cases.push(f);
        log(
          `   ${p.name}/${r.name}: ${f.status}, real suite ${f.suiteGreen ? 'green' : 'red'}, ${f.requests} req + ${f.reviewRequests ?? 0} review, ${(f.wallMs / 1000).toFixed(1)} s${f.error ? ` (${f.error})` : ''}`,
        );
      }
      reset(dir, p.commit);
    }
    if (values.record) saveProject(p);
    if (!values.keep) discard(p, work);
  }
  const bad = checks.filter((c) => c.problems.length);
  const seconds = (Date.now() - started) / 1000;
  if (checkOnly) {
    const namers = checks.filter((c) => c.namesFile).length;
    process.stdout.write(
      `${bad.length ? `${bad.length} of ${checks.length} rules have problems` : `all ${checks.length} rules check out`}; the failing output names the buggy file in ${namers} of ${checks.length}\n`,
    );
    return bad.length ? 1 : 0;
  }
  const result = {
    date: new Date().toISOString(),
    ...provenance(argv),
    machine: machineName(),
    seconds,
    projects: projects.map(describe),
    skipped: bad.map((c) => ({ project: c.project, rule: c.rule, problems: c.problems })),
    cases,
  };
  if (values.out) writeFileSync(values.out, `${JSON.stringify(result, null, 2)}\n`);
  if (values.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else
    process.stdout.write(
      `${formatReal(
        cases,
        bad.map((c) => `${c.project}/${c.rule}: ${c.problems.join('; ')}`),
        projects,
        seconds,
      )}\n`,
    );
  return 0;
}

/** --from: one table of saved runs (e.g. of projects run in two processes). */
function reprint(files: string[], out?: string): number {
  const saved = files.map(
    (f) =>
      JSON.parse(readFileSync(f, 'utf8')) as {
        date?: string;
        commit?: string;
        machine?: string;
        seconds: number;
        projects: { name: string }[];
        skipped: { project: string; rule: string; problems: string[] }[];
        cases: CaseFigures[];
      },
  );
  const names = new Set(saved.flatMap((s) => s.projects.map((p) => p.name)));
  const projects = loadProjects().filter((p) => names.has(p.name));
  const cases = saved.flatMap((s) => s.cases);
  // A rule skipped in one run and run in a later one counts as run.
  const skipped = saved.flatMap((s) => s.skipped).filter((k) => !cases.some((c) => c.project === k.project && c.rule === k.rule));
  const seconds = Math.max(...saved.map((s) => s.seconds));
  // The runs' own provenance, not this reprint's: the commit(s) and the latest date they were made on.
  const commits = [...new Set(saved.map((s) => s.commit ?? 'unrecorded'))];
  const dates = saved.map((s) => s.date ?? '').sort();
  const made = {
    date: dates.at(-1) || new Date().toISOString(),
    commit: commits.join(' '),
    command: `npm run bench -- --real --from ${files.join(',')}${out ? ` --out ${out}` : ''}`,
    ...(saved[0]?.machine ? { machine: saved[0].machine } : {}),
  };
  if (out) writeFileSync(out, `${JSON.stringify({ ...made, seconds, projects: projects.map(describe), skipped, cases }, null, 2)}\n`);
  process.stdout.write(
    `${formatReal(
      cases,
      skipped.map((c) => `${c.project}/${c.rule}: ${c.problems.join('; ')}`),
      projects,
      seconds,
    )}\n`,
  );
  return 0;
}

function describe(p: Project) {
  return { name: p.name, repo: p.repo, commit: p.commit, runner: p.runner, rules: p.rules.length };
}
