import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

/**
 * dist/ is what runs, bundled whole: a package it does not load at run time is not a dependency,
 * and a global install of the packed tarball should not pull dozens of them (issue 44, friction 14).
 * Needs a fresh build (npm test builds first).
 */

const root = process.cwd();
const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/**
 * Every module specifier a bundle loads: static imports (each on its own line in esbuild's output,
 * so an import quoted in an error message's text is not one), dynamic imports and requires
 * (esbuild's `__require` too). A package first probed with `require.resolve` is optional: the code
 * around it runs without it (fdir, inside tinyglobby, looks for picomatch that way).
 */
function specifiers(source: string): string[] {
  const optional = new Set([...source.matchAll(/\b(?:__)?require\.resolve\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!));
  const found = [
    ...source.matchAll(/^\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/gm),
    ...source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
    ...source.matchAll(/\b(?:__)?require\(\s*["']([^"']+)["']\s*\)/g),
  ].map((m) => m[1]!);
  return [...new Set(found)].filter((s) => !optional.has(s));
}

describe('the published package', () => {
  it('dist/ loads no package by name: only Node built-ins and its own files', () => {
    const files = readdirSync(path.join(root, 'dist')).filter((f) => /\.(c|m)?js$/.test(f));
    expect(files).toEqual(expect.arrayContaining(['cli.js', 'cli-main.js', 'index.js', 'action-main.js']));
    const bare: string[] = [];
    for (const f of files) {
      for (const s of specifiers(readFileSync(path.join(root, 'dist', f), 'utf8'))) {
        if (!s.startsWith('.') && !s.startsWith('/') && !builtins.has(s)) bare.push(`${f}: ${s}`);
      }
    }
    expect(bare).toEqual([]);
  });

  it('so package.json names no run-time dependency: what is bundled is a devDependency', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    expect(Object.keys(pkg.dependencies ?? {})).toEqual([]);
  });

  it('the check itself finds a bare import, a dynamic one and a require, not a quoted one or an optional one', () => {
    const sample =
      'import { a } from "openai";\nimport "zod";\nconst x = await import("yaml");\nconst y = __require("diff");\nimport fs from "node:fs";\n' +
      'throw new Error(`use import { fetch } from "undici"`);\ntry { __require.resolve("picomatch"); pm = __require("picomatch"); } catch {}';
    expect(specifiers(sample).filter((s) => !builtins.has(s))).toEqual(['openai', 'zod', 'yaml', 'diff']);
  });
});
