import { spawn, spawnSync } from 'node:child_process';
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, readlinkSync } from 'node:fs';
import { scrubEnv } from '../run/secrets.js';
import path from 'node:path';
import { GIT_PROGRAM } from './binary.js';
import { gitStateGuarded, guardGitState, releaseGitState, restoreGitState } from './state.js';

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
 * What executes on git's behalf, switched off on every command: test code may have written any of
 * it into `.git/config` (or a file it includes), and none of it must run with our arguments in
 * reach. Command-line `-c` wins over every config file. The global and system files are not read
 * at all (GIT_CONFIG_GLOBAL/NOSYSTEM), so this list covers the repository's own config.
 */
const NEUTRAL = [
  'core.fsmonitor=false',
  // /dev/null rather than an empty directory: nothing can ever be created under it.
  'core.hooksPath=/dev/null',
  'core.sshCommand=false',
  'core.askPass=',
  'core.gitProxy=',
  'core.alternateRefsCommand=',
  'core.alternateRefsPrefixes=',
  'core.pager=cat',
  'core.editor=false',
  'core.commitGraph=false',
  'core.untrackedCache=false',
  'credential.helper=',
  'diff.external=',
  'commit.gpgSign=false',
  'tag.gpgSign=false',
  'push.gpgSign=false',
  'gpg.program=false',
  'sequence.editor=false',
  'uploadpack.packObjectsHook=',
  'remote.origin.uploadpack=git-upload-pack',
  'remote.origin.receivepack=git-receive-pack',
  'push.followTags=false',
  'fetch.writeCommitGraph=false',
  'gc.auto=0',
  'maintenance.auto=false',
  'http.sslVerify=true',
  'protocol.allow=never',
  // Git refuses a repository owned by another user unless told; with everything above off, its
  // config cannot run anything, which is what that check protects against.
  'safe.directory=*',
];
// http only reaches a server the job names as GitHub (GITHUB_SERVER_URL; checkout.ts ties the token to it).
const NETWORK = ['protocol.https.allow=always', 'protocol.http.allow=always', 'protocol.file.allow=always'];

/** Environment variables that would add config, redirect commands or reintroduce replace objects. */
const DROP_ENV = /^GIT_(CONFIG$|CONFIG_|SSH|ASKPASS|EXTERNAL_DIFF|PAGER|EDITOR|PROXY_COMMAND|REPLACE_REF_BASE|EXEC_PATH|TRACE|ALTERNATE_OBJECT_DIRECTORIES)/;

function gitEnv(cwd: string, extra?: Record<string, string>): Record<string, string> {
  const base = Object.fromEntries(Object.entries(scrubEnv(process.env)).filter(([k]) => !DROP_ENV.test(k)));
  const ceiling = ceilingFor(cwd);
  return {
    ...base,
    // Inside a work tree whose top was learned before any test code ran, git never looks for a
    // repository above that top: a `.git` the tests make invalid then fails the command instead of
    // sending it to a repository they put in a folder above.
    ...(ceiling !== undefined ? { GIT_CEILING_DIRECTORIES: ceiling } : {}),
    GIT_TERMINAL_PROMPT: '0',
    LC_ALL: 'C',
    // A private, empty global and system config: nothing from ~/.gitconfig or /etc/gitconfig.
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_ATTR_NOSYSTEM: '1',
    // `git replace` written by test code must not change what a commit id means.
    GIT_NO_REPLACE_OBJECTS: '1',
    ...extra,
  };
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

/**
 * `git config --null` output (`--list`, `--get-regexp`) as records: "key\nvalue", or a bare "key"
 * (a boolean set to true), whose value is then undefined.
 */
export function configRecords(listing: string): { key: string; value: string | undefined }[] {
  return listing
    .split('\0')
    .filter(Boolean)
    .map((record) => {
      const at = record.indexOf('\n');
      return at < 0 ? { key: record, value: undefined } : { key: record.slice(0, at), value: record.slice(at + 1) };
    });
}

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

/** Tells apart fingerprints that must never match (a FIFO, a device, a very large file). */
let unmatched = 0;

/** A file's bytes as a string (latin1: one character per byte, compared exactly), null when it is not there. */
function readOrNull(file: string): string | null {
  let fd: number;
  try {
    // Non-blocking: test code may put a FIFO where a config file goes, and opening it must not wait.
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile() || info.size > 4 << 20) return `unmatched ${++unmatched}`;
    return readFileSync(fd, 'latin1');
  } catch {
    return `unmatched ${++unmatched}`;
  } finally {
    closeSync(fd);
  }
}

function sameBytes(a: (string | null)[], b: (string | null)[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * A work tree top's git dirs as git named them, and what git found them from: the top's `.git`
 * (a directory, a file that points elsewhere, or a link) and the git dir's `commondir`. While those
 * are the same, git would name the same dirs.
 */
interface KnownDirs {
  gitDir: string;
  common: string;
  made: (string | null)[];
}
const knownDirs = new Map<string, KnownDirs>();

function dirsFingerprint(root: string, gitDir: string): (string | null)[] {
  const dotGit = path.join(root, '.git');
  let entry: string | null;
  try {
    const info = lstatSync(dotGit);
    entry = info.isDirectory() ? 'directory' : info.isSymbolicLink() ? `link ${readlinkSync(dotGit, 'latin1')}` : `file ${readOrNull(dotGit)}`;
  } catch {
    entry = null;
  }
  return [entry, readOrNull(path.join(gitDir, 'commondir'))];
}

/**
 * The folder above the deepest learned top that holds `cwd` and has its own `.git` (undefined when
 * none does, or the top is the file system's root): git's search for a repository stops below it
 * (GIT_CEILING_DIRECTORIES).
 */
function ceilingFor(cwd: string): string | undefined {
  let top: string | undefined;
  for (const [known, dirs] of knownDirs) {
    // Only a top git found by its own `.git` (not a work tree a `core.worktree` elsewhere names).
    if (dirs.made[0] === null) continue;
    const inside = cwd === known || cwd.startsWith(known.endsWith(path.sep) ? known : known + path.sep);
    if (inside && (top === undefined || known.length > top.length)) top = known;
  }
  if (top === undefined) return undefined;
  const above = path.dirname(top);
  return above === top ? undefined : above;
}

function learnDirs(root: string, gitDir: string, common: string): void {
  knownDirs.set(root, { gitDir, common, made: dirsFingerprint(root, gitDir) });
}

/** The git dirs of a work tree's top learned earlier in this process, while what git found them from is unchanged. */
function dirsKnown(root: string): { gitDir: string; common: string } | undefined {
  const known = knownDirs.get(root);
  return known && sameBytes(known.made, dirsFingerprint(root, known.gitDir)) ? known : undefined;
}

/** The git dir of a work tree's top, learned once while nothing moved it. */
export async function gitDirOf(root: string): Promise<string> {
  return dirsKnown(root)?.gitDir ?? path.resolve(root, await git(['rev-parse', '--git-dir'], root));
}

/** The common git dir of a work tree's top (where its `config` is; the same as the git dir but in a linked worktree). */
export async function commonDirOf(root: string): Promise<string> {
  return dirsKnown(root)?.common ?? path.resolve(root, await git(['rev-parse', '--git-common-dir'], root));
}

/** Commands (as we call them) that never run a filter, diff or merge driver: no need to list the config for them. */
const NO_DRIVERS = new Set([
  'rev-parse',
  'config',
  'commit-tree',
  'write-tree',
  'check-ignore',
  'merge-base',
  'for-each-ref',
  'ls-tree',
  'show-ref',
  'update-ref',
  'remote',
  'symbolic-ref',
]);

/** `ls-files` options that list names from the index and the directory only (its pathspecs come after `--`). */
const LS_FILES_PLAIN = new Set(['-z', '-s', '--stage', '-c', '--cached', '-o', '--others', '--exclude-standard', '--error-unmatch', '--full-name']);

function subcommand(args: string[]): string {
  let i = 0;
  while (args[i] === '-c') i += 2;
  return args[i] ?? '';
}

function appliesDrivers(args: string[]): boolean {
  const command = subcommand(args);
  const rest = args.slice(args.indexOf(command) + 1);
  if (NO_DRIVERS.has(command)) return false;
  if (command === 'cat-file') return rest.some((a) => a === '--filters' || a === '--textconv');
  if (command === 'hash-object') return !rest.includes('--no-filters');
  if (command === 'read-tree') return rest.some((a) => a === '-u' || a === '-m');
  if (command === 'diff-tree' || command === 'log') return !rest.some((a) => a === '--name-only' || a === '--name-status' || a.startsWith('--format'));
  if (command === 'update-index') return !rest.includes('--index-info');
  // The index and the directory listing only: no file's content is read (that takes -m, -d, --eol, …).
  if (command === 'ls-files') {
    const end = rest.indexOf('--');
    return !(end < 0 ? rest : rest.slice(0, end)).every((a) => LS_FILES_PLAIN.has(a));
  }
  return true;
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
  const result = await run([...prefix, ...filters, ...args], cwd, gitEnv(cwd, options.env), options.input);
  if (result.exitCode !== 0 && !options.okCodes?.includes(result.exitCode ?? -1)) {
    const why = (result.stderr.length ? result.stderr : result.stdout).toString('utf8').trim().split('\n')[0] ?? '';
    throw new GitError(`git ${command} failed: ${result.error ?? why}`);
  }
  return result;
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

/** The top of the work tree containing `dir`, or undefined when it is not inside one. */
export async function workTreeRoot(dir: string): Promise<string | undefined> {
  try {
    // One git: outside a work tree (inside .git, a bare repository) the second answer fails the call.
    const out = await git(['rev-parse', '--is-inside-work-tree', '--show-toplevel', '--absolute-git-dir', '--git-common-dir'], dir);
    if (!out.startsWith('true\n')) return undefined;
    const [, top, gitDir, commonRel, ...more] = out.split('\n');
    if (top && gitDir && commonRel && !more.length) {
      learnDirs(top, gitDir, path.resolve(dir, commonRel));
      return top;
    }
    // A path with a line break in it: the lines no longer tell the answers apart.
    const alone = await git(['rev-parse', '--is-inside-work-tree', '--show-toplevel'], dir);
    return alone.startsWith('true\n') && alone.length > 5 ? alone.slice(5) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Snapshots the repository's executable git state before any test code runs (once per repository
 * and process); from then on it is put back after every test run and before every git command.
 */
export async function guardRepoState(root: string): Promise<() => void> {
  const learned = dirsKnown(root);
  let gitDir: string | undefined;
  let common: string;
  if (learned) ({ gitDir, common } = learned);
  else {
    // One git for both; a path with a line break in it (two lines no longer tell them apart) asks twice.
    const both = (await git(['rev-parse', '--absolute-git-dir', '--git-common-dir'], root)).split('\n');
    let commonRel: string | undefined;
    [gitDir, commonRel] = both;
    if (!gitDir || !commonRel || both.length !== 2) {
      gitDir = await git(['rev-parse', '--absolute-git-dir'], root);
      commonRel = await git(['rev-parse', '--git-common-dir'], root);
    }
    common = path.resolve(root, commonRel);
    learnDirs(root, gitDir, common);
  }
  const taken = [gitDir, common].filter((dir, i, all) => all.indexOf(dir) === i && guardGitState(dir));
  /** Restores and forgets what this call took; a no-op where an earlier call holds the snapshot. */
  return () => {
    for (const dir of taken) releaseGitState(dir);
  };
}

export { releaseGitState, restoreGitState } from './state.js';
