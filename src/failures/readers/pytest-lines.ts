// pytest's terminal output, line by line: the banners, the failure sections, the summaries.

const STATUS = 'PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS';
// pytest 9's subtests add "4 subtests passed" (the word is always plural, "1 subtests passed").
const SUMMARY_ITEM = '\\d+ (?:subtests? )?(?:failed|passed|skipped|deselected|xfailed|xpassed|errors?|warnings?|rerun)';
/** "===== 3 failed, 5 passed, 1 skipped in 1.02s =====" (the "=" fill is absent with -q). */
const FINAL_LINE = new RegExp(`^(?:=+ )?((?:${SUMMARY_ITEM})(?:, ${SUMMARY_ITEM})*|no tests ran) in [\\d.]+s(?: \\([^)]*\\))?(?: =+)?$`);
const BANNER = /^=+ (.+?) =+$/;
const SECTION_HEAD = /^_{3,} (.+?) _{3,}$/;
const VERBOSE_LINE = new RegExp(`^(\\S.*?::.*?) (${STATUS})(?: \\(.*\\))?(?:\\s+\\[\\s*\\d+%\\])?$`);
const XDIST_LINE = new RegExp(`^\\[gw\\d+\\] \\[\\s*\\d+%\\] (${STATUS}) (\\S.*?::.*)$`);
const SHORT_LINE = new RegExp(`^(${STATUS}) (\\S.*)$`);
/**
 * "SUBFAILED[msg] (i=2, name='c::d') tests/x.py::test_a - ...": the description sits between the status and the
 * node id and may hold spaces and "::"; the node id starts with a bare path to a .py file.
 */
const SUB_SHORT_LINE = /^(SUB(?:FAILED|PASSED|SKIPPED|XFAIL))(.*?) ([^\s'"()[\]]+\.py::.*)$/;
/** "tests/x.py::test_a SUBFAILED(i=2)          [ 33%]" (-v). */
const SUB_VERBOSE_LINE = /^(\S.*?::.*?) (SUB(?:FAILED|PASSED|SKIPPED|XFAIL))(.*?)(?:\s+\[\s*\d+%\])?$/;

export interface Entry {
  kind: string;
  nodeid: string;
  message?: string;
  /** A subtest's description, "(i=2)" or "[msg] (i=2)": the entry is about one subtest of the test `nodeid`. */
  sub?: string;
}

export interface Section {
  kind: 'failed' | 'error';
  head: string;
  body: string;
}

export function isPytest(lines: readonly string[]): boolean {
  let banner = false;
  let sections = false;
  let short = false;
  for (const line of lines) {
    if (/^=+ test session starts =+$/.test(line)) banner = true;
    else if (/^=+ (FAILURES|ERRORS) =+$/.test(line)) sections = true;
    else if (/^=+ short test summary info =+$/.test(line)) short = true;
    else if (FINAL_LINE.test(line)) return true;
  }
  return banner || (sections && short);
}

export function finalCounts(lines: readonly string[]): Record<string, number> | undefined {
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = FINAL_LINE.exec(lines[i]!);
    if (!m) continue;
    const counts: Record<string, number> = {};
    for (const item of m[1]!.matchAll(/(\d+) ((?:subtests? )?\w+)/g)) {
      // "errors" and "warnings" are plural; "passed", "failed", ... are not. Subtests are "subtests passed".
      const key = item[2]!.replace(/^(error|warning)s$/, '$1').replace(/^subtests? /, 'subtests ');
      counts[key] = Number(item[1]);
    }
    return counts;
  }
  return undefined;
}

export function scan(lines: readonly string[]): { sections: Section[]; shortEntries: Entry[]; hasShortSummary: boolean } {
  const sections: Section[] = [];
  const shortEntries: Entry[] = [];
  let hasShortSummary = false;
  let mode: 'none' | 'failed' | 'error' | 'short' = 'none';
  let current: { kind: 'failed' | 'error'; head: string; body: string[] } | undefined;
  const flush = () => {
    if (current) sections.push({ kind: current.kind, head: current.head, body: current.body.join('\n') });
    current = undefined;
  };
  for (const line of lines) {
    const banner = BANNER.exec(line);
    if (banner || /^!{3,} .* !{3,}$/.test(line) || FINAL_LINE.test(line)) {
      flush();
      const title = banner?.[1] ?? '';
      if (title === 'FAILURES') mode = 'failed';
      else if (title === 'ERRORS') mode = 'error';
      else if (title === 'short test summary info') {
        mode = 'short';
        hasShortSummary = true;
      } else mode = 'none';
      continue;
    }
    if (mode === 'failed' || mode === 'error') {
      const head = SECTION_HEAD.exec(line);
      if (head) {
        flush();
        current = { kind: mode, head: head[1]!, body: [] };
      } else current?.body.push(line);
    } else if (mode === 'short') {
      const m = SHORT_LINE.exec(line);
      const sub = m ? undefined : SUB_SHORT_LINE.exec(line);
      if (m) shortEntries.push({ kind: m[1]!, ...splitNodeId(m[2]!) });
      else if (sub) shortEntries.push({ kind: sub[1]!, ...splitNodeId(sub[3]!), sub: sub[2]!.trim() });
    }
  }
  flush();
  return { sections, shortEntries, hasShortSummary };
}

/** Splits "tests/x.py::test_a[a - b] - AssertionError: ..." into the node id and the message. */
function splitNodeId(text: string): { nodeid: string; message?: string } {
  let end = -1;
  const colons = text.indexOf('::');
  const bracket = text.indexOf('[');
  const dash = text.indexOf(' - ');
  if (colons >= 0 && bracket > colons && (dash < 0 || bracket < dash)) {
    for (let i = bracket; i < text.length; i++) {
      if (text[i] === ']' && (i === text.length - 1 || text.startsWith(' - ', i + 1))) {
        end = i + 1;
        break;
      }
    }
  }
  if (end < 0) end = dash >= 0 ? dash : text.length;
  const nodeid = text.slice(0, end).trim();
  const rest = text.slice(end);
  const message = rest.startsWith(' - ') ? rest.slice(3).trim() : undefined;
  return message ? { nodeid, message } : { nodeid };
}

export function verboseEntries(lines: readonly string[]): Entry[] {
  const out: Entry[] = [];
  for (const line of lines) {
    const v = VERBOSE_LINE.exec(line);
    if (v) {
      out.push({ kind: v[2]!, nodeid: v[1]! });
      continue;
    }
    const x = XDIST_LINE.exec(line);
    if (x) {
      out.push({ kind: x[1]!, nodeid: x[2]!.trim() });
      continue;
    }
    const sub = SUB_VERBOSE_LINE.exec(line);
    if (sub) out.push({ kind: sub[2]!, nodeid: sub[1]!, sub: sub[3]!.trim() });
  }
  return out;
}
