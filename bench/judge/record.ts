// npx tsx bench/judge/record.ts [names]: runs each judgement case's real test command once on the
// project as it is before the fix (it must fail: that output is what the check reads) and once with
// the fix applied (it must pass), and writes the failing output to bench/judge/outputs/<name>.json.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCommand } from '../../src/run/command.js';
import { CASES, type JudgeCase } from './cases.js';

export const OUTPUTS = path.join(import.meta.dirname, 'outputs');

export interface Recorded {
  command: string;
  /** Where the project was when the output was made: the readers turn its absolute paths into relative ones. */
  root: string;
  exitCode: number | null;
  output: string;
  /** The exit code of the same command with the fix applied. */
  fixedExitCode: number | null;
  tool: string;
}

export function write(dir: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
}

const TOOLS: Record<JudgeCase['language'], string> = {
  python: 'python3 -m pytest --version',
  javascript: 'node --version',
  typescript: 'node --version',
  go: 'go version',
  rust: 'cargo --version',
};

/** The environment each case's command runs in: no pytest plugins from the machine, a target folder of its own, no cached go test results. */
export function runEnv(root: string): NodeJS.ProcessEnv {
  return { ...process.env, PYTEST_DISABLE_PLUGIN_AUTOLOAD: '1', CARGO_TARGET_DIR: path.join(root, 'target'), GOFLAGS: '-count=1' };
}

async function record(c: JudgeCase): Promise<string> {
  const root = path.join(os.tmpdir(), 'unbreak-judge', c.name);
  rmSync(root, { recursive: true, force: true });
  write(root, c.files);
  const env = runEnv(root);
  const opts = { cwd: root, timeoutMs: 300_000, env };
  const before = await runCommand(c.test, opts);
  write(root, c.fix);
  const after = await runCommand(c.test, opts);
  const tool = (await runCommand(TOOLS[c.language], opts)).output.trim().split('\n')[0] ?? '';
  const recorded: Recorded = { command: c.test, root, exitCode: before.exitCode, output: before.output, fixedExitCode: after.exitCode, tool };
  mkdirSync(OUTPUTS, { recursive: true });
  writeFileSync(path.join(OUTPUTS, `${c.name}.json`), `${JSON.stringify(recorded, null, 2)}\n`);
  rmSync(root, { recursive: true, force: true });
  const problems = [before.exitCode === 0 ? 'the project passes before the fix' : '', after.exitCode !== 0 ? `the fix does not pass:\n${after.output}` : '']
    .filter(Boolean)
    .join('; ');
  return `${problems ? 'BAD' : 'ok '} ${c.name} (${tool})${problems ? `: ${problems}` : ''}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const names = process.argv.slice(2);
  let bad = 0;
  for (const c of CASES.filter((c) => !names.length || names.some((n) => c.name.includes(n)))) {
    const line = await record(c);
    if (line.startsWith('BAD')) bad++;
    console.log(line);
  }
  process.exitCode = bad ? 1 : 0;
}
