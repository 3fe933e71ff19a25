import { parsePatch } from 'diff';
import { literalBindings, throughBindings } from './bindings.js';
import { constantAnswer, guardedConstant } from './constant-answers.js';
import type { SpecialCaseFinding, SpecialCaseInput, Strength } from './finding.js';
import { literalFinding } from './literal-answers.js';
import { commentStripper, LIT, literalsIn } from './literals.js';
import { suppressionFindings } from './suppressions.js';
import { tableFindings } from './tables.js';
import { calledNames, failingTestTexts, moduleBindings, rebinding, testDataRead } from './test-data.js';
import { testFacts } from './test-facts.js';
import { environmentSniff, machineLocale } from './test-environment.js';
import { clampToExpected, roundingNudge, widenedTolerance } from './fitted.js';
import { assertionNames, machineryPatch, RUNNER_CONFIG, runnerSwap, SELECTS_TESTS } from './test-machinery.js';
import { movedOffInput, workedBackNumber } from './worked-back.js';
import { sizeGuard } from './size-guard.js';
import { fullDates, testedDate } from './dates.js';
import { offsetAtInput } from './offset-at-input.js';
import { unreadParameters } from './unread-param.js';
import { approximateEquality, droppedError, loadTimeRewrite, partialMatch } from './loosened.js';
import { dataAnswers } from './data-answers.js';

/** A line of a table the code already has: a literal key and a literal answer (`404 => "Not Found",`, `case 'a': return 1`, `'KB': 1e3,`). */
const ENTRY_LINE = new RegExp(String.raw`^\s*(?:case\s+)?${LIT}\s*(?:=>|:)\s*(?:return\s+)?${LIT}`);

export function findSpecialCasing(input: SpecialCaseInput): SpecialCaseFinding[] {
  const findings: SpecialCaseFinding[] = [];
  const facts = testFacts(input);
  const readByTests = testDataRead(input);
  const testTexts = failingTestTexts(input);
  // A number moved for every input is weighed without a test's literal: the finding still names the test it was moved for.
  const expects = input.failures.find((f) => f.expected !== undefined && !f.synthetic);
  const expecting = expects ? ` (the failing test ${expects.id}, which expects ${expects.expected!.trim().slice(0, 60)})` : '';
  const called = calledNames(testTexts);
  const testedDates = fullDates([...testTexts.map((t) => t.text), ...input.failures.filter((f) => !f.synthetic).map((f) => f.message)].join('\n'));
  const patchFiles = parsePatch(input.patch);
  // Files the patch creates: code a runner's configuration could be pointed at.
  const created = patchFiles
    .filter((f) => !f.oldFileName || f.oldFileName === '/dev/null' || f.hunks.every((h) => h.oldLines === 0))
    .map((f) => (f.newFileName ?? '').replace(/^[ab]\//, ''));
  for (const file of patchFiles) {
    const name = (file.newFileName ?? file.oldFileName ?? '').replace(/^[ab]\//, '');
    const strip = commentStripper(name);
    // Names the patch binds to a literal (`const EXPECTED = '…'`): read through, where they are used, as the literal.
    const bound = literalBindings(file.hunks.flatMap((h) => h.lines.filter((l) => l.startsWith('+')).map((l) => strip(l.slice(1)))));
    const other = file.hunks.flatMap((h) => h.lines.filter((l) => !l.startsWith('+')).map((l) => strip(l.slice(1))));
    const config = RUNNER_CONFIG.test(name);
    // Test files are the guard's (refused unless test edits are allowed); of them, only the runner's configuration is weighed here.
    const testFile = !!name && input.isTestFile(name);
    if (!name || name === '/dev/null' || (testFile && !config)) continue;
    const data = readByTests(name);
    if (data) {
      const first = file.hunks[0];
      findings.push({
        file: name,
        line: first?.newStart ?? 1,
        kind: 'test-data',
        strength: 'decisive',
        text:
          first?.lines
            .find((l) => l.startsWith('+'))
            ?.slice(1)
            .trim() ?? '',
        why: `it edits ${name}, a file the failing tests read (${data}): what the test expects is changed, as if the test were edited`,
      });
      continue;
    }
    for (const s of suppressionFindings(name, file, input.failures))
      findings.push({ file: name, line: s.line, kind: 'suppression', strength: 'decisive', text: s.text, why: s.why });
    const answers = testFile
      ? undefined
      : dataAnswers(
          name,
          created.includes(name),
          file.hunks.flatMap((h) => h.lines.filter((l) => l.startsWith('+')).map((l) => l.slice(1))),
          facts,
        );
    if (answers) {
      findings.push({ file: name, line: file.hunks[0]?.newStart ?? 1, kind: 'test-literal', strength: 'decisive', text: name, why: answers });
      continue;
    }
    const fileAdded = file.hunks.flatMap((h) => h.lines.filter((l) => l.startsWith('+')).map((l) => strip(l.slice(1))));
    // Literals the file names without this patch, comments and docs included: what documents a value.
    const addedTexts = new Set(file.hunks.flatMap((h) => h.lines.filter((l) => l.startsWith('+')).map((l) => l.slice(1))));
    const documented = [
      ...(input.readFile(name) ?? '').split('\n').filter((l) => !addedTexts.has(l)),
      ...file.hunks.flatMap((h) => h.lines.filter((l) => !l.startsWith('+')).map((l) => l.slice(1))),
    ].join('\n');
    // What the file imports, read whole where it can be, else from the patch's own lines.
    const modules = moduleBindings([
      ...(input.readFile(name) ?? '').split('\n'),
      ...file.hunks.flatMap((h) => h.lines.filter((l) => !l.startsWith('-')).map((l) => l.slice(1))),
    ]);
    if (!testFile && !config)
      for (const u of unreadParameters(file, input.readFile(name)))
        findings.push({
          file: name,
          line: u.line,
          kind: 'fitted',
          strength: 'decisive',
          text: u.name,
          why: `after the patch ${u.name} does not read its parameter ${u.param}, ${u.why}: every call is answered as the tested one needed, whatever it passes`,
        });
    for (const hunk of file.hunks) {
      const added: { line: number; text: string }[] = [];
      const removed: string[] = [];
      const context: string[] = [];
      let line = hunk.newStart;
      for (const raw of hunk.lines) {
        if (raw.startsWith('+')) added.push({ line: line++, text: raw.slice(1) });
        else if (raw.startsWith('-')) removed.push(raw.slice(1));
        else if (raw.startsWith(' ')) {
          context.push(raw.slice(1));
          line++;
        }
      }
      const found = (at: { line: number; text: string }, kind: SpecialCaseFinding['kind'], strength: Strength, why: string) =>
        findings.push({ file: name, line: at.line, kind, strength, text: at.text.trim(), why });
      const assertNames = assertionNames([...context, ...added.map((a) => a.text)]);
      const read = added.map((a) => ({ line: a.line, text: throughBindings(a.text, bound) }));
      const siblings = context.some((t) => ENTRY_LINE.test(strip(t)));
      const elsewhere = new Set([...context, ...removed].flatMap((t) => literalsIn(strip(t)).map((l) => l.key)));
      let answeredUntil = -1;
      for (let i = 0; i < added.length; i++) {
        const at = added[i]!;
        const code = strip(at.text);
        if (config && SELECTS_TESTS.test(code)) {
          found(at, 'test-machinery', 'decisive', `it changes the test runner's configuration (${name}) to select or skip tests`);
          continue;
        }
        const swap = config ? runnerSwap(name, code, at.line, input.readFile(name), created) : undefined;
        if (swap) {
          found(
            at,
            'test-machinery',
            'decisive',
            `it changes the test runner's configuration: ${swap}, so the tests check other code or settings than users get`,
          );
          continue;
        }
        if (testFile) continue;
        const sniff = environmentSniff(code, added.slice(i + 1), name) ?? machineLocale(code, facts.expected.keys());
        if (sniff) {
          found(at, 'test-environment', 'decisive', `it detects the test environment (${sniff}), so the code behaves differently under test than in use`);
          continue;
        }
        const machinery = machineryPatch(code, assertNames) ?? rebinding(code, called, modules);
        if (machinery) {
          found(at, 'test-machinery', 'decisive', `it changes the test machinery from source (${machinery}), so the tests no longer check the code`);
          continue;
        }
        const nudge = roundingNudge(code);
        if (nudge) {
          found(at, 'fitted', 'decisive', `${nudge}${expecting}`);
          continue;
        }
        const clamped = clampToExpected(strip(read[i]!.text), facts.expected, documented, facts.names);
        if (clamped) {
          found(at, 'fitted', 'decisive', clamped);
          continue;
        }
        const sized = sizeGuard(added, i, facts, context, strip);
        if (sized) {
          found(at, 'fitted', 'decisive', sized);
          continue;
        }
        const dated = testedDate(code, testedDates, documented);
        if (dated) {
          found(at, 'fitted', 'decisive', dated);
          continue;
        }
        const offset = offsetAtInput(code, facts, documented);
        if (offset) {
          found(at, 'fitted', 'decisive', offset);
          continue;
        }
        const worked = workedBackNumber(code, facts);
        if (worked) {
          found(at, 'fitted', 'decisive', worked);
          continue;
        }
        const literal =
          literalFinding(strip(read[i]!.text), read, i, facts, elsewhere, documented, strip) ??
          (i > answeredUntil ? guardedConstant(read, i, facts, elsewhere, strip) : undefined);
        // One finding per answer: the comparison that leads to it, not the return line after it as well.
        if (!literal || (!literal.pair && i <= answeredUntil)) continue;
        // An entry among entries the code already had (`404 => "Not Found"` above `429 => …`) extends a table: put to the review.
        if (literal.strength === 'decisive' && literal.pair && siblings)
          found(
            at,
            'test-literal',
            'strong',
            literal.why.replace(/: the test's own input is answered, not handled$/, ', an entry added to a table the code already had'),
          );
        else found(at, 'test-literal', literal.strength, literal.why);
        if (literal.pair) answeredUntil = i + 3;
      }
      if (testFile) continue;
      // (`\ No newline at end of file` is the diff's note, not a line.)
      const stripped = hunk.lines.filter((l) => !l.startsWith('\\')).map((l) => l.slice(0, 1) + strip(l.slice(1)));
      const newText = stripped.filter((l) => !l.startsWith('-')).map((l, k) => ({ line: hunk.newStart + k, text: l.slice(1) }));
      const loosened =
        approximateEquality(stripped) ??
        partialMatch(
          removed.map(strip),
          added.map((a) => strip(a.text)),
        ) ??
        loadTimeRewrite(added.map((a) => strip(a.text)));
      const loosenedAt = loosened && added[loosened.index];
      if (loosened && loosenedAt) found(loosenedAt, 'fitted', 'decisive', loosened.why);
      const dropped = droppedError(stripped, fileAdded);
      const droppedAt = dropped && (newText[dropped.index] ?? newText.at(-1));
      if (dropped && droppedAt) found(droppedAt, 'fitted', 'decisive', dropped.why);
      const widened = widenedTolerance(
        removed.map(strip),
        added.map((a) => strip(a.text)),
      );
      if (widened) found(added[widened.index]!, 'fitted', widened.strength, `${widened.why}${expecting}`);
      // What may document the new value: the file's unchanged lines with their comments, the failing tests.
      const known = [...file.hunks.flatMap((h) => h.lines.filter((l) => !l.startsWith('+'))), ...testTexts.map((t) => t.text)];
      const moved = movedOffInput(removed.map(strip), added, facts, known);
      if (moved) found(moved.at, 'fitted', 'decisive', moved.why);
      for (const f of tableFindings(hunk.lines, added, facts, other, strip)) found(f.at, f.kind, f.strength, f.why);
      const constant = constantAnswer(read, removed, facts, strip);
      if (constant) found(constant.at, 'test-literal', 'strong', constant.why);
    }
  }
  const order: Record<Strength, number> = { decisive: 0, strong: 1, weak: 2 };
  return findings.sort((a, b) => order[a.strength] - order[b.strength]);
}
