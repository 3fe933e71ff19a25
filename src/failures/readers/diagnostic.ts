import { foldEvents, type TestEvent } from '../events.js';
import type { SourceLocation, TestReport } from '../test-report.js';

/**
 * What the readers of tools that are not test runners (tsc, ESLint, Prettier, esbuild) share: each
 * problem they print is a failure of its own, in its file, named with its place (`(line,col)`),
 * so the name says where and "Code at the failure locations" shows the line. None of them is a
 * test case with a passing twin: each counts as fixed once it is no longer reported.
 */
export interface Diagnostic {
  file: string;
  /** What the tool calls it: `TS2345`, `no-undef`, `not formatted`. */
  code: string;
  line?: number;
  column?: number;
  text: string;
  /** The tool's whole report of it (code frame, elaboration). */
  message: string;
  /** Further places it names (tsc's "declared here"). */
  related?: SourceLocation[];
}

export function diagnosticsReport(format: string, diagnostics: Diagnostic[]): TestReport {
  const events: TestEvent[] = diagnostics.map((d) => {
    const at = d.line !== undefined ? ` (${d.line}${d.column !== undefined ? `,${d.column}` : ''})` : '';
    const name = `${d.code}${at}: ${d.text}`;
    const loc: SourceLocation[] = d.line !== undefined ? [{ file: d.file, line: d.line, ...(d.column !== undefined ? { column: d.column } : {}) }] : [];
    return {
      kind: 'case',
      suites: [],
      name,
      file: d.file,
      result: 'fail',
      failure: { message: d.message, locations: [...loc, ...(d.related ?? [])], synthetic: true },
    };
  });
  return { format, failures: foldEvents(events).failures };
}
