import { existsSync } from 'node:fs';
import path from 'node:path';
import { failureId, type SourceLocation, type TestFailure } from '../test-report.js';
import { findLocations, toRepoPath } from '../locations.js';
import { clampLines } from '../text.js';

/** The test binary the output is in: where its tests' files are. */
export interface Binary {
  kind: 'unit' | 'integration' | 'doc' | 'other';
  /** Crate (unit, doc) or test target (integration) name. */
  name: string;
  /** The target's source file, relative to its package ("src/lib.rs", "tests/api.rs"). */
  src?: string;
  /** The package folder, repo-relative ('' for the root package), when known. */
  dir?: string;
}

function join(dir: string | undefined, file: string): string {
  return dir ? `${dir}/${file}` : file;
}

export function testFailure(id: string, entry: { binary: Binary; name: string; body?: string }, root: string): TestFailure {
  const { binary, name } = entry;
  const body = entry.body ?? '';
  const lines = body.split('\n');
  const locations: SourceLocation[] = [];
  const seen = new Set<string>();
  const push = (locs: SourceLocation[]) => {
    for (const l of locs) {
      const key = `${l.file}:${l.line}`;
      if (seen.has(key)) continue;
      seen.add(key);
      locations.push(l);
    }
  };

  let message = '';
  let panicLine = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const modern = /^thread '.*?'(?: \(\d+\))? panicked at (.+:\d+:\d+):$/.exec(line);
    if (modern) {
      panicLine = line;
      push(findLocations(modern[1]!, root));
      const msg: string[] = [];
      for (let j = i + 1; j < lines.length && !/^(note: |stack backtrace:)/.test(lines[j]!); j++) msg.push(lines[j]!);
      message = msg.join('\n').trim();
      break;
    }
    const legacy = /^thread '.*?' panicked at '([\s\S]*)$/.exec(line);
    if (legacy) {
      panicLine = line;
      const msg: string[] = [legacy[1]!];
      for (let j = i + 1; j < lines.length; j++) {
        const end = /', (\S+:\d+:\d+)$/.exec(msg[msg.length - 1]!);
        if (end) break;
        msg.push(lines[j]!);
      }
      const joined = msg.join('\n');
      const end = /^([\s\S]*)', (\S+:\d+:\d+)$/.exec(joined);
      if (end) {
        message = end[1]!.trim();
        push(findLocations(end[2]!, root));
      } else message = joined.trim();
      break;
    }
  }
  if (!message) message = clampLines(body.replace(/^\s*Test executable failed[^\n]*\n+/, ''), 30).trim() || 'test failed';

  const frames = backtrace(lines, root);
  push(findLocations(frames.join('\n'), root));

  let file: string | undefined;
  if (binary.kind === 'integration' && binary.src) file = join(binary.dir, binary.src);
  else if (binary.kind === 'doc') {
    const m = /^(\S+\.rs) - .*\(line (\d+)\)$/.exec(name);
    if (m) {
      file = join(binary.dir, m[1]!);
      push([{ file, line: Number(m[2]) }]);
    }
  } else if (binary.kind === 'unit') file = unitTestFile(binary, name, lines, root);

  const failure: TestFailure = {
    id,
    name,
    message: clampLines(message, 40),
    locations: file ? [...locations.filter((l) => l.file === file), ...locations.filter((l) => l.file !== file)] : locations,
  };
  if (file) failure.file = file;
  const left = /^[ \t]*left: (.*)$/m.exec(message);
  const right = /^[ \t]*right: (.*)$/m.exec(message);
  if (left && right && /left == right/.test(message)) {
    failure.actual = unquote(left[1]!);
    failure.expected = unquote(right[1]!);
  }
  if (panicLine) failure.stack = [panicLine, message, ...frames].join('\n');
  return failure;
}

/** Old assert_eq! output wraps values in backticks: "left: `\"a\"`,". */
function unquote(value: string): string {
  const m = /^`([\s\S]*)`,?$/.exec(value.trim());
  return m ? m[1]! : value.trim();
}

/** The "stack backtrace:" frames that point into the repo ("   5: shop::x\n at ./src/x.rs:3:5"). */
function backtrace(lines: string[], root: string): string[] {
  const start = lines.findIndex((l) => l === 'stack backtrace:');
  if (start < 0) return [];
  const out: string[] = [];
  for (let i = start + 1; i < lines.length; i++) {
    const frame = /^\s*\d+: (.+)$/.exec(lines[i]!);
    if (!frame) continue;
    const at = /^\s+at (.+):\d+:\d+$/.exec(lines[i + 1] ?? '');
    if (at && toRepoPath(at[1]!, root)) out.push(`${frame[1]} at ${lines[i + 1]!.trim().slice(3)}`);
  }
  return out;
}

/**
 * The file of a unit test: the backtrace frame of the test itself when there is one; the crate
 * root for tests in its `mod tests`; otherwise src/<module>.rs or src/<module>/mod.rs when it exists.
 */
function unitTestFile(binary: Binary, name: string, lines: string[], root: string): string | undefined {
  for (let i = 0; i < lines.length; i++) {
    const frame = /^\s*\d+: (.+)$/.exec(lines[i]!);
    if (!frame || !(frame[1] === name || frame[1]!.endsWith(`::${name}`))) continue;
    const at = /^\s+at (.+):\d+:\d+$/.exec(lines[i + 1] ?? '');
    const file = at ? toRepoPath(at[1]!, root) : undefined;
    if (file) return file;
  }
  if (!binary.src) return undefined;
  const modules = name.split('::').slice(0, -1);
  if (modules[modules.length - 1] === 'tests') modules.pop();
  const crateRoot = join(binary.dir, binary.src);
  if (modules.length === 0) return crateRoot;
  const base = path.posix.dirname(crateRoot);
  const rel = modules.join('/');
  for (const candidate of [`${base}/${rel}.rs`, `${base}/${rel}/mod.rs`]) {
    if (existsSync(path.join(root, candidate))) return candidate;
  }
  return undefined;
}

export function compileFailure(header: string, block: string[], root: string): TestFailure {
  const locations: SourceLocation[] = [];
  for (const line of block) {
    const m = /^\s*--> (.+?):(\d+):(\d+)$/.exec(line);
    if (!m) continue;
    const file = toRepoPath(m[1]!, root);
    if (file) locations.push({ file, line: Number(m[2]), column: Number(m[3]) });
  }
  const file = locations[0]?.file;
  const name = header.trim();
  const failure: TestFailure = {
    id: failureId(file, name),
    name,
    message: clampLines(block.join('\n'), 30),
    locations,
  };
  if (file) failure.file = file;
  return failure;
}
