// The further cases of the rule (src/engine/further-cases.ts) for the judgement cases that have
// them: each written, as the product's request asks, by someone who saw the project before the
// fix and its failing tests but no fix (bench/judge/further/<set>/<project>.txt; <set>.json maps
// each case to its project and to the path the product writes the file at).
//
// npx tsx bench/judge/further.ts [names]: runs each such case's test command once with the fix
// applied and the cases file written, and keeps the output in outputs/<name>.cases.json, which
// `npm run bench -- --judge` reads.
import { existsSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCommand } from '../../src/run/command.js';
import { CASES, type JudgeCase } from './cases.js';
import { OUTPUTS, runEnv, write } from './record.js';

const FURTHER = path.join(import.meta.dirname, 'further');

export interface FurtherCases {
  path: string;
  text: string;
}

/** The cases file of a judgement case, when its set has them. */
export function furtherCasesOf(c: JudgeCase): FurtherCases | undefined {
  const manifest = path.join(FURTHER, `${c.set}.json`);
  if (!c.set || !existsSync(manifest)) return undefined;
  const entry = (JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, { project: string; path: string }>)[c.name];
  if (!entry) return undefined;
  return { path: entry.path, text: readFileSync(path.join(FURTHER, c.set, `${entry.project}.txt`), 'utf8') };
}

export interface RecordedCases {
  command: string;
  root: string;
  exitCode: number | null;
  timedOut: boolean;
  output: string;
  /** Where the cases file was written. */
  path: string;
}

export function casesOutput(name: string): string {
  return path.join(OUTPUTS, `${name}.cases.json`);
}

async function recordCases(c: JudgeCase, cases: FurtherCases): Promise<string> {
  const root = path.join(os.tmpdir(), 'unbreak-judge-cases', c.name);
  rmSync(root, { recursive: true, force: true });
  write(root, c.files);
  write(root, c.fix);
  write(root, { [cases.path]: cases.text });
  const run = await runCommand(c.test, { cwd: root, timeoutMs: 300_000, env: runEnv(root) });
  const recorded: RecordedCases = { command: c.test, root, exitCode: run.exitCode, timedOut: run.timedOut, output: run.output, path: cases.path };
  mkdirSync(OUTPUTS, { recursive: true });
  writeFileSync(casesOutput(c.name), `${JSON.stringify(recorded, null, 2)}\n`);
  rmSync(root, { recursive: true, force: true });
  return `${c.name} (${c.label}): exit ${run.exitCode}${run.timedOut ? ', timed out' : ''}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const names = process.argv.slice(2);
  for (const c of CASES.filter((c) => !names.length || names.some((n) => c.name.includes(n)))) {
    const cases = furtherCasesOf(c);
    if (cases) console.log(await recordCases(c, cases));
  }
}
