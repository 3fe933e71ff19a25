import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { GIT_PROGRAM } from './binary.js';
import { withAllowedConfig } from './allowed-config.js';
import { configRecords } from './config-records.js';
import { gitEnv } from './env.js';
import { readOrNull, sameBytes } from './file-bytes.js';
import { dirsFingerprint, knownDirs, type KnownDirs } from './known-dirs.js';
import { NETWORK, NEUTRAL } from './neutral-config.js';
import { gitStateGuarded, restoreGitState } from './state.js';
import { appliesDrivers, subcommand } from './subcommand.js';

export class GitError extends Error {
  override name = 'GitError';
}

export interface GitOptions {
  input?: string | Buffer;
  env?: Record<string, string>;
  okCodes?: number[];
  /**
   * A command that talks to a remote (fetch). Only such a command may use a transport, and only
   * https, http or file; every other command has every protocol switched off. Network commands run only
   * before any code of the pull request does (checkout.ts): after that, nothing here reaches out.
   */
  network?: boolean;
}

/**
 * Clean and smudge filters (and merge drivers) cannot be switched off by a name-agnostic `-c`: the
 * drivers the config names (in any file it includes) are read first and each one's commands set to
 * nothing. Diff drivers (`diff.<x>.command`, `textconv`) are off where diffs are made
 * (`--no-ext-diff --no-textconv`).
 */
async function filterOverrides(cwd: string, network: boolean): Promise<string[]> {
  const listing = await configListing(cwd);
  if (listing === undefined) return [];
  const out: string[] = [];
  for (const { key } of configRecords(listing)) {
    const m = /^filter\.(.+)\.(clean|smudge|process|required)$/i.exec(key);
    if (m) out.push('-c', `filter.${m[1]}.${m[2]!.toLowerCase()}=${m[2]!.toLowerCase() === 'required' ? 'false' : ''}`);
    // A custom merge driver (merge-tree honours them): `false` makes it a conflict, never a program.
    const merge = /^merge\.(.+)\.driver$/i.exec(key);
    if (merge) out.push('-c', `merge.${merge[1]}.driver=false`);
    // A URL-specific proxy or CA can send an authenticated fetch elsewhere.
    if (network && /^http\..+\.(proxy|sslverify|sslcainfo|sslcapath|cookiefile)$/i.test(key)) out.push('-c', `${key}=${/sslverify$/i.test(key) ? 'true' : ''}`);
  }
  return out;
}

/**
 * The last config listing of a work tree's top, with what it was made from, for the start of a run
 * (the action's fetch, checkout and status before the git state is guarded). Without `include`, git
 * reads the repository's config from two files only (the global and system ones are off, and so are
 * GIT_CONFIG_* variables): `config` in the common git dir and, with the worktree extension,
 * `config.worktree` in the git dir. Where those files, and what makes them the ones git finds (the
 * top's `.git` and the git dir's `commondir`), hold the same bytes as when the listing was made, a new
 * listing would say the same (unbreak's own `git config` changes the bytes).
 */
let lastListing: { cwd: string; made: (string | null)[]; text: string } | undefined;
let guardedOnce = false;

/** The config listing made last, for the command that needed it (`latestConfigListing`). */
let latest: { cwd: string; text: string } | undefined;

/**
 * The repository config git read for the last command run in `cwd` that lists it (`config --list
 * --null` records, "key\nvalue" or a bare "key"), or undefined when the last listing was made elsewhere.
 */
export function latestConfigListing(cwd: string): string | undefined {
  return latest?.cwd === cwd ? latest.text : undefined;
}

async function configListing(cwd: string): Promise<string | undefined> {
  const text = await configListingOf(cwd);
  latest = text === undefined ? undefined : { cwd, text };
  return text;
}

async function configListingOf(cwd: string): Promise<string | undefined> {
  // Only until the git state is guarded, which is before any code of the repository runs (the setup
  // and test commands run only after it): from then on `.git`, and the folders above it, are the
  // tests' to rewrite, and git's own search for a repository can end where no fingerprint looks (a
  // `.git` made invalid sends it to a parent; a git dir swapped for a link). Every command lists again.
  if (guardedOnce || gitStateGuarded()) {
    // And for the rest of the process: a guard released at the end of a run leaves what the tests did.
    guardedOnce = true;
    lastListing = undefined;
    return listConfig(cwd);
  }
  const dirs = knownDirs.get(cwd);
  const files = dirs ? configFiles(cwd, dirs) : undefined;
  if (files && lastListing?.cwd === cwd && sameBytes(lastListing.made, files)) return lastListing.text;
  const text = await listConfig(cwd);
  if (text === undefined) return undefined;
  // Kept only when nothing moved while git read the files, and when no file is included: an included
  // file can be anywhere, and the files it includes in turn are named only in it.
  const after = dirs ? configFiles(cwd, dirs) : undefined;
  const includes = /(^|\0)include(if\.[^\n]*)?\.path\n/i.test(text);
  lastListing = files && after && sameBytes(files, after) && !includes ? { cwd, made: files, text } : undefined;
  return text;
}

async function listConfig(cwd: string): Promise<string | undefined> {
  const listed = await run([...NEUTRAL.flatMap((c) => ['-c', c]), 'config', '--list', '--null'], cwd, gitEnv(cwd));
  return listed.exitCode === 0 ? listed.stdout.toString('utf8') : undefined;
}

/** What the listing of `cwd`'s config is made from, as bytes (null: not there), or undefined when the git dirs are no longer the known ones. */
function configFiles(cwd: string, dirs: KnownDirs): (string | null)[] | undefined {
  if (!sameBytes(dirs.made, dirsFingerprint(cwd, dirs.gitDir))) return undefined;
  return [...dirs.made, readOrNull(path.join(dirs.common, 'config')), readOrNull(path.join(dirs.gitDir, 'config.worktree'))];
}

async function spawnGit(args: string[], cwd: string, options: GitOptions): Promise<Ran> {
  // Structural, not by convention: no push at all, and no credential or transport once test code may have run.
  const command = subcommand(args);
  if (command === 'push' || command === 'send-pack') throw new GitError(`git ${command} is never run: fixes are delivered through the GitHub API`);
  if (options.network && gitStateGuarded()) throw new GitError(`git ${command} reaches the network, which no git command may once test code has run`);
  if (!options.network && args.some((a, i) => args[i - 1] === '-c' && /^(http\..*extraheader|credential\.)/i.test(a)))
    throw new GitError(`git ${command} was given a credential outside the fetch step`);
  // Whatever a test run left in .git (config, info/, alternates, replace refs) is put back first.
  restoreGitState();
  const prefix = [...NEUTRAL, ...(options.network ? NETWORK : [])].flatMap((c) => ['-c', c]);
  const filters = appliesDrivers(args) || options.network ? await filterOverrides(cwd, options.network ?? false) : [];
  // Secrets live in our heap only (handoff.ts); a git child's environment would show them again.
  const go = () => run([...prefix, ...filters, ...args], cwd, gitEnv(cwd, options.env), options.input);
  const result = options.network ? await withAllowedConfig(await repositoryConfig(cwd), go) : await go();
  if (result.exitCode !== 0 && !options.okCodes?.includes(result.exitCode ?? -1)) {
    const why = (result.stderr.length ? result.stderr : result.stdout).toString('utf8').trim().split('\n')[0] ?? '';
    throw new GitError(`git ${command} failed: ${result.error ?? why}`);
  }
  return result;
}

/** The repository's own config files (the common dir's `config`, the git dir's `config.worktree`), each with its listing, includes not followed. */
async function repositoryConfig(cwd: string): Promise<{ file: string; listing: string }[]> {
  const env = gitEnv(cwd);
  const neutral = NEUTRAL.flatMap((c) => ['-c', c]);
  const dirs = await run([...neutral, 'rev-parse', '--path-format=absolute', '--git-common-dir', '--git-dir'], cwd, env);
  const [common, gitDir] = dirs.stdout.toString('utf8').trim().split('\n');
  if (dirs.exitCode !== 0 || !common || !gitDir) throw new GitError(`git fetch: could not find the repository's config in ${cwd}`);
  const out: { file: string; listing: string }[] = [];
  for (const file of [path.join(common, 'config'), path.join(gitDir, 'config.worktree')]) {
    if (readOrNull(file) === null) continue;
    const listed = await run([...neutral, 'config', '--file', file, '--list', '--null'], cwd, env);
    if (listed.exitCode !== 0) throw new GitError(`git fetch: could not read ${file}: ${listed.stderr.toString('utf8').trim().split('\n')[0] ?? ''}`);
    out.push({ file, listing: listed.stdout.toString('utf8') });
  }
  return out;
}

const NO_GIT = 'git is not on PATH (outside the repository): install git, or put the folder that holds it on PATH';

/** At most this much of each stream is kept (as execa did); a command that prints more fails. */
const MAX_BUFFER = 100_000_000;

interface Ran {
  exitCode: number | undefined;
  stdout: Buffer;
  stderr: Buffer;
  /** Why git could not be run or was stopped (not found, too much output). */
  error?: string;
}

/**
 * Starts git (argument array, no shell) with exactly `env` (nothing inherited) and collects its
 * output. Plain child_process rather than execa: a run of unbreak starts a dozen or more gits from a
 * large process, and execa's own work per spawn costs more CPU than git itself.
 */
function run(args: string[], cwd: string, env: Record<string, string>, input?: string | Buffer): Promise<Ran> {
  const program = GIT_PROGRAM;
  if (!program) return Promise.resolve({ exitCode: undefined, stdout: Buffer.alloc(0), stderr: Buffer.alloc(0), error: NO_GIT });
  return new Promise((resolve) => {
    const child = spawn(program, args, { cwd, env, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const sizes = [0, 0];
    let error: string | undefined;
    const collect = (into: Buffer[], i: 0 | 1) => (chunk: Buffer) => {
      if (sizes[i]! >= MAX_BUFFER) return;
      into.push(chunk);
      sizes[i]! += chunk.length;
      if (sizes[i]! >= MAX_BUFFER && error === undefined) {
        error = `its output passed ${MAX_BUFFER} bytes`;
        child.kill();
      }
    };
    child.stdout!.on('data', collect(out, 0));
    child.stderr!.on('data', collect(err, 1));
    child.once('error', (e) => {
      error ??= e.message;
      resolve({ exitCode: undefined, stdout: Buffer.concat(out), stderr: Buffer.concat(err), error });
    });
    // 'close', not 'exit': the pipes are read to their end.
    child.once('close', (code) => {
      resolve({ exitCode: error === undefined ? (code ?? undefined) : undefined, stdout: Buffer.concat(out), stderr: Buffer.concat(err), error });
    });
    if (input !== undefined) {
      // git may exit before it has read everything (an error): that shows in its exit code.
      child.stdin!.on('error', () => {});
      child.stdin!.end(input);
    }
  });
}

/** Runs git with an argument array (never through a shell) and returns trimmed stdout. */
export async function git(args: string[], cwd: string, options: GitOptions = {}): Promise<string> {
  const out = (await spawnGit(args, cwd, options)).stdout.toString('utf8');
  // One final line break off, as execa's stripFinalNewline did.
  return out.endsWith('\n') ? out.slice(0, out.endsWith('\r\n') ? -2 : -1) : out;
}

/** As `git`, with stdout as bytes (object contents). */
export async function gitBytes(args: string[], cwd: string, options: GitOptions = {}): Promise<Buffer> {
  return (await spawnGit(args, cwd, options)).stdout;
}

/**
 * A git command run synchronously (the guard's path checks are synchronous), hardened like every
 * other one: the git state put back first, the neutral configuration, the scrubbed environment.
 * Only for commands that run no filter or driver (`ls-files`, `check-ignore`).
 */
export function gitSync(args: string[], cwd: string, options: { timeoutMs?: number; maxBuffer?: number } = {}): { status: number | null; stdout: string } {
  // The index listing and ignore rules read no file content, so no filter or driver can run.
  const command = subcommand(args);
  const plain = command === 'check-ignore' || (command === 'ls-files' && args.slice(args.indexOf(command) + 1).every((a) => a === '-z' || a === '--cached'));
  if (!plain) throw new GitError(`git ${command} may run a filter or driver: run it with git(), not gitSync()`);
  if (!GIT_PROGRAM) throw new GitError(NO_GIT);
  restoreGitState();
  const result = spawnSync(GIT_PROGRAM, [...NEUTRAL.flatMap((c) => ['-c', c]), ...args], {
    cwd,
    env: gitEnv(cwd),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    timeout: options.timeoutMs ?? 30_000,
    maxBuffer: options.maxBuffer ?? 64 * 1024 * 1024,
  });
  return { status: result.status, stdout: result.stdout ?? '' };
}
