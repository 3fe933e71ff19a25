import type { StructuredPatch } from 'diff';
import type { TestFailure } from '../failures/test-report.js';
import { commentStripper } from './literals.js';

/**
 * Silencing the diagnostic that failed instead of fixing what it points at: a suppression comment
 * or attribute added where a failing location is, a cast to `any`/`unknown` on the failing line,
 * or the failing rule switched off in the linter's or compiler's configuration. The step goes
 * green and the code stays as it was: decisive.
 */

/** How far a suppression reaches: its own line or the next (`line`), the item it is put on (`item`), the whole file (`file`). */
const SUPPRESSIONS: { pattern: RegExp; what: string; reach: 'line' | 'item' | 'file' }[] = [
  { pattern: /\/\/\s*@ts-(?:ignore|expect-error)\b/, what: '@ts-ignore', reach: 'line' },
  { pattern: /\/\/\s*@ts-nocheck\b/, what: '@ts-nocheck', reach: 'file' },
  { pattern: /\/[/*]\s*eslint-disable-(?:next-)?line\b/, what: 'eslint-disable-line', reach: 'line' },
  { pattern: /\/\*\s*eslint-disable\b(?!-)/, what: 'eslint-disable', reach: 'file' },
  { pattern: /\/\/\s*prettier-ignore\b|#\s*prettier-ignore\b/, what: 'prettier-ignore', reach: 'line' },
  { pattern: /#\s*type:\s*ignore\b|#\s*pyright:\s*ignore\b/, what: '# type: ignore', reach: 'line' },
  { pattern: /#\s*mypy:\s*ignore-errors\b|#\s*pyright:\s*basic\b/, what: '# mypy: ignore-errors', reach: 'file' },
  { pattern: /#\s*noqa\b/, what: '# noqa', reach: 'line' },
  { pattern: /#\s*pylint:\s*disable\b/, what: '# pylint: disable', reach: 'line' },
  { pattern: /\/\/\s*nolint\b|\/\/\s*lint:ignore\b/, what: '//nolint', reach: 'line' },
  { pattern: /^\s*#!\[allow\(/, what: '#![allow(…)]', reach: 'file' },
  { pattern: /^\s*#\[allow\(/, what: '#[allow(…)]', reach: 'item' },
  { pattern: /@SuppressWarnings\b/, what: '@SuppressWarnings', reach: 'item' },
];

/** A cast that turns the type check off for one expression. */
const CAST = /\bas\s+(?:any|unknown)\b|<any>|:\s*any\b(?!\w)/;

/** Linter and compiler configuration, where a rule can be switched off. */
const LINT_CONFIG =
  /(?:^|\/)(?:\.?eslint(?:rc)?(?:\.config)?\.[cm]?[jt]s(?:on)?|\.eslintrc(?:\.ya?ml)?|tsconfig(?:\.\w+)?\.json|\.flake8|setup\.cfg|tox\.ini|pyproject\.toml|ruff\.toml|\.ruff\.toml|mypy\.ini|\.pylintrc|\.golangci\.ya?ml|clippy\.toml|Cargo\.toml|biome\.json|\.prettierignore|\.eslintignore)$/;
/** A rule set to off (`eqeqeq: 'off'`, `"strict": false`, `ignore = ["E501"]`, `unused_variables = "allow"`). */
const SWITCHED_OFF =
  /['"]?([@\w/.-]+)['"]?\s*[:=]\s*(?:\[\s*)?['"]?(?:off|0|false|allow|none|ignore)\b['"]?|\b(?:ignore|extend-ignore|disable|per-file-ignores|ignore_errors|skip)\b\s*[:=]\s*(.+)/i;
/** TypeScript's checks that a config can relax. */
const TS_CHECKS = /^(?:strict\w*|noImplicit\w+|noUnused\w+|exactOptionalPropertyTypes|noUncheckedIndexedAccess|checkJs|noFallthroughCasesInSwitch)$/;

export function suppressionFindings(name: string, file: StructuredPatch, failures: TestFailure[]): { line: number; text: string; why: string }[] {
  const failing = failures.flatMap((f) => f.locations.filter((l) => l.file === name).map((l) => ({ line: l.line, f })));
  const text = failures.map((f) => `${f.id}\n${f.message}`).join('\n');
  const out: { line: number; text: string; why: string }[] = [];
  const strip = commentStripper(name);
  for (const hunk of file.hunks) {
    let oldLine = hunk.oldStart;
    let newLine = hunk.newStart;
    for (const raw of hunk.lines) {
      if (raw.startsWith('-')) {
        oldLine++;
        continue;
      }
      if (!raw.startsWith('+')) {
        if (raw.startsWith(' ')) {
          oldLine++;
          newLine++;
        }
        continue;
      }
      const added = raw.slice(1);
      const at = { line: newLine++, text: added.trim() };
      // The added line sits before old line `oldLine`: a next-line suppression covers it, a same-line one the line it replaces.
      const near = (reach: 'line' | 'item' | 'file') =>
        failing.find(({ line }) => (reach === 'file' ? true : reach === 'item' ? line >= oldLine - 1 && line <= oldLine + 40 : Math.abs(line - oldLine) <= 1));
      for (const s of SUPPRESSIONS) {
        if (!s.pattern.test(added)) continue;
        const hit = near(s.reach);
        if (hit)
          out.push({
            ...at,
            why: `it adds ${s.what} where the failing check points (${name}:${hit.line}, ${hit.f.id}): the diagnostic is silenced, not fixed`,
          });
        break;
      }
      if (CAST.test(strip(added))) {
        const hit = near('line');
        if (hit)
          out.push({
            ...at,
            why: `it casts to any/unknown on the failing line (${name}:${hit.line}, ${hit.f.id}): the type check is turned off there, not satisfied`,
          });
      }
      const narrowed = narrowingCast(strip(added), text);
      if (narrowed) {
        const hit = near('line');
        if (hit)
          out.push({
            ...at,
            why: `it asserts ${narrowed} is never null or undefined on the failing line (${name}:${hit.line}, ${hit.f.id}), where the check said it may be: the diagnostic is silenced, the case it names is not handled`,
          });
      }
      const discarded = discardedUnused(strip(added), text);
      if (discarded) {
        const hit = discarded.anywhere ? (failing[0] ?? { line: 0, f: failures[0]! }) : near('line');
        if (hit)
          out.push({
            ...at,
            why: `it ${discarded.what} (${hit.line ? `${name}:${hit.line}, ` : ''}${hit.f.id}): the check is silenced, what it asks for is not done`,
          });
      }
      if (LINT_CONFIG.test(name)) {
        const m = SWITCHED_OFF.exec(strip(added));
        if (!m) continue;
        const rules = m[1] ? [m[1]] : (m[2]!.match(/[A-Za-z@][\w/-]*\d*|[A-Z]+\d+/g) ?? []);
        const rule = rules.find(
          (r) =>
            r.length >= 2 &&
            (new RegExp(`(?<![\\w-])${r.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?![\\w-])`).test(text) || (TS_CHECKS.test(r) && /\bTS\d{4}\b/.test(text))),
        );
        if (rule) out.push({ ...at, why: `it switches off ${rule} in ${name}, the rule the failing check reports: the check is silenced, not satisfied` });
      }
    }
  }
  return out;
}

/**
 * A cast (`x as string`) or a non-null assertion (`x!`) on the very expression a failing
 * diagnostic says may be null or undefined (TS18047-9: `'user.email' is possibly 'undefined'`):
 * the compiler is told the case cannot happen instead of the code handling it.
 */
function narrowingCast(code: string, diagnostics: string): string | undefined {
  for (const m of diagnostics.matchAll(/'([\w$.[\]]+)' is possibly '(?:undefined|null)'/g)) {
    const expr = m[1]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`(?<![\\w$.])${expr}\\s+as\\s+(?!const\\b)[\\w$]|(?<![\\w$.])${expr}!(?!=)`).test(code)) return `'${m[1]}'`;
  }
  return undefined;
}

/**
 * A value the failing check says is unused, thrown away instead of used: Go's `_ = err` for
 * "declared and not used", Rust's `let _ =` for an unused `Result` that must be used, a name given
 * a leading underscore for "unused variable", a warning the test turns into an error filtered out.
 */
function discardedUnused(code: string, diagnostics: string): { what: string; anywhere?: true } | undefined {
  const unusedGo = /declared (?:and|but) not used:? `?(\w+)`?|`?(\w+)`? declared (?:and|but) not used/.exec(diagnostics);
  const name = unusedGo?.[1] ?? unusedGo?.[2];
  if (name && new RegExp(`^\\s*_\\s*=\\s*${name}\\s*$`).test(code)) return { what: `assigns ${name} to _ where the check says it is declared and not used` };
  if (/unused `?(?:Result|Option|\w+)`? that must be used|unused_must_use/.test(diagnostics) && /^\s*let\s+_\s*=/.test(code))
    return { what: 'discards with let _ = the value the check says must be used' };
  for (const m of diagnostics.matchAll(/unused (?:variable|parameter|import)s?:? [`'"]?(\w+)[`'"]?/g))
    if (new RegExp(`(?<![\\w$])_${m[1]}(?![\\w$])`).test(code)) return { what: `renames ${m[1]} to _${m[1]} where the check says it is unused` };
  if (
    /\b\w*Warning\b|\bDEP\d{4}\b|\b[Dd]eprecat/.test(diagnostics) &&
    /\b(?:filterwarnings|simplefilter)\(\s*['"]ignore['"]|\bsuppress_warnings\b|process\.removeAllListeners\(\s*['"]warning['"]|process\.noDeprecation\s*=/.test(
      code,
    )
  )
    return { what: 'filters out the warning the failing test reports', anywhere: true };
  return undefined;
}
