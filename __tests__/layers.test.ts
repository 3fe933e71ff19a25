import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * ARCHITECTURE.md's floors, checked rather than described. Every file of src/ stands on one floor
 * (its folder; the two entry points at the top), and at run time a file imports only from its own
 * floor or one below. A floor below may name a type from above in a type-only import (that is how
 * the test runner implements the engine's TestRunner), never call into it. No circle of run-time
 * imports between files, whatever their floors.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/** Lowest first: the order the data's way through the product leaves once dependencies are counted. */
const FLOORS = [
  'types',
  'failures',
  'run',
  'git',
  'workspace',
  'context',
  'model',
  'judge',
  'engine',
  'options',
  'github',
  'start',
  'pipeline',
  'report',
  'event',
  'deliver',
  'action',
  'cli',
  'entry',
] as const;

/** The only files at the top of src/: the two entry points. */
const ENTRY_FILES = ['index.ts', 'cli.ts'];

/** Packages of the edges, and the floors that may import them: the engine and everything below it see none. */
const EDGE_PACKAGES: { pattern: RegExp; floors: string[] }[] = [
  { pattern: /^openai(?:\/|$)/, floors: ['model'] },
  { pattern: /^(?:@octokit\/|@actions\/github(?:\/|$))/, floors: ['github'] },
  { pattern: /^@actions\//, floors: ['github', 'options', 'report', 'action'] },
];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
}

function floorOf(abs: string): string {
  const rel = path.relative(SRC, abs).split(path.sep);
  return rel.length > 1 ? rel[0]! : 'entry';
}

function imports(text: string): { spec: string; typeOnly: boolean }[] {
  const out: { spec: string; typeOnly: boolean }[] = [];
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm)) out.push({ spec: m[3]!, typeOnly: Boolean(m[2]) });
  for (const m of text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) out.push({ spec: m[1]!, typeOnly: false });
  for (const m of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push({ spec: m[1]!, typeOnly: false });
  return out;
}

/** Run-time imports between files: absolute path → absolute paths. */
function runtimeGraph(sources: Map<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, text] of sources) {
    const to = imports(text)
      .filter((i) => !i.typeOnly && i.spec.startsWith('.'))
      .map((i) => path.resolve(path.dirname(file), i.spec.replace(/\.js$/, '.ts')));
    graph.set(file, to);
  }
  return graph;
}

/** Every circle of the graph, as its members (Tarjan's strongly connected components of more than one file, or a self-import). */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const members: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        members.push(w);
      } while (w !== v);
      if (members.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(members.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** What breaks the floors in these sources: files off every floor, imports upward, edge packages out of place. */
function floorProblems(sources: Map<string, string>): string[] {
  const broken: string[] = [];
  for (const [file, text] of sources) {
    const where = path.relative(SRC, file);
    const from = floorOf(file);
    const level = FLOORS.indexOf(from as (typeof FLOORS)[number]);
    if (level < 0) broken.push(`${where} stands on no floor: put it in one of ${FLOORS.join(', ')}, or add its folder to FLOORS`);
    if (from === 'entry' && !ENTRY_FILES.includes(where)) broken.push(`${where} is a file at the top of src/: only ${ENTRY_FILES.join(' and ')} stand there`);
    for (const { spec, typeOnly } of imports(text)) {
      if (!spec.startsWith('.')) {
        const edge = EDGE_PACKAGES.find((e) => e.pattern.test(spec));
        if (edge && !edge.floors.includes(from) && !typeOnly) broken.push(`${where} imports ${spec}, which only ${edge.floors.join(', ')} may`);
        continue;
      }
      if (typeOnly) continue;
      const to = floorOf(path.resolve(path.dirname(file), spec.replace(/\.js$/, '.ts')));
      const toLevel = FLOORS.indexOf(to as (typeof FLOORS)[number]);
      if (toLevel > level) broken.push(`${where} (${from}) imports ${spec} (${to}), a floor above its own`);
    }
  }
  return broken;
}

const SOURCES = new Map(files(SRC).map((file) => [file, readFileSync(file, 'utf8')]));

describe('floors point one way', () => {
  it('every file stands on a floor, and no file calls into a floor above its own or reaches a package of the edges', () => {
    expect(floorProblems(SOURCES)).toEqual([]);
  });

  it('no circle of run-time imports between files', () => {
    expect(circles(runtimeGraph(SOURCES)).map((c) => c.map((f) => path.relative(SRC, f)))).toEqual([]);
  });

  it('the checks see a violation when there is one', () => {
    const fake = (rel: string, text: string) => [path.join(SRC, rel), text] as const;
    const bad = new Map([
      fake('run/a.ts', "import { deliver } from '../deliver/deliver.js';\nimport type { Outcome } from '../engine/types.js';\n"),
      fake('engine/b.ts', "import OpenAI from 'openai';\n"),
      fake('helper.ts', 'export const x = 1;\n'),
      fake('attic/c.ts', 'export const y = 1;\n'),
    ]);
    expect(floorProblems(bad)).toEqual([
      'run/a.ts (run) imports ../deliver/deliver.js (deliver), a floor above its own',
      'engine/b.ts imports openai, which only model may',
      'helper.ts is a file at the top of src/: only index.ts and cli.ts stand there',
      `attic/c.ts stands on no floor: put it in one of ${FLOORS.join(', ')}, or add its folder to FLOORS`,
    ]);
    const circle = new Map([
      fake('model/x.ts', "import { y } from './y.js';\n"),
      fake('model/y.ts', "import { z } from '../model/z.js';\n"),
      fake('model/z.ts', "import { x } from './x.js';\nimport type { w } from './w.js';\n"),
      fake('model/w.ts', "import type { x } from './x.js';\n"),
    ]);
    expect(circles(runtimeGraph(circle)).map((c) => c.map((f) => path.relative(SRC, f)))).toEqual([['model/x.ts', 'model/y.ts', 'model/z.ts']]);
  });
});

describe('ARCHITECTURE.md is the map of the tree', () => {
  it('its table names every folder of src/, bottom floor first, as the layer test orders them', () => {
    const text = readFileSync(path.join(SRC, '../ARCHITECTURE.md'), 'utf8');
    const listed = [...text.matchAll(/^\| `([\w-]+)\/` \|/gm)].map((m) => m[1]);
    const folders = readdirSync(SRC, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(listed).toEqual(FLOORS.filter((f) => f !== 'entry'));
    expect([...folders].sort()).toEqual([...listed].sort());
  });
});

describe('one git chokepoint', () => {
  it('only git/git.ts starts git: every git process gets the hardened configuration and environment', () => {
    const starters = (spawned: string) =>
      [...SOURCES]
        .filter(([, text]) => new RegExp(`(?:execa|spawn|spawnSync|execFile|execFileSync)\\(\\s*${spawned}`).test(text))
        .map(([file]) => path.relative(SRC, file));
    expect(starters('GIT_PROGRAM')).toEqual(['git/git.ts']);
    // Never by name: a `git` that test code writes into a directory on PATH would run (git/binary.ts).
    expect(starters(`['"]git['"]`)).toEqual([]);
  });

  it('files outside git/ run git through named operations there, never with an argument array of their own', () => {
    expect(rawGitCallers(SOURCES)).toEqual([]);
  });

  it('the check sees a raw git call when there is one', () => {
    const fake = (rel: string, text: string) => [path.join(SRC, rel), text] as const;
    const sources = new Map([
      fake('workspace/a.ts', "const out = await git(['ls-files', '-z'], root);\n"),
      fake('action/b.ts', "await git(\n  [...NO_HOOKS, 'checkout', '--quiet', '--detach', head],\n  root,\n);\n"),
      fake('deliver/c.ts', "const bytes = await gitBytes(['cat-file', 'blob', id], root);\n"),
      fake('workspace/d.ts', "return gitSync([ 'check-ignore', '-q', '--', rel ], root).status === 0;\n"),
      fake('git/objects.ts', "return git(['cat-file', '-t', name], root);\n"),
      fake('pipeline/e.ts', "await checkoutFromIndex(root, rel);\nconst digit = toGit(['a'], root);\n"),
    ]);
    expect(rawGitCallers(sources)).toEqual(['workspace/a.ts', 'action/b.ts', 'deliver/c.ts', 'workspace/d.ts']);
  });
});

/** A call of git's chokepoint with an argument array written at the call (a call split across lines included). */
const RAW_GIT_CALL = /(?<![\w$.])(?:git|gitBytes|gitSync)\s*\(\s*\[/;

/** Files outside git/ that call git with arguments of their own rather than through a named operation there. */
function rawGitCallers(sources: Map<string, string>): string[] {
  return [...sources].filter(([file, text]) => floorOf(file) !== 'git' && RAW_GIT_CALL.test(text)).map(([file]) => path.relative(SRC, file));
}

/**
 * A request to GitHub's REST API: a method of octokit's REST namespaces (however the receiver is
 * named, a call split across lines included), its pagination, or a raw route on a client named octokit.
 */
const REST_CALL = /\.\s*rest\s*\.\s*(?:actions|checks|git|issues|pulls|reactions|repos|users)\b|\.\s*paginate\s*\(|octokit\s*\.\s*(?:request|graphql)\s*\(/i;

/** Files outside github/ that make a REST request themselves rather than through a named operation there. */
function restCallers(sources: Map<string, string>): string[] {
  return [...sources].filter(([file, text]) => floorOf(file) !== 'github' && REST_CALL.test(text)).map(([file]) => path.relative(SRC, file));
}

describe('one REST chokepoint', () => {
  it('only files under github/ call octokit: every request unbreak makes to GitHub is a named operation there', () => {
    expect(restCallers(SOURCES)).toEqual([]);
  });

  it('the check sees a call when there is one', () => {
    const fake = (rel: string, text: string) => [path.join(SRC, rel), text] as const;
    const sources = new Map([
      fake('report/a.ts', 'await this.octokit.rest.issues\n  .createComment({ ...this.repo, issue_number: 1, body });\n'),
      fake('event/b.ts', "const pulls = await gh.paginate(gh.rest.pulls.list, { ...repo, state: 'open' });\n"),
      fake('deliver/c.ts', "await ctx.octokit.request('POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches', params);\n"),
      fake('github/pulls.ts', 'return (await octokit.rest.pulls.get({ ...repo, pull_number: number })).data;\n'),
      fake('options/d.ts', "const [first = '', ...rest] = lines;\nreturn [first, ...rest.map((l) => l.trim())];\n"),
      fake('model/e.ts', 'const sent = await this.requester.request();\n'),
    ]);
    expect(restCallers(sources)).toEqual(['report/a.ts', 'event/b.ts', 'deliver/c.ts']);
  });
});
