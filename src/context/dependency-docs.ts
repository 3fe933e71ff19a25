/** A version's numbers, for comparing: `^10.4.3` → [10, 4, 3]; undefined where it has none. */
export function versionParts(v: string): number[] | undefined {
  const m = /(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(v);
  return m ? [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)] : undefined;
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

const BREAKING =
  /breaking|remov|renam|no longer|instead|replac|drop|deprecat|migrat|must now|now (?:returns?|requires?|throws?)|default export|named export|esm|promise/i;
const MAX_CHARS = 3200;

/**
 * The changelog entries of the versions after `from` up to `to`: a heading that names a version
 * opens its section. Where they are many, the lines that say what broke come first (under a
 * "breaking" heading, or saying removed, renamed, instead, …), each under its version's heading.
 */
export function changelogBetween(text: string, from: string, to: string, words: Set<string> = new Set()): string {
  const mentions = words.size ? new RegExp(`(?:^|[^\\w$])(?:${[...words].map((w) => w.replace(/[$]/g, '\\$')).join('|')})(?![\\w$])`) : undefined;
  const lo = versionParts(from);
  const hi = versionParts(to);
  if (!lo || !hi) return '';
  const picked: { heading: string; lines: { text: string; score: number; at: number }[] }[] = [];
  let section: (typeof picked)[number] | undefined;
  let breaking = false;
  let at = 0;
  for (const raw of text.split(/\r?\n/)) {
    const heading = /^#{1,4}\s+(.*)$/.exec(raw);
    const v = heading ? versionParts(heading[1]!.replace(/\([^)]*\)$/, '').replace(/\]\([^)]*\)/, ']')) : undefined;
    if (heading && v && /^\[?v?\d/.test(heading[1]!.trim())) {
      section = compare(v, lo) > 0 && compare(v, hi) <= 0 ? { heading: raw.replace(/\]\([^)]*\)/, ']'), lines: [] } : undefined;
      if (section) picked.push(section);
      breaking = false;
      continue;
    }
    if (!section) continue;
    if (heading) breaking = /breaking/i.test(heading[1]!);
    // Fences are left out: the entries are shown inside one.
    if (!raw.trim() || /^\s*(```|~~~)/.test(raw)) continue;
    const cleaned = raw
      .replace(/\s*\(\[[0-9a-f]{7,}\]\([^)]*\)\)/g, '')
      .replace(/,?\s*closes \[#\d+\]\([^)]*\)/g, '')
      .replace(/\s*\(\[#\d+\]\([^)]*\)\)/g, '');
    const line = cleaned.length > 240 ? `${cleaned.slice(0, 240)}…` : cleaned;
    // What the failing code uses comes first, then what says it broke.
    const score = heading ? 1 : mentions?.test(line) ? 3 : breaking || BREAKING.test(line) ? 2 : 0;
    section.lines.push({ text: line, score, at: at++ });
  }
  const all = picked.flatMap((s) => s.lines);
  const keep = new Set<number>();
  let chars = 0;
  for (const l of [...all].sort((a, b) => b.score - a.score || a.at - b.at)) {
    if (l.score === 0 || chars + l.text.length > MAX_CHARS) continue;
    keep.add(l.at);
    chars += l.text.length + 1;
  }
  return picked
    .map((s) => ({
      heading: s.heading,
      lines: s.lines.filter((l) => keep.has(l.at) && (l.score !== 1 || s.lines.some((x) => x.score >= 2 && keep.has(x.at)))),
    }))
    .filter((s) => s.lines.length)
    .map((s) => [s.heading, ...s.lines.map((l) => l.text)].join('\n'))
    .join('\n\n');
}

/**
 * The README's sections about this upgrade (a heading on migrating, upgrading, breaking changes or
 * a version between the two) and those whose heading names what the failing code uses.
 */
export function readmeSections(text: string, from: string, to: string, words: Set<string>): string {
  const lo = versionParts(from)?.[0] ?? 0;
  const hi = versionParts(to)?.[0] ?? 0;
  const lines = text.split(/\r?\n/);
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const h = /^(#{1,6})\s+(.*)$/.exec(lines[i]!);
    if (!h) continue;
    const title = h[2]!;
    const major = /\b(?:version|v)\s*(\d+)/i.exec(title);
    const aboutUpgrade = /migrat|upgrad|breaking/i.test(title) || (major !== null && Number(major[1]) > lo && Number(major[1]) <= hi);
    const first = /[A-Za-z_$][\w$]*/.exec(title.replace(/^[`\w$]+\./, ''))?.[0];
    if (!aboutUpgrade && !(first && words.has(first))) continue;
    let end = i + 1;
    while (end < lines.length && !(/^(#{1,6})\s/.exec(lines[end]!) && /^(#{1,6})\s/.exec(lines[end]!)![1]!.length <= h[1]!.length)) end++;
    out.push(
      lines
        .slice(i, Math.min(end, i + 30))
        .join('\n')
        .trim(),
    );
  }
  return out.join('\n\n');
}
