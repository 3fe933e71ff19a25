const MAX_TOP = 60;
const MAX_MEMBERS = 120;
const line200 = (l: string) => (l.length > 200 ? `${l.slice(0, 200)}…` : l);

/**
 * A package's declarations, one line each: what it exports, and the members of each class or
 * interface the code uses by name. TypeScript declarations (`.d.ts`), Python stubs (`.pyi`) and a
 * Rust crate's `lib.rs` (its `pub` items); comments and bodies left out.
 */
export function declarationsOf(text: string, file: string, used: string[]): string {
  if (/\.pyi$/.test(file)) return pythonStub(text, used);
  if (/\.rs$/.test(file)) return rustItems(text);
  return typescript(text, used);
}

function typescript(text: string, used: string[]): string {
  const lines = text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split(/\r?\n/)
    .map((l) => l.replace(/(^|[^:'"])\/\/.*$/, '$1').trimEnd());
  const top: string[] = [];
  const blocks = new Map<string, string[]>();
  let depth = 0;
  let open: string[] | undefined;
  for (const l of lines) {
    const t = l.trim();
    if (depth === 0 && t && /^(export|declare)\b/.test(t)) {
      top.push(line200(t));
      const name = /\b(?:class|interface)\s+([\w$]+)/.exec(t)?.[1];
      open = name && used.includes(name) ? [] : undefined;
      if (open && name) blocks.set(name, open);
    } else if (depth === 1 && open && t && t !== '}' && !t.startsWith('}')) open.push(`  ${line200(t)}`);
    for (const c of l) depth += c === '{' ? 1 : c === '}' ? -1 : 0;
    if (depth < 0) depth = 0;
    if (depth === 0) open = undefined;
  }
  const out = [...top.slice(0, MAX_TOP)];
  if (top.length > MAX_TOP) out.push(`… and ${top.length - MAX_TOP} more exports`);
  for (const [name, members] of blocks) {
    out.push('', `${name}'s members:`, ...members.slice(0, MAX_MEMBERS));
    if (members.length > MAX_MEMBERS) out.push(`  … and ${members.length - MAX_MEMBERS} more`);
  }
  return out.join('\n').trim();
}

function pythonStub(text: string, used: string[]): string {
  const top: string[] = [];
  const members = new Map<string, string[]>();
  let cls: string[] | undefined;
  for (const l of text.split(/\r?\n/)) {
    if (/^(class|def|async def)\s|^[A-Za-z_]\w*\s*[:=]/.test(l)) {
      top.push(line200(l.trimEnd()));
      const name = /^class\s+(\w+)/.exec(l)?.[1];
      cls = name && used.includes(name) ? [] : undefined;
      if (cls && name) members.set(name, cls);
    } else if (cls && /^\s{4}(def|async def|@overload|[A-Za-z_]\w*\s*:)/.test(l)) cls.push(line200(l.trimEnd()));
    else if (/^\S/.test(l)) cls = undefined;
  }
  const out = top.slice(0, MAX_TOP);
  for (const [name, m] of members) out.push('', `${name}'s members:`, ...m.slice(0, MAX_MEMBERS));
  return out.join('\n').trim();
}

function rustItems(text: string): string {
  const items = text
    .split(/\r?\n/)
    .filter((l) => /^\s*pub(\([^)]*\))?\s+(async\s+)?(fn|struct|enum|trait|type|const|static|mod|use)\b/.test(l))
    .map((l) => line200(l.replace(/\s*\{\s*$/, '').trimEnd()));
  return items.slice(0, MAX_TOP + MAX_MEMBERS).join('\n');
}
