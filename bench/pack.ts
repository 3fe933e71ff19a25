// Packs a scenario written as plain directories into the form the benchmark runs:
//
//   npx tsx bench/pack.ts <staging dir> [name]
//
// The staging dir holds scenario.json (without fixLines), base/ (the project at the base
// commit), pr/ (every file the PR changes, as it is after the PR; a file whose whole content is
// __DELETE__ is deleted), fix/ (every file the reference fix changes, as it is after the fix) and
// heldout/ (tests added only after the run). The result, bench/scenarios/<name>/, holds base/,
// heldout/, pr.patch and fix.patch made by git, and scenario.json with fixLines filled in.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gitIn, gitRaw, listFiles, patchLines, SCENARIOS_DIR, type ScenarioMeta } from './scenario.js';

const [stagingArg, nameArg] = process.argv.slice(2);
if (!stagingArg) {
  process.stderr.write('usage: npx tsx bench/pack.ts <staging dir> [name]\n');
  process.exit(2);
}
const staging = path.resolve(stagingArg);
const name = nameArg ?? path.basename(staging);
const meta = JSON.parse(readFileSync(path.join(staging, 'scenario.json'), 'utf8')) as Omit<ScenarioMeta, 'fixLines'>;

const work = mkdtempSync(path.join(tmpdir(), 'unbreak-pack-'));
try {
  const overlay = (dir: string) => {
    for (const rel of listFiles(dir)) {
      const text = readFileSync(path.join(dir, rel), 'utf8');
      if (text.trim() === '__DELETE__') unlinkSync(path.join(work, rel));
      else cpSync(path.join(dir, rel), path.join(work, rel));
    }
  };
  gitIn(work, 'init', '-q', '-b', 'main');
  cpSync(path.join(staging, 'base'), work, { recursive: true });
  gitIn(work, 'add', '-A');
  gitIn(work, 'commit', '-q', '-m', 'base');
  overlay(path.join(staging, 'pr'));
  gitIn(work, 'add', '-A');
  gitIn(work, 'commit', '-q', '-m', 'pr');
  overlay(path.join(staging, 'fix'));
  gitIn(work, 'add', '-A');
  gitIn(work, 'commit', '-q', '-m', 'fix');
  const diff = (range: string) => gitRaw(work, 'diff', '--no-color', '--no-ext-diff', '--no-renames', range);
  const prPatch = diff('HEAD~2..HEAD~1');
  const fixPatch = diff('HEAD~1..HEAD');
  if (!prPatch.trim() || !fixPatch.trim()) throw new Error('the PR or the fix changes nothing');

  const out = path.join(SCENARIOS_DIR, name);
  rmSync(out, { recursive: true, force: true });
  cpSync(path.join(staging, 'base'), path.join(out, 'base'), { recursive: true });
  if (existsSync(path.join(staging, 'heldout'))) cpSync(path.join(staging, 'heldout'), path.join(out, 'heldout'), { recursive: true });
  writeFileSync(path.join(out, 'pr.patch'), prPatch);
  writeFileSync(path.join(out, 'fix.patch'), fixPatch);
  const full: ScenarioMeta = { ...meta, fixLines: patchLines(fixPatch) };
  writeFileSync(path.join(out, 'scenario.json'), `${JSON.stringify(full, null, 2)}\n`);
  process.stdout.write(`packed ${name}: fix changes ${full.fixLines.join(', ')}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
