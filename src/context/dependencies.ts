import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Bump } from '../workspace/bumps.js';
import type { InstalledPackage } from '../workspace/installed.js';
import { sanitize } from './redact.js';
import { truncateToTokens } from './tokens.js';
import { changelogBetween, readmeSections } from './dependency-docs.js';
import { declarationsOf } from './declarations.js';

/** What the first message may show of a bump, in the order it is ranked: the bump itself and the new declarations, then the notes. */
export interface DependencyTexts {
  summary: string;
  declarations: string[];
  notes: string[];
}

const DECLARATIONS_TOKENS = 1500;
const NOTES_TOKENS = 900;

/**
 * The "Dependency changes" of a bump PR: each bump (old → new) and where its surface can be read,
 * the declarations, in the new version, of what the failing code takes from it, and the
 * changelog entries and README notes between the two versions. `code` is the failing code (the
 * tests and what they import), `failures` the failing tests' messages.
 */
export function dependencyTexts(
  bumps: Bump[],
  installed: InstalledPackage[],
  code: { file: string; text: string }[],
  failures: string,
): DependencyTexts | undefined {
  if (!bumps.length) return undefined;
  const lines = bumps.map((b) => {
    const pkg = installed.find((p) => p.bump === b);
    const where = pkg
      ? `; installed ${pkg.version ?? b.to} at ${pkg.shownDir}, whose ${pkg.files.length > 1 ? 'declarations, README and changelog' : 'surface'} read_file reads (read-only)`
      : '; not found installed';
    return `- ${b.name} ${b.from} → ${b.to} (${b.files.join(', ')})${where}`;
  });
  const summary = [
    '## Dependency changes',
    '',
    'This change bumps dependencies. Keep the bump: adapt the code to the new version (the manifests keep the new version; lockfiles are not edited).',
    '',
    ...lines,
  ].join('\n');
  const declarations: string[] = [];
  const notes: string[] = [];
  for (const pkg of installed) {
    const used = namesUsedFrom(pkg.bump, code);
    const words = new Set([...used, ...identifiers(failures)]);
    const read = (rel: string) => {
      try {
        return readFileSync(path.join(pkg.dir, rel), 'utf8');
      } catch {
        return undefined;
      }
    };
    const shown = (rel: string) => path.posix.join(pkg.shownDir, rel);
    const version = pkg.version ?? pkg.bump.to;
    if (pkg.types) {
      const text = read(pkg.types);
      const decl = text === undefined ? '' : declarationsOf(text, pkg.types, used);
      if (decl)
        declarations.push(
          truncateToTokens(
            `Declarations of ${pkg.bump.name} ${version} (${shown(pkg.types)}), for what the failing code uses:\n\`\`\`\n${sanitize(decl)}\n\`\`\``,
            DECLARATIONS_TOKENS,
            'end',
          ),
        );
    }
    for (const rel of pkg.files.filter((f) => /^(changelog|changes|history|news|releases?|release[-_]?notes)(\.[a-z]+)?$/i.test(path.posix.basename(f)))) {
      const text = read(rel);
      const entries = text === undefined ? '' : changelogBetween(text, pkg.bump.from, version, new Set(used));
      if (entries)
        notes.push(
          truncateToTokens(`${shown(rel)}, entries after ${pkg.bump.from} up to ${version}:\n\`\`\`\n${sanitize(entries)}\n\`\`\``, NOTES_TOKENS, 'end'),
        );
    }
    for (const rel of pkg.files.filter(
      (f) => /^(readme|migration|migrating|upgrading|upgrade)(\.[a-z]+)?$/i.test(path.posix.basename(f)) && !f.includes('/'),
    )) {
      const text = read(rel);
      const migrationFile = !/^readme/i.test(path.posix.basename(rel));
      const sections = text === undefined ? '' : migrationFile ? text : readmeSections(text, pkg.bump.from, version, words);
      if (sections)
        notes.push(
          truncateToTokens(
            `${shown(rel)}, the parts about this upgrade and what the failing code uses:\n\`\`\`\n${sanitize(sections)}\n\`\`\``,
            NOTES_TOKENS,
            'end',
          ),
        );
    }
  }
  return { summary, declarations, notes };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * What the code takes from a package: the names it imports (`{ a, b }`, `from pkg import a`,
 * `use pkg::{a}`), and the members it uses on a default or namespace binding (`mime.lookup`).
 */
export function namesUsedFrom(bump: Bump, code: { file: string; text: string }[]): string[] {
  const names = new Set<string>();
  const pkg = escape(bump.name);
  const module = escape(bump.name.replace(/-/g, '_'));
  for (const { text } of code) {
    const bindings: string[] = [];
    const js = new RegExp(
      `(?:(?:const|let|var)\\s+([\\w$]+|\\{[^}]*\\})\\s*=\\s*require\\(\\s*['"]${pkg}(?:/[^'"]*)?['"]\\s*\\)|import\\s+([^'";]+?)\\s+from\\s+['"]${pkg}(?:/[^'"]*)?['"])`,
      'g',
    );
    for (const m of text.matchAll(js)) {
      const clause = (m[1] ?? m[2] ?? '').trim();
      // A deep path (`uuid/v4`) names what is taken too.
      for (const seg of /['"][^'"]*?\/([^'"]+)['"]/.exec(m[0])?.[1]?.split('/') ?? []) names.add(seg);
      const braces = /\{([^}]*)\}/.exec(clause);
      if (braces) for (const n of braces[1]!.split(',')) names.add(n.trim().split(/\s*(?::|\bas\b)\s*/)[0]!);
      const bare = clause
        .replace(/\{[^}]*\}/, '')
        .replace(/\*\s+as\s+/, '')
        .replace(/,/g, ' ')
        .trim();
      if (/^[\w$]+$/.test(bare)) bindings.push(bare);
    }
    for (const m of text.matchAll(new RegExp(`^\\s*from\\s+${module}(?:\\.[\\w.]+)?\\s+import\\s+\\(?([\\w, \\n]+)`, 'gm')))
      for (const n of m[1]!.split(',')) names.add(n.trim().split(/\s+as\s+/)[0]!);
    if (new RegExp(`^\\s*import\\s+${module}\\b`, 'm').test(text)) bindings.push(bump.name.replace(/-/g, '_'));
    for (const m of text.matchAll(new RegExp(`\\buse\\s+${module}::\\{?([\\w:, ]+)`, 'g'))) for (const n of m[1]!.split(/[,:\s]+/)) names.add(n);
    for (const b of bindings) for (const m of text.matchAll(new RegExp(`\\b${escape(b)}\\.([A-Za-z_$][\\w$]*)`, 'g'))) names.add(m[1]!);
    for (const b of bindings) names.add(b);
  }
  names.delete('');
  return [...names].filter((n) => /^[A-Za-z_$][\w$]*$/.test(n)).slice(0, 40);
}

const identifiers = (text: string) => new Set([...text.matchAll(/[A-Za-z_$][\w$]{2,}/g)].map((m) => m[0]).slice(0, 400));
