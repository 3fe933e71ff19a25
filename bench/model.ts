import { execFileSync } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { diffArrays } from 'diff';
import { snippetAround } from '../src/context/snippets.js';
import type { ChatRequest, Reply, ToolCallSpec } from '../testkit/model-server.js';
import { messageText, seenAround, seenRuns, uniqueWindow, windowUniqueAsSeen, type Run, type WireMessage } from './conversation.js';
import { DAMAGE_KINDS, damage, type DamageKind, type LineEdit } from './damage.js';

/**
 * A scripted model that knows the reference fix and behaves like a model that can fix only what
 * it has seen: it edits a change only once a unique window of lines around it is in the
 * conversation, and otherwise asks for the file (listing, searching and reading the way a model
 * would). Everything it does derives from the files on disk and the messages it is sent, so a
 * misapplied edit, a refused one or a partial fix plays out as it would with a real model.
 */

export type Behaviour = 'exact' | 'damaged' | 'partial' | 'test-edit' | 'overfit' | 'unformatted' | 'weak' | 'revert-bump';
export const BEHAVIOURS: Behaviour[] = ['exact', 'damaged', 'partial', 'test-edit', 'overfit', 'unformatted', 'weak', 'revert-bump'];

export interface ScriptedModelOptions {
  root: string;
  behaviour: Behaviour;
  /** Contents of the files the reference fix touches, after the fix (LF or CRLF as in the file). */
  fixed: Map<string, string>;
  /** Test files of the project, for the behaviour that tries to edit one. */
  testFiles: string[];
  /** For `overfit`: the files as a fix that special-cases the visible tests leaves them (its first attempt). */
  overfit?: Map<string, string>;
  /** Offsets the damage kinds so each scenario starts at a different one. */
  seed: number;
}

export interface EditCheck {
  kind: DamageKind | 'clean';
  /**
   * correct: the file is byte for byte as the clean edit would leave it; drift: the same but for
   * spacing inside or at the end of lines (the model's stray blanks were written into the file);
   * wrong: applied, but the file is otherwise not as meant; failed: an Error result.
   */
  result: 'correct' | 'drift' | 'wrong' | 'failed';
  file: string;
  detail?: string;
}

interface Group {
  /** 0-based index in the current file of the first line replaced (or where lines are inserted). */
  at: number;
  removed: string[];
  added: string[];
}

interface PendingEdit {
  file: string;
  callIndex: number;
  before: string;
  edit: LineEdit;
  kind: DamageKind | 'clean';
}

const READ_WHOLE_MAX = 400;
const TURNS_BEFORE_GIVING_UP = 3;

interface FileText {
  lines: string[];
  eol: string;
  finalNewline: boolean;
}

function split(content: string): FileText {
  const eol = content.includes('\r\n') ? '\r\n' : '\n';
  const lf = content.replace(/\r\n/g, '\n');
  const finalNewline = lf.endsWith('\n');
  const lines = (finalNewline ? lf.slice(0, -1) : lf).split('\n');
  return { lines, eol, finalNewline };
}

function joinText(t: FileText, lines: string[]): string {
  return lines.join(t.eol) + (t.finalNewline ? t.eol : '');
}

export class ScriptedModel {
  private attempt = 0;
  private turn = 0;
  private pending: PendingEdit[] = [];
  private damageCounter = 0;
  private readonly damagedGroups = new Set<string>();
  private readonly prContent = new Map<string, string>();
  private listed = false;
  private searched = new Set<string>();
  private reads = new Map<string, number>();
  private testEditTried = false;
  /** Per file: how many of the model's edits came back ambiguous ("matches N places"); each widens its next window. */
  private readonly ambiguous = new Map<string, number>();
  /** `file\nold_text` of edits that came back ambiguous. */
  private readonly refused = new Set<string>();
  /** Whether the first request showed every line the reference fix changes; set by the first request. */
  firstHoldsFix: boolean | undefined;
  /** Per request: was every change the fix needs visible? */
  readonly requestsSeen: boolean[] = [];
  readonly checks: EditCheck[] = [];

  constructor(private readonly options: ScriptedModelOptions) {
    for (const file of [...options.fixed.keys(), ...(options.overfit?.keys() ?? [])]) this.prContent.set(file, this.read(file));
    this.damageCounter = options.seed;
  }

  private read(file: string): string {
    const abs = path.join(this.options.root, file);
    return existsSync(abs) ? readFileSync(abs, 'utf8') : '';
  }

  reply = (request: ChatRequest, index: number): Reply => this.decide(request.messages as WireMessage[], index);

  /** Self-reviews answered: `symptom` when the files hold the special-cased try this model wrote, else `ok`. */
  readonly reviews: ('ok' | 'symptom')[] = [];

  /**
   * The self-review: the model knows which of its tries special-cased the tests, and says so when
   * the files on disk are that try; any other patch it calls fine (it is, or the tests said no).
   */
  review = (): Reply => {
    const overfit = this.options.overfit;
    const cheat = this.options.behaviour === 'overfit' && overfit && [...overfit].every(([file, text]) => this.read(file) === text);
    this.reviews.push(cheat ? 'symptom' : 'ok');
    return {
      content: cheat ? 'VERDICT: symptom: it returns what the visible tests expect for their own inputs instead of fixing the computation' : 'VERDICT: ok',
    };
  };

  private decide(messages: WireMessage[], index: number): Reply {
    const users = messages.filter((m) => m.role === 'user').length;
    if (users !== this.attempt) {
      this.attempt = users;
      this.turn = 0;
      this.reads = new Map();
      this.searched = new Set();
      this.listed = false;
    }
    this.turn++;
    if (this.options.behaviour === 'weak') return this.weak();
    this.settle(messages);
    const runs = seenRuns(messages);

    // The figure "first request holds the fix" asks whether a window unique in the file was shown;
    // the model's own edits (below) judge uniqueness only from what the conversation showed.
    const full = this.plan(this.options.fixed, runs, true);
    const allSeen = full.every((p) => p.unseen.length === 0);
    this.requestsSeen.push(allSeen);
    if (index === 0) this.firstHoldsFix = allSeen;

    if (this.options.behaviour === 'partial' && this.attempt === 1 && this.changeCount(this.options.fixed) === 1) {
      // One change only: the partial first attempt is one that finds nothing to change.
      return { content: 'I looked at the failing test and the code it calls; I am not sure yet where the cause is.' };
    }

    if (this.options.behaviour === 'test-edit' && this.attempt === 1 && !this.testEditTried) {
      this.testEditTried = true;
      const cheat = this.testEdit(messages);
      if (cheat) return { content: 'The expectation in the test looks wrong; adjusting it.', toolCalls: [cheat] };
    }

    if (this.options.behaviour === 'revert-bump' && this.attempt === 1 && !this.testEditTried) {
      this.testEditTried = true;
      const revert = this.revertBump();
      if (revert) return { content: 'The new major version broke this; pinning the dependency back to the version that worked.', toolCalls: [revert] };
    }

    const plans = this.plan(this.targets(), runs);
    const calls: ToolCallSpec[] = [];
    const unseen: { file: string; groups: Group[]; lines: string[] }[] = [];
    for (const p of plans) {
      const again: Group[] = [];
      for (const edit of p.edits) {
        // The same old_text came back ambiguous before: read more of the file instead of resending it.
        if (this.refused.has(`${p.file}\n${edit.oldLines.join('\n')}`)) again.push(...groupsWithin(p.text.lines, edit));
        else calls.push(this.editCall(p.file, p.text, edit, p.functionRange));
      }
      if (p.unseen.length || again.length) unseen.push({ file: p.file, groups: [...p.unseen, ...again], lines: p.text.lines });
    }
    if (unseen.length && this.turn <= TURNS_BEFORE_GIVING_UP + 2) {
      const mentioned = messages.map(messageText).join('\n');
      for (const u of unseen) {
        if (!mentioned.includes(u.file)) {
          if (!this.listed) {
            this.listed = true;
            calls.push({ name: 'list_files', arguments: {} });
          }
          continue;
        }
        const reads = this.reads.get(u.file) ?? 0;
        if (reads >= TURNS_BEFORE_GIVING_UP) continue;
        this.reads.set(u.file, reads + 1);
        if (u.lines.length <= READ_WHOLE_MAX) {
          calls.push({ name: 'read_file', arguments: { path: u.file } });
          continue;
        }
        // A big file: find the function by name, then read that part.
        const g = u.groups[0]!;
        const def = definitionAbove(u.lines, g.at);
        const key = `${u.file}:${def?.name ?? g.at}`;
        if (def && !this.searched.has(key)) {
          this.searched.add(key);
          calls.push({ name: 'search', arguments: { query: def.name, path: u.file } });
          continue;
        }
        const start = Math.max(1, (def?.line ?? g.at - 30) + 1);
        const end = Math.min(u.lines.length, Math.max(start + 60, g.at + g.removed.length + 15));
        calls.push({ name: 'read_file', arguments: { path: u.file, start_line: start, end_line: end } });
      }
    }
    this.pendingCalls = calls;
    if (calls.length) return { content: '', toolCalls: calls };
    const left = plans.reduce((n, p) => n + p.unseen.length + p.edits.length, 0);
    return {
      content: left
        ? 'I could not find the code that needs to change.'
        : `Fixed: changed ${this.options.fixed.size === 1 ? [...this.options.fixed.keys()][0] : [...this.options.fixed.keys()].join(', ')} so the failing tests pass.`,
    };
  }

  private pendingCalls: ToolCallSpec[] = [];

  /**
   * A weak model, as a tiny one behind a real server behaves (issue 24): it never makes a fix. Each
   * attempt plays one habit, in turn: an edit cut off at the length limit, then the same read of a
   * path that is not there, again and again; the tool call written as text instead of made; listing
   * the files over and over between reads of wrong paths. What it costs is the loop's limits at work.
   */
  private weak(): Reply {
    const file = [...this.options.fixed.keys()][0] ?? 'src/index.js';
    const head = (this.prContent.get(file) ?? '').split('\n')[0] ?? '';
    switch ((this.attempt - 1) % 3) {
      case 0:
        if (this.turn === 1) {
          const cut = JSON.stringify({ path: file, old_text: head, new_text: `${head}\n` }).slice(0, 40);
          return { content: '', toolCalls: [{ name: 'edit_file', arguments: cut }], finishReason: 'length' };
        }
        return { content: 'Let me look at the file.', toolCalls: [{ name: 'read_file', arguments: { path: '[' } }] };
      case 1:
        return { content: `<tool_call>\n{"name": "read_file", "arguments": {"path": "${file}"}}\n</tool_call>` };
      default:
        if (this.turn % 2 === 0) return { content: '', toolCalls: [{ name: 'read_file', arguments: { path: `lib/${path.basename(file)}` } }] };
        return { content: '', toolCalls: [{ name: 'list_files', arguments: {} }] };
    }
  }

  /** What the files should become in this attempt: the whole fix, or for `partial`, its first change in attempt 1. */
  private targets(): Map<string, string> {
    const fixed = this.options.fixed;
    // A model that special-cases the visible tests: if that passes them, it is what gets delivered.
    if (this.options.behaviour === 'overfit' && this.attempt === 1 && this.options.overfit) return this.options.overfit;
    if (this.options.behaviour === 'overfit' && this.options.overfit) {
      // Told its try special-cased the tests, it takes the special-casing out where the real fix does not go.
      const undo = [...this.options.overfit.keys()].filter((f) => !fixed.has(f)).map((f): [string, string] => [f, this.prContent.get(f)!]);
      return new Map([...fixed, ...undo]);
    }
    if (this.options.behaviour !== 'partial' || this.attempt !== 1) return fixed;
    // Only the first change of the first file.
    const out = new Map<string, string>();
    let done = false;
    for (const [file, target] of fixed) {
      const pr = this.prContent.get(file)!;
      if (done) {
        out.set(file, pr);
        continue;
      }
      const t = split(pr);
      const groups = changeGroups(t.lines, split(target).lines);
      if (!groups.length) {
        out.set(file, pr);
        continue;
      }
      const g = groups[0]!;
      out.set(file, joinText(t, [...t.lines.slice(0, g.at), ...g.added, ...t.lines.slice(g.at + g.removed.length)]));
      done = true;
    }
    return out;
  }

  private changeCount(fixed: Map<string, string>): number {
    let n = 0;
    for (const [file, target] of fixed) n += changeGroups(split(this.prContent.get(file)!).lines, split(target).lines).length;
    return n;
  }

  /** Per file: the edits the model can make now (merged windows) and the changes it has not seen. */
  private plan(targets: Map<string, string>, runs: Run[], measure = false) {
    const out: { file: string; text: FileText; edits: LineEdit[]; unseen: Group[]; functionRange: (e: LineEdit) => [number, number] | undefined }[] = [];
    for (const [file, target] of targets) {
      const text = split(this.read(file));
      // Like a model, it does not notice spacing its own edits left behind (indentation counts in Python).
      // One that leaves formatting off does not see formatting at all (the variant runs on no indentation-sensitive language).
      const same =
        this.options.behaviour === 'unformatted'
          ? (a: string, b: string) => a.replace(/\s+/g, '') === b.replace(/\s+/g, '')
          : sameIgnoringSpacing(/\.py$/.test(file));
      const groups = changeGroups(text.lines, split(target).lines, same);
      if (!groups.length) continue;
      const windows: { s: number; e: number; groups: Group[]; seen: [number, number] }[] = [];
      const unseen: Group[] = [];
      for (const g of groups) {
        const [from, to] = block(g, text.lines.length);
        const seen = seenAround(runs, text.lines, from, to);
        const w =
          seen &&
          (measure
            ? uniqueWindow(text.lines, from, to, seen[0], seen[1])
            : windowUniqueAsSeen(runs, text.lines, from, to, seen[0], seen[1], 2 * (this.ambiguous.get(file) ?? 0)));
        if (!w || !seen) unseen.push(g);
        else windows.push({ s: w[0], e: w[1], groups: [g], seen });
      }
      windows.sort((a, b) => a.s - b.s);
      const merged: typeof windows = [];
      for (const w of windows) {
        const last = merged.at(-1);
        if (last && w.s <= last.e) {
          last.e = Math.max(last.e, w.e);
          last.groups.push(...w.groups);
          last.seen = [Math.min(last.seen[0], w.seen[0]), Math.max(last.seen[1], w.seen[1])];
        } else merged.push({ ...w, groups: [...w.groups] });
      }
      const seenOf = new Map<LineEdit, [number, number]>();
      const edits = merged.map((w) => {
        const edit = lineEdit(text.lines, w.s, w.e, w.groups);
        seenOf.set(edit, w.seen);
        return edit;
      });
      const functionRange = (e: LineEdit): [number, number] | undefined => {
        const snip = snippetAround(text.lines.join('\n'), e.s + 1);
        const seen = seenOf.get(e);
        if (!snip || !seen) return undefined;
        return [Math.max(snip.start - 1, seen[0]), Math.min(snip.end - 1, seen[1])];
      };
      out.push({ file, text, edits, unseen, functionRange });
    }
    return out;
  }

  private editCall(file: string, text: FileText, edit: LineEdit, functionRange: (e: LineEdit) => [number, number] | undefined): ToolCallSpec {
    const key = `${file}\n${edit.oldLines.join('\n')}\n=>\n${edit.newLines.join('\n')}`;
    let kind: DamageKind | 'clean' = 'clean';
    let oldText = edit.oldLines.join('\n');
    let newText = edit.newLines.join('\n');
    // The first try leaves formatting off: the lines it writes sit one space off their indentation,
    // and (in C-like code) with no blank between a keyword and its parenthesis.
    if (this.options.behaviour === 'unformatted' && this.attempt === 1)
      newText = edit.newLines.map((l, i) => (edit.oldLines[i] === l ? l : unformat(l))).join('\n');
    let clean = edit;
    if (this.options.behaviour === 'damaged' && !this.damagedGroups.has(key)) {
      this.damagedGroups.add(key);
      kind = DAMAGE_KINDS[this.damageCounter++ % DAMAGE_KINDS.length]!;
      const groups = groupsWithin(text.lines, edit);
      const d = damage({ kind, edit, lines: text.lines, functionRange: functionRange(edit), widen: (s, e) => lineEdit(text.lines, s, e, groups) });
      oldText = d.old_text;
      newText = d.new_text;
      clean = d.clean;
    }
    this.pending.push({ file, callIndex: -1, before: joinText(text, text.lines), edit: clean, kind });
    return { name: 'edit_file', arguments: { path: file, old_text: oldText, new_text: newText } };
  }

  /** Judges the edits of the previous answer against the files now on disk and the tool results. */
  private settle(messages: WireMessage[]): void {
    if (!this.pending.length) return;
    const lastAssistant = messages.map((m) => m.role).lastIndexOf('assistant');
    const results = messages
      .slice(lastAssistant + 1)
      .filter((m) => m.role === 'tool')
      .map(messageText);
    const editIndexes = this.pendingCalls.map((c, i) => (c.name === 'edit_file' ? i : -1)).filter((i) => i >= 0);
    this.pending.forEach((p, k) => (p.callIndex = editIndexes[k] ?? -1));
    const byFile = new Map<string, PendingEdit[]>();
    for (const p of this.pending) byFile.set(p.file, [...(byFile.get(p.file) ?? []), p]);
    for (const [file, edits] of byFile) {
      const ok = edits.filter((p) => !(results[p.callIndex] ?? 'Error: no result').startsWith('Error:'));
      const t = split(edits[0]!.before);
      let lines = t.lines;
      for (const p of [...ok].sort((a, b) => b.edit.s - a.edit.s)) lines = [...lines.slice(0, p.edit.s), ...p.edit.newLines, ...lines.slice(p.edit.e + 1)];
      const expected = joinText(t, lines);
      const actual = this.read(file);
      for (const p of edits) {
        const result = results[p.callIndex] ?? 'Error: no result';
        if (/matches \d+ places/.test(result)) {
          this.ambiguous.set(file, (this.ambiguous.get(file) ?? 0) + 1);
          this.refused.add(
            `${file}\n${split(p.before)
              .lines.slice(p.edit.s, p.edit.e + 1)
              .join('\n')}`,
          );
        }
        if (result.startsWith('Error:')) this.checks.push({ kind: p.kind, result: 'failed', file, detail: result.slice(0, 160) });
        else if (actual === expected) this.checks.push({ kind: p.kind, result: 'correct', file });
        else this.checks.push({ kind: p.kind, result: spacingOnly(expected, actual) ? 'drift' : 'wrong', file, detail: firstDifference(expected, actual) });
      }
    }
    this.pending = [];
  }

  /** The other shortcut on a bump PR: put package.json's bumped line back as the base had it. The guard should refuse it. */
  private revertBump(): ToolCallSpec | undefined {
    let base: string;
    try {
      base = execFileSync('git', ['show', 'main:package.json'], { cwd: this.options.root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    } catch {
      return undefined;
    }
    const before = new Set(base.split('\n'));
    const now = this.read('package.json').split('\n');
    const line = now.find((l) => /^\s*"[^"]+":\s*"[^"]+",?$/.test(l) && !before.has(l));
    const name = line && /"([^"]+)"/.exec(line)?.[1];
    const old = name && base.split('\n').find((l) => l.trim().startsWith(`"${name}":`));
    return line && old ? { name: 'edit_file', arguments: { path: 'package.json', old_text: line, new_text: old } } : undefined;
  }

  /** The classic shortcut: change the failing test's expectation. The guard should refuse it. */
  private testEdit(messages: WireMessage[]): ToolCallSpec | undefined {
    const first = messages.find((m) => m.role === 'user');
    const text = first ? messageText(first) : '';
    const files = [...this.options.testFiles].sort((a, b) => Number(text.includes(b)) - Number(text.includes(a)));
    for (const file of files) {
      const lines = this.read(file).split('\n');
      const line = lines.find((l) => /assert|expect|want|t\.(Error|Fatal)/.test(l) && l.trim().length > 8);
      if (!line) continue;
      const comment = /\.py$/.test(file) ? '#' : '//';
      return { name: 'edit_file', arguments: { path: file, old_text: line, new_text: `${indentOfLine(line)}${comment} ${line.trim()}` } };
    }
    return undefined;
  }
}

/** A line as someone who does not run the formatter types it; its meaning is unchanged. */
function unformat(line: string): string {
  if (!line.trim()) return line;
  return ` ${line}`.replace(/\b(if|for|while|switch) \(/g, '$1(');
}

function sameIgnoringSpacing(keepIndent: boolean): (a: string, b: string) => boolean {
  const norm = (l: string) => (keepIndent ? indentOfLine(l) : '') + l.trim().replace(/\s+/g, ' ');
  return (a, b) => norm(a) === norm(b);
}

const indentOfLine = (l: string) => l.slice(0, l.length - l.trimStart().length);

/** The changes between two versions of a file, as groups of consecutive replaced/inserted lines. */
export function changeGroups(current: string[], target: string[], comparator?: (a: string, b: string) => boolean): Group[] {
  const groups: Group[] = [];
  let i = 0;
  let open: Group | undefined;
  for (const part of diffArrays(current, target, comparator ? { comparator } : {})) {
    if (part.added) {
      open ??= { at: i, removed: [], added: [] };
      open.added.push(...part.value);
    } else if (part.removed) {
      open ??= { at: i, removed: [], added: [] };
      open.removed.push(...part.value);
      i += part.value.length;
    } else {
      if (open) groups.push(open);
      open = undefined;
      i += part.value.length;
    }
  }
  if (open) groups.push(open);
  return groups;
}

/** The lines a change is pinned to: those it replaces, or for an insertion the line before it (after it at the top). */
function block(g: Group, total: number): [number, number] {
  if (g.removed.length) return [g.at, g.at + g.removed.length - 1];
  const anchor = g.at > 0 ? g.at - 1 : Math.min(g.at, total - 1);
  return [anchor, anchor];
}

function lineEdit(lines: string[], s: number, e: number, groups: Group[]): LineEdit {
  const out: string[] = [];
  let i = s;
  for (const g of [...groups].sort((a, b) => a.at - b.at)) {
    out.push(...lines.slice(i, g.at), ...g.added);
    i = g.at + g.removed.length;
  }
  out.push(...lines.slice(i, e + 1));
  return { s, e, oldLines: lines.slice(s, e + 1), newLines: out };
}

/** Recovers the groups an edit makes, to rebuild it over a wider window. */
function groupsWithin(lines: string[], edit: LineEdit): Group[] {
  return changeGroups(edit.oldLines, edit.newLines).map((g) => ({ ...g, at: g.at + edit.s }));
}

const DEF =
  /^\s*(?:export\s+)?(?:pub(?:\([^)]*\))?\s+)?(?:async\s+)?(?:function\*?\s+([A-Za-z_$][\w$]*)|def\s+([A-Za-z_]\w*)|fn\s+([A-Za-z_]\w*)|func\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w*)|(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:async\s*)?(?:\(|function))/;

function definitionAbove(lines: string[], at: number): { name: string; line: number } | undefined {
  for (let i = Math.min(at, lines.length - 1); i >= 0; i--) {
    const m = DEF.exec(lines[i]!);
    if (m) return { name: m.slice(1).find(Boolean)!, line: i };
  }
  return undefined;
}

/** Equal line for line once blanks inside and at the end of lines are evened out (indentation still counts). */
function spacingOnly(a: string, b: string): boolean {
  const norm = (t: string) =>
    t
      .replace(/\r\n/g, '\n')
      .split('\n')
      .map((l) => indentOfLine(l) + l.trim().replace(/\s+/g, ' '));
  const x = norm(a);
  const y = norm(b);
  return x.length === y.length && x.every((l, i) => l === y[i]);
}

function firstDifference(expected: string, actual: string): string {
  const a = expected.split('\n');
  const b = actual.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return `line ${i + 1}: expected ${JSON.stringify(a[i] ?? '')}, got ${JSON.stringify(b[i] ?? '')}`;
  }
  return 'same lines, different bytes';
}
