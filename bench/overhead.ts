// npm run bench -- --overhead: unbreak's own cost (CPU and peak memory), with the test runs
// subtracted, measured on the built CLI as a user runs it. Figures, not assertions: goals are
// printed beside them.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { call, startModelServer, type ModelServer } from '../testkit/model-server.js';
import { gitIn, makeRepo } from '../testkit/repo.js';
import { machineName, provenance } from './provenance.js';

const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/cli.js');

interface Cost {
  /** CPU seconds (user + system) of the whole process tree. */
  cpu: number;
  /** Peak resident set of the largest process in the tree, MB. */
  rssMb: number;
}

/** Runs a command under GNU time and returns what it reports; `cwd` and `env` as given. */
function timed(cmd: string[], cwd: string, env: Record<string, string>): Promise<Cost & { code: number; stdout: string }> {
  const out = path.join(os.tmpdir(), `unbreak-overhead-${process.pid}-${Math.random().toString(36).slice(2)}`);
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/time', ['-f', '%U %S %M', '-o', out, ...cmd], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.resume();
    child.once('error', reject);
    child.once('exit', (code) => {
      const [u, s, m] = readFileSync(out, 'utf8').trim().split('\n').at(-1)!.split(' ').map(Number);
      rmSync(out, { force: true });
      resolve({ cpu: u! + s!, rssMb: m! / 1024, code: code ?? -1, stdout });
    });
  });
}

/** The test runs' own CPU, written by the wrapper the test command goes through. */
function testCpu(file: string): number {
  let total = 0;
  try {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const [u, s] = line.trim().split(' ').map(Number);
      if (Number.isFinite(u) && Number.isFinite(s)) total += u! + s!;
    }
  } catch {
    return 0;
  }
  return total;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const SOURCE = `export function slug(s) {\n  return s.toLowerCase().replace(/ /g, '_');\n}\n`;
const TEST = `import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { slug } from '../src/slug.js';\ntest('slug joins words with dashes', () => assert.equal(slug('A B'), 'a-b'));\n`;

/** The plain repository: one source file, one failing node --test file, a PR that broke it. */
function plainRepo(extra: (dir: string) => void = () => {}): { dir: string; cleanup: () => void } {
  const repo = makeRepo(
    { 'package.json': '{"type":"module"}\n', 'src/slug.js': SOURCE.replace("'_'", "'-'"), 'test/slug.test.js': TEST },
    { 'src/slug.js': SOURCE },
  );
  extra(repo.dir);
  return repo;
}

async function fixServer(): Promise<ModelServer> {
  return startModelServer((_req, i) =>
    i === 0 ? { toolCalls: [call('edit_file', { path: 'src/slug.js', old_text: "'_'", new_text: "'-'" })] } : { content: 'Joined words with dashes.' },
  );
}

interface Case {
  name: string;
  goal: string;
  /** Own CPU (s) of the run, or a ratio against its floor. */
  run: () => Promise<{ figure: string; ok: boolean; detail: string }>;
}

async function ownCost(repo: string, extraArgs: string[] = [], testCmd = 'node --test'): Promise<Cost & { status: string }> {
  // Each run starts from the broken PR, whatever the one before left in the work tree.
  gitIn(repo, 'checkout', '-q', '--', '.');
  const server = await fixServer();
  const costs = path.join(repo, '..', `test-cpu-${path.basename(repo)}`);
  rmSync(costs, { force: true });
  try {
    const r = await timed(
      [process.execPath, CLI, '--test', `/usr/bin/time -f '%U %S' -a -o ${costs} ${testCmd}`, '--max-attempts', '1', '--no-review', '--json', ...extraArgs],
      repo,
      { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), UNBREAK_API_KEY: 'sk-overhead-bench', OPENAI_BASE_URL: server.url },
    );
    const status = String((JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '{}') as { status?: string }).status);
    return { cpu: r.cpu - testCpu(costs), rssMb: r.rssMb, status };
  } finally {
    rmSync(costs, { force: true });
    await server.close();
  }
}

/**
 * CPU seconds of one start of a short command, from a batch of `BATCH` starts timed together: GNU
 * time prints CPU in hundredths of a second, coarser than one start of Node on a fast machine.
 */
const BATCH = 10;
async function oneStart(cmd: string[], env: Record<string, string>): Promise<number> {
  const quoted = cmd.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const c = await timed(['sh', '-c', `i=0; while [ $i -lt ${BATCH} ]; do ${quoted} >/dev/null; i=$((i+1)); done`], os.tmpdir(), env);
  return c.cpu / BATCH;
}

/**
 * A large case's own CPU over the plain floor's, each run of it paired with a run of the floor made
 * right after it (and, where given, with a run of its yardstick): the median of the pairs'
 * differences (and of each difference over its yardstick), which the machine's drift between two
 * series of runs does not move; the medians of each side for the record.
 */
async function overFloor(
  runs: number,
  big: () => Promise<Cost>,
  floor: () => Promise<Cost>,
  yardstick?: () => Promise<Cost>,
): Promise<{ extra: number; ratio: number; big: number; floor: number; yard: number }> {
  const rows: { big: number; floor: number; yard: number }[] = [];
  for (let i = 0; i < runs; i++) rows.push({ big: (await big()).cpu, floor: (await floor()).cpu, yard: yardstick ? (await yardstick()).cpu : 1 });
  return {
    extra: median(rows.map((r) => r.big - r.floor)),
    ratio: median(rows.map((r) => (r.big - r.floor) / r.yard)),
    big: median(rows.map((r) => r.big)),
    floor: median(rows.map((r) => r.floor)),
    yard: median(rows.map((r) => r.yard)),
  };
}

async function repeat<T>(n: number, f: () => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(await f());
  return out;
}

/** What `--overhead --out <file>` writes, and `npm run readme` prints in the README. */
export interface SavedOverhead {
  date: string;
  commit: string;
  command: string;
  machine: string;
  seconds: number;
  runs: number;
  /** CPU seconds of `node -e 0` here, the floor every figure sits on. */
  node0: number;
  rows: { name: string; figure: string; goal: string; met: boolean; detail: string }[];
}

export function overheadTable(rows: SavedOverhead['rows']): string {
  return [
    '| case | figure | goal | met | detail |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r.name} | ${r.figure} | ${r.goal} | ${r.met ? 'yes' : 'no'} | ${r.detail} |`),
  ].join('\n');
}

export async function mainOverhead(argv: string[]): Promise<number> {
  const started = performance.now();
  const valueOf = (flag: string) => (argv.includes(flag) ? (argv[argv.indexOf(flag) + 1] ?? '') : undefined);
  const runsText = valueOf('--runs');
  const runs = runsText === undefined ? 3 : Number(runsText);
  const out = valueOf('--out');
  const bad =
    (!Number.isInteger(runs) || runs < 1 ? `--runs takes a whole number of runs, 1 or more (got ${JSON.stringify(runsText)})` : '') ||
    (out !== undefined && (!out || out.startsWith('-')) ? '--out takes the file to write the results to' : '') ||
    argv.filter((a) => a.startsWith('--runs=') || a.startsWith('--out=')).map((a) => `write ${a.split('=')[0]} and its value as two words (${a})`)[0];
  if (bad) {
    process.stderr.write(`bench --overhead: ${bad}\n`);
    return 2;
  }
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), UNBREAK_API_KEY: 'sk-overhead-bench' };
  const node0 = median(await repeat(runs, () => oneStart([process.execPath, '-e', '0'], env)));

  const cases: Case[] = [
    {
      name: 'plain run (one failing node --test file, one attempt)',
      goal: 'own CPU ≤ 1.0 s, peak RSS ≤ 120 MB',
      run: async () => {
        const repo = plainRepo();
        try {
          const c = await repeat(runs, () => ownCost(repo.dir));
          const cpu = median(c.map((x) => x.cpu));
          const rss = median(c.map((x) => x.rssMb));
          // In units of `node -e 0` too: a figure another machine can be compared by.
          return {
            figure: `${cpu.toFixed(2)} s, ${rss.toFixed(0)} MB`,
            ok: cpu <= 1 && rss <= 120,
            detail: `${(cpu / node0).toFixed(0)}× node -e 0; ${c.map((x) => x.status).join(',')}`,
          };
        } finally {
          repo.cleanup();
        }
      },
    },
    {
      name: '--help and --version',
      goal: '≤ 2× node -e 0',
      run: async () => {
        const help = median(await repeat(runs, () => oneStart([process.execPath, CLI, '--help'], env)));
        const version = median(await repeat(runs, () => oneStart([process.execPath, CLI, '--version'], env)));
        const ratio = Math.max(help, version) / node0;
        return {
          figure: `${ratio.toFixed(2)}×`,
          ok: ratio <= 2,
          detail: `help ${help.toFixed(3)} s, version ${version.toFixed(3)} s, node -e 0 ${node0.toFixed(3)} s`,
        };
      },
    },
    {
      name: '100 MB of test output',
      goal: 'peak RSS ≤ 200 MB',
      run: async () => {
        // yes and head hold a line at a time: the peak is unbreak's own, not the writer's. The writer
        // is a script in the repository: a test command over ~85 characters no longer fits the
        // prompt's first line by its byte length, and the exact tokenizer (2 s, 100+ MB) would be
        // measured instead of the output.
        const repo = plainRepo((dir) => {
          writeFileSync(path.join(dir, 'out.sh'), `yes ${'x'.repeat(99)} | head -n 1000000; node --test\n`);
          gitIn(dir, 'add', 'out.sh');
          gitIn(dir, 'commit', '-q', '-m', 'a test command that prints 100 MB');
        });
        try {
          const c = await repeat(runs, () => ownCost(repo.dir, [], 'sh out.sh'));
          const rss = median(c.map((x) => x.rssMb));
          return {
            figure: `${rss.toFixed(0)} MB`,
            ok: rss <= 200,
            detail: `own CPU ${median(c.map((x) => x.cpu)).toFixed(2)} s; ${c.map((x) => x.status).join(',')}`,
          };
        } finally {
          repo.cleanup();
        }
      },
    },
    {
      name: '10,000-file diff',
      goal: 'own CPU − plain ≤ 1.5× git diff',
      run: async () => {
        const repo = plainRepo((dir) => {
          for (let i = 0; i < 10000; i++) {
            const d = path.join(dir, 'gen', String(i % 100));
            mkdirSync(d, { recursive: true });
            writeFileSync(path.join(d, `f${i}.js`), `export const v${i} = ${i};\n// ${'line '.repeat(10)}\n`);
          }
          gitIn(dir, 'add', '-A');
          gitIn(dir, 'commit', '-q', '-m', 'many files');
        });
        const plain = plainRepo();
        try {
          // The test file named: node --test would otherwise look for test files among the 10,000, and
          // its CPU, subtracted, would only add noise to a figure about the diff.
          const test = 'node --test test/slug.test.js';
          const { ratio, big, floor, yard } = await overFloor(
            runs,
            () => ownCost(repo.dir, [], test),
            () => ownCost(plain.dir, [], test),
            () => timed(['git', 'diff', 'main'], repo.dir, env),
          );
          return {
            figure: `${ratio.toFixed(2)}×`,
            ok: ratio <= 1.5,
            detail: `own CPU ${big.toFixed(2)} s vs plain ${floor.toFixed(2)} s, git diff ${yard.toFixed(2)} s (medians; the figure is the median over runs of (own − plain) / git diff, each run's three made one after the other)`,
          };
        } finally {
          repo.cleanup();
          plain.cleanup();
        }
      },
    },
    {
      name: '50,000 test files',
      goal: 'adds ≤ 1 s own CPU',
      run: async () => {
        // The test files are in the base branch too, so the PR's diff is the plain one: this case
        // measures the number of test files, and the 10,000-file case the size of the diff.
        const repo = plainRepo((dir) => {
          gitIn(dir, 'checkout', '-q', 'main');
          for (let i = 0; i < 50000; i++) {
            const d = path.join(dir, 'test', 'gen', String(i % 500));
            mkdirSync(d, { recursive: true });
            writeFileSync(path.join(d, `t${i}.test.mjs`), `// ${i}\n`);
          }
          execFileSync('git', ['add', '-A'], { cwd: dir });
          gitIn(dir, 'commit', '-q', '-m', 'many test files');
          gitIn(dir, 'checkout', '-q', 'feature');
          gitIn(dir, 'rebase', '-q', 'main');
        });
        const plain = plainRepo();
        try {
          const test = 'node --test test/slug.test.js';
          const { extra, big, floor } = await overFloor(
            runs,
            () => ownCost(repo.dir, [], test),
            () => ownCost(plain.dir, [], test),
          );
          return {
            figure: `+${extra.toFixed(2)} s`,
            ok: extra <= 1,
            detail: `own CPU ${big.toFixed(2)} s vs plain ${floor.toFixed(2)} s (medians; the figure is the median of paired runs' differences)`,
          };
        } finally {
          repo.cleanup();
          plain.cleanup();
        }
      },
    },
  ];

  const only = argv.filter((a, i) => !a.startsWith('--') && !['--runs', '--out'].includes(argv[i - 1] ?? ''));
  process.stderr.write(`bench --overhead: ${runs} runs each, median; node -e 0 costs ${node0.toFixed(3)} s CPU here\n`);
  const rows: SavedOverhead['rows'] = [];
  for (const c of cases) {
    if (only.length && !only.some((o) => c.name.includes(o))) continue;
    process.stderr.write(`  ${c.name}…\n`);
    const r = await c.run();
    rows.push({ name: c.name, figure: r.figure, goal: c.goal, met: r.ok, detail: r.detail });
  }
  process.stdout.write(`${overheadTable(rows)}\n`);
  if (out) {
    const saved: SavedOverhead = {
      date: new Date().toISOString(),
      ...provenance(argv),
      machine: machineName(),
      seconds: (performance.now() - started) / 1000,
      runs,
      node0,
      rows,
    };
    writeFileSync(out, `${JSON.stringify(saved, null, 2)}\n`);
  }
  return rows.every((r) => r.met) ? 0 : 1;
}
