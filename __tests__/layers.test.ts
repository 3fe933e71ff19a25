import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * DESIGN.md's one-way layers, checked rather than described: engine → context → workspace and
 * testing. A layer below may name an interface above it in a type-only import (that is how the
 * runner implements the engine's TestRunner), never call into it.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/** What each folder may import at run time; `.` is a top-level file (config, pipeline, cli, …). */
const MAY_IMPORT: Record<string, string[]> = {
  engine: ['engine', 'context', 'workspace', 'testing'],
  context: ['context', 'workspace', 'testing'],
  workspace: ['workspace', 'config'],
  testing: ['testing'],
  model: ['model', 'context', 'workspace'],
  github: ['github', 'config', 'cost', 'testing', 'workspace', 'engine', 'context'],
};
/** Packages that belong to the edges (the action, the CLI, the model session), never to the engine. */
const EDGE_PACKAGES: Record<string, RegExp> = {
  engine: /^(?:@actions\/|@octokit\/|openai)/,
  context: /^(?:@actions\/|@octokit\/|openai)/,
  workspace: /^(?:@actions\/|@octokit\/|openai)/,
  testing: /^(?:@actions\/|@octokit\/|openai)/,
};

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
}

function layerOf(abs: string): string {
  const rel = path.relative(SRC, abs).split(path.sep);
  return rel.length > 1 ? rel[0]! : rel[0]!.replace(/\.ts$/, '');
}

function imports(text: string): { spec: string; typeOnly: boolean }[] {
  const out: { spec: string; typeOnly: boolean }[] = [];
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm)) out.push({ spec: m[3]!, typeOnly: Boolean(m[2]) });
  for (const m of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push({ spec: m[1]!, typeOnly: false });
  return out;
}

describe('layers point one way', () => {
  const broken: string[] = [];
  for (const file of files(SRC)) {
    const from = layerOf(file);
    const allowed = MAY_IMPORT[from];
    for (const { spec, typeOnly } of imports(readFileSync(file, 'utf8'))) {
      const where = path.relative(SRC, file);
      if (!spec.startsWith('.')) {
        if (EDGE_PACKAGES[from]?.test(spec)) broken.push(`${where} imports ${spec}`);
        continue;
      }
      if (!allowed || typeOnly) continue;
      const to = layerOf(path.resolve(path.dirname(file), spec.replace(/\.js$/, '.ts')));
      if (!allowed.includes(to)) broken.push(`${where} (${from}) imports ${spec} (${to})`);
    }
  }

  it('no module calls into a layer above its own, and the engine stays free of the edges', () => {
    expect(broken).toEqual([]);
  });

  it('the check sees a violation when there is one', () => {
    const text = "import { run } from '../github/delivery.js';\nimport type { Outcome } from '../engine/types.js';\n";
    expect(imports(text)).toEqual([
      { spec: '../github/delivery.js', typeOnly: false },
      { spec: '../engine/types.js', typeOnly: true },
    ]);
    expect(MAY_IMPORT.testing!.includes(layerOf(path.join(SRC, 'github/delivery.ts')))).toBe(false);
  });
});

describe('one git chokepoint', () => {
  it('only workspace/git.ts starts git: every git process gets the hardened configuration and environment', () => {
    const starters = (spawned: string) =>
      files(SRC)
        .filter((file) => new RegExp(`(?:execa|spawn|spawnSync|execFile|execFileSync)\\(\\s*${spawned}`).test(readFileSync(file, 'utf8')))
        .map((file) => path.relative(SRC, file));
    expect(starters('GIT_PROGRAM')).toEqual(['workspace/git.ts']);
    // Never by name: a `git` that test code writes into a directory on PATH would run (workspace/git-binary.ts).
    expect(starters(`['"]git['"]`)).toEqual([]);
  });
});
