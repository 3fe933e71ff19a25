// Writes the README's benchmark figures from the results files the runs wrote (npm run readme), each with the
// date, commit and command it was made with: a published figure is always one a command made and can make again.
// A test checks that the README holds exactly what this would write.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatSaved, type SavedBench } from '../bench/report.js';
import { overheadTable, type SavedOverhead } from '../bench/overhead.js';
import type { CaseFigures } from '../bench/real/case.js';
import { loadProjects } from '../bench/real/project.js';
import { formatReal } from '../bench/real/report.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The results files and the command that writes each. */
export const FIGURES = {
  bench: { file: 'bench/results.json', command: 'npm run bench -- --out bench/results.json' },
  real: { file: 'bench/real/results-after.json', command: 'npm run bench -- --real --real-src <dir> --out bench/real/results-after.json' },
  overhead: { file: 'bench/overhead.json', command: 'npm run bench -- --overhead --runs 5 --out bench/overhead.json' },
} as const;

interface SavedReal {
  date: string;
  commit?: string;
  command?: string;
  machine?: string;
  seconds: number;
  projects: { name: string }[];
  skipped: { project: string; rule: string; problems: string[] }[];
  cases: CaseFigures[];
}

const indent = (text: string) =>
  text
    .split('\n')
    .map((l) => (l.trim() ? `    ${l.trimEnd()}` : ''))
    .join('\n');

function madeBy(saved: { date: string; commit?: string; command?: string; machine?: string; seconds: number }, command: string, again?: string): string {
  const commit = saved.commit ? `commit \`${saved.commit.slice(0, 12)}${saved.commit.endsWith('+changes') ? '+changes' : ''}\`` : 'a commit it did not record';
  return [
    `Made by \`${saved.command ?? command}\` on ${saved.date.slice(0, 10)} at ${commit}${saved.machine ? ` (${saved.machine})` : ''}, in ${Math.round(saved.seconds)} s.`,
    `To make it again: \`${command} && npm run readme\`${again ? `; \`${again}\` prints the whole report` : ''}.`,
  ].join(' ');
}

export function figureBlocks(root = ROOT): Record<keyof typeof PLACES, string> {
  const read = (f: string) => (existsSync(path.join(root, f)) ? readFileSync(path.join(root, f), 'utf8') : undefined);
  const none = (f: { file: string; command: string }) => `No results file yet: \`${f.command} && npm run readme\` writes this block.`;

  const benchText = read(FIGURES.bench.file);
  const bench = benchText
    ? (() => {
        const saved = JSON.parse(benchText) as SavedBench;
        return `${madeBy(saved, FIGURES.bench.command, `npm run bench -- --from ${FIGURES.bench.file}`)}\n\n${indent(formatSaved(saved, false).trimEnd())}`;
      })()
    : none(FIGURES.bench);

  const realText = read(FIGURES.real.file);
  const real = realText
    ? (() => {
        const saved = JSON.parse(realText) as SavedReal;
        const names = new Set(saved.projects.map((p) => p.name));
        const projects = loadProjects().filter((p) => names.has(p.name));
        const skipped = saved.skipped.map((c) => `${c.project}/${c.rule}: ${c.problems.join('; ')}`);
        return `${madeBy(saved, FIGURES.real.command, `npm run bench -- --real --from ${FIGURES.real.file}`)}\n\n${indent(formatReal(saved.cases, skipped, projects, saved.seconds).trimEnd())}`;
      })()
    : none(FIGURES.real);

  const overheadText = read(FIGURES.overhead.file);
  const overhead = overheadText
    ? (() => {
        const saved = JSON.parse(overheadText) as SavedOverhead;
        return `${madeBy(saved, FIGURES.overhead.command)} Medians of ${saved.runs} runs; \`node -e 0\` cost ${saved.node0.toFixed(3)} s of CPU there.\n\n${overheadTable(saved.rows)}`;
      })()
    : none(FIGURES.overhead);
  return { bench, real, overhead };
}

/** Where each block goes: the benchmark's and the overhead's in README.md, the real corpus's in bench/README.md (beside how it is built). */
export const PLACES = { bench: 'README.md', real: 'bench/README.md', overhead: 'README.md' } as const;

export function withFigure(text: string, key: keyof typeof PLACES, block: string): string {
  const re = new RegExp(`(<!-- figures-${key}:start -->)[\\s\\S]*?(<!-- figures-${key}:end -->)`);
  if (!re.test(text)) throw new Error(`${PLACES[key]} has no <!-- figures-${key}:start --> … <!-- figures-${key}:end --> block`);
  return text.replace(re, (_all, start: string, end: string) => `${start}\n${block}\n${end}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const blocks = figureBlocks();
  for (const key of Object.keys(PLACES) as (keyof typeof PLACES)[]) {
    const file = path.join(ROOT, PLACES[key]);
    writeFileSync(file, withFigure(readFileSync(file, 'utf8'), key, blocks[key]));
  }
}
