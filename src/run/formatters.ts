import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { runCommand } from './command.js';

/**
 * The repository's own formatter, where it configures one, so a fix reads like the code around
 * it. It runs like the test command (scrubbed environment, time limit): it is the project's code.
 */
export interface Formatter {
  name: string;
  /** Which changed files it formats. */
  handles: (rel: string) => boolean;
  /** The shell command that formats these files in place. */
  command: (files: string[]) => string;
}

const PRETTIER_FILES = /\.(?:[cm]?[jt]sx?|json5?|css|scss|less|html|vue|md|markdown|ya?ml|graphql)$/i;
const PRETTIER_CONFIGS = [
  '.prettierrc',
  '.prettierrc.json',
  '.prettierrc.json5',
  '.prettierrc.yaml',
  '.prettierrc.yml',
  '.prettierrc.toml',
  '.prettierrc.js',
  '.prettierrc.cjs',
  '.prettierrc.mjs',
  '.prettierrc.ts',
  'prettier.config.js',
  'prettier.config.cjs',
  'prettier.config.mjs',
  'prettier.config.ts',
];

/** The formatters this repository configures and this machine has; none configured, none run. */
export function detectFormatters(root: string, onPath: (tool: string) => boolean = commandExists): Formatter[] {
  const has = (file: string) => existsSync(path.join(root, file));
  const read = (file: string) => {
    try {
      return readFileSync(path.join(root, file), 'utf8');
    } catch {
      return '';
    }
  };
  const formatters: Formatter[] = [];
  const pkg = read('package.json');
  const prettierConfigured = PRETTIER_CONFIGS.some(has) || /"prettier"\s*:\s*[{"]/.test(pkg);
  // The project's own prettier, the version its config was written for; never a download.
  if (prettierConfigured && has('node_modules/.bin/prettier')) {
    formatters.push({
      name: 'prettier',
      handles: (f) => PRETTIER_FILES.test(f),
      command: (files) => `node_modules/.bin/prettier --write --log-level warn -- ${quote(files)}`,
    });
  }
  const pyproject = read('pyproject.toml');
  if ((/^\[tool\.ruff\.format\]/m.test(pyproject) || /^\[format\]/m.test(read('ruff.toml') + read('.ruff.toml'))) && onPath('ruff')) {
    formatters.push({ name: 'ruff format', handles: (f) => /\.pyi?$/.test(f), command: (files) => `ruff format --quiet --no-cache -- ${quote(files)}` });
  } else if (/^\[tool\.black\]/m.test(pyproject) && onPath('black')) {
    formatters.push({ name: 'black', handles: (f) => /\.pyi?$/.test(f), command: (files) => `black --quiet -- ${quote(files)}` });
  }
  if ((has('rustfmt.toml') || has('.rustfmt.toml')) && onPath('rustfmt')) {
    const edition = /^\s*edition\s*=\s*"(\d{4})"/m.exec(read('Cargo.toml'))?.[1] ?? '2021';
    formatters.push({ name: 'rustfmt', handles: (f) => f.endsWith('.rs'), command: (files) => `rustfmt --edition ${edition} -- ${quote(files)}` });
  }
  // gofmt is Go's one format: every Go module is formatted with it.
  // It ships beside the go command, which some installs (Debian's golang-go) put on PATH alone.
  const gofmt = !has('go.mod') ? undefined : onPath('gofmt') ? 'gofmt' : besideGo();
  if (gofmt) {
    formatters.push({ name: 'gofmt', handles: (f) => f.endsWith('.go'), command: (files) => `${quote([gofmt])} -w -- ${quote(files)}` });
  }
  return formatters;
}

/** Runs each formatter on the changed files it handles; returns one line per formatter that failed. */
export async function runFormatters(root: string, formatters: Formatter[], files: string[], timeoutMs = 60_000): Promise<string[]> {
  const problems: string[] = [];
  for (const f of formatters) {
    const mine = files.filter((file) => f.handles(file) && existsSync(path.join(root, file)));
    if (!mine.length) continue;
    const run = await runCommand(f.command(mine), { cwd: root, timeoutMs });
    if (run.exitCode !== 0)
      problems.push(
        `${f.name} failed (${run.timedOut ? 'timed out' : `exit ${run.exitCode ?? run.signal}`}): ${run.output.trim().split('\n').at(-1)?.slice(0, 200) ?? ''}`,
      );
  }
  return problems;
}

function quote(files: string[]): string {
  return files.map((f) => `'${f.replace(/'/g, `'\\''`)}'`).join(' ');
}

/** gofmt in the directory of the go command's real path, when go is on PATH and gofmt is not. */
function besideGo(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir || !existsSync(path.join(dir, 'go'))) continue;
    try {
      const gofmt = path.join(path.dirname(realpathSync(path.join(dir, 'go'))), 'gofmt');
      if (existsSync(gofmt)) return gofmt;
    } catch {
      // A broken link: go on looking.
    }
  }
  return undefined;
}

function commandExists(tool: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, tool)));
}
