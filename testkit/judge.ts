import { createTwoFilesPatch } from 'diff';
import type { TestFailure } from '../src/failures/test-report.js';
import { findSpecialCasing } from '../src/judge/special-case.js';

/** Test files as the judge's unit tests name them: folders, `.test.`/`_test.` and `test_` files. */
export const isTestFile = (f: string) => /(^|\/)(tests?|__tests__)\/|\.test\.|_test\.|(^|\/)test_/.test(f);

/**
 * The judge's findings for edits (`file: [before, after]`) made into one patch; a file is read as
 * `files` holds it, else as the edit leaves it.
 */
export function judgeEdits(edits: Record<string, [string, string]>, failures: TestFailure[], files: Record<string, string> = {}) {
  const patch = Object.entries(edits)
    .map(([file, [before, after]]) => createTwoFilesPatch(`a/${file}`, `b/${file}`, before, after))
    .join('');
  return findSpecialCasing({ patch, failures, readFile: (f) => files[f] ?? edits[f]?.[1], isTestFile });
}

/** The kinds of the decisive findings, each once. */
export const decisiveKinds = (found: ReturnType<typeof findSpecialCasing>) => [...new Set(found.filter((f) => f.strength === 'decisive').map((f) => f.kind))];

/** A failing test at `file:line`, with the value it expected when given. */
export function failureAt(file: string, line: number, expected?: string, id = `${file} > t`): TestFailure {
  return { id, file, name: 't', message: 'assertion failed', ...(expected !== undefined ? { expected } : {}), locations: [{ file, line }] };
}
