import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { readOutput } from '../../../src/failures/collect.js';
import { eslintReader } from '../../../src/failures/readers/eslint.js';
import { esbuildReader } from '../../../src/failures/readers/esbuild.js';
import { prettierReader } from '../../../src/failures/readers/prettier.js';
import { tscReader } from '../../../src/failures/readers/tsc.js';
import { isSynthetic } from '../../../src/failures/test-report.js';

/** What CI runs besides tests: each problem is a failure with its place, in its name and its locations. */
const fixture = (name: string) => readFileSync(new URL(`../../fixtures/readers/${name}`, import.meta.url), 'utf8');
const rootOf = (tool: string) => `/tmp/unbreak-fixture/${tool}`; // path as data: the readers only compute paths against it

describe('tsc', () => {
  it.each(['plain.txt', 'pretty.txt'])('%s: one failure per error, named with (line,col), located at the erroring line', (file) => {
    const report = tscReader.read({ output: fixture(`tsc/${file}`), root: rootOf('tsc') })!;
    expect(report.format).toBe('tsc');
    expect(report.failures.map((f) => f.id)).toEqual([
      "src/use.ts > TS2345 (3,37): Argument of type 'string' is not assignable to parameter of type 'number'.",
      "src/use.ts > TS2322 (5,33): Type 'string' is not assignable to type 'number'.",
      "src/use.ts > TS2322 (8,3): Type 'number' is not assignable to type 'string'.",
      "src/use.ts > TS2322 (11,14): Type '(x: string) => string' is not assignable to type '(x: number) => string'.",
    ]);
    expect(report.failures[0]!.locations[0]).toEqual({ file: 'src/use.ts', line: 3, column: 37 });
    expect(report.failures.every((f) => f.file === 'src/use.ts' && isSynthetic(f, report.format))).toBe(true);
    // The elaboration stays in the message.
    expect(report.failures[3]!.message).toContain("Types of parameters 'x' and 'x' are incompatible.");
  });

  it('--pretty: the code frame and the related place ("declared here") come along', () => {
    const report = tscReader.read({ output: fixture('tsc/pretty.txt'), root: rootOf('tsc') })!;
    expect(report.failures[1]!.message).toContain("5 export const p: Point = { x: 1, y: '2' };");
    expect(report.failures[1]!.locations).toEqual([
      { file: 'src/use.ts', line: 5, column: 33 },
      { file: 'src/sum.ts', line: 7, column: 3 },
    ]);
    expect(report.failures[3]!.message).not.toContain('Found 4 errors');
  });
});

describe('eslint (stylish)', () => {
  it('one failure per error with its rule and place; warnings do not fail the run', () => {
    const report = eslintReader.read({ output: fixture('eslint/stylish.txt'), root: rootOf('eslint') })!;
    expect(report.format).toBe('eslint');
    expect(report.failures.map((f) => f.id)).toEqual([
      "src/a.js > no-unused-vars (1,7): 'unused' is assigned a value but never used",
      "src/a.js > no-undef (3,22): 'missing' is not defined",
      'src/a.js > semi (4,11): Missing semicolon',
      "src/c.js > no-undef (1,9): 'undefinedThing' is not defined",
    ]);
    expect(report.failures[1]!.locations).toEqual([{ file: 'src/a.js', line: 3, column: 22 }]);
  });
});

describe('prettier --check', () => {
  it('a file not formatted is a failure in that file; a syntax error has its place and code frame', () => {
    const report = prettierReader.read({ output: fixture('prettier/check.txt'), root: rootOf('prettier') })!;
    expect(report.failures.map((f) => f.id)).toEqual([
      'README.md > prettier: not formatted as Prettier formats it',
      'src/syntax.js > SyntaxError (1,17): Unexpected token',
      'src/ugly.js > prettier: not formatted as Prettier formats it',
    ]);
    expect(report.failures[1]!.locations).toEqual([{ file: 'src/syntax.js', line: 1, column: 17 }]);
    expect(report.failures[1]!.message).toContain('> 1 | const broken = (;');
  });

  it('the closing summary line is not a file', () => {
    const report = prettierReader.read({ output: fixture('prettier/check-style-only.txt'), root: rootOf('prettier') })!;
    expect(report.failures.map((f) => f.file)).toEqual(['README.md', 'src/ugly.js']);
  });
});

describe('esbuild', () => {
  it.each([
    ['syntax.txt', 'src/index.js > build error (3,25): Expected ")" but found ";"', 3],
    ['resolve.txt', 'src/index.js > build error (2,20): Could not resolve "./missing"', 2],
  ])('%s: the error at its place, with the code frame', (file, id, line) => {
    const report = esbuildReader.read({ output: fixture(`esbuild/${file}`), root: rootOf('esbuild') })!;
    expect(report.failures.map((f) => f.id)).toEqual([id]);
    expect(report.failures[0]!.locations[0]).toMatchObject({ file: 'src/index.js', line });
    expect(report.failures[0]!.message).toContain('│');
  });
});

describe('readOutput picks them, and each CI step is read on its own', () => {
  it('tsc output is read by the tsc reader', () => {
    expect(readOutput(fixture('tsc/plain.txt'), rootOf('tsc')).format).toBe('tsc');
  });

  it('a type check in a subdirectory and a lint step in one output: both read, paths made repo-relative', () => {
    const output = [
      '::step Types / tsc',
      '::cwd packages/app',
      fixture('tsc/plain.txt'),
      '::step Lint / eslint',
      fixture('eslint/stylish.txt').replaceAll('/tmp/unbreak-fixture/eslint/', '/repo/'), // path as data
      '::step Lint / prettier',
      'Checking formatting...',
      'All matched files use Prettier code style!',
      '::step-result failed 2 Types / tsc',
      '::step-result failed 1 Lint / eslint',
      '::step-result passed 0 Lint / prettier',
    ].join('\n');
    const report = readOutput(output, '/repo');
    expect(report.format).toBe('steps');
    expect(report.failures.map((f) => f.id)).toContain(
      "packages/app/src/use.ts > TS2345 (3,37): Argument of type 'string' is not assignable to parameter of type 'number'.",
    );
    expect(report.failures.find((f) => f.file === 'packages/app/src/use.ts')!.locations[0]).toEqual({ file: 'packages/app/src/use.ts', line: 3, column: 37 });
    expect(report.failures.filter((f) => f.file === 'src/a.js')).toHaveLength(3);
  });

  it('a failed step no reader understands is a failure named after the step', () => {
    const output = ['::step Check / Stale files', 'M  src/generated.ts', '::step-result failed 1 Check / Stale files'].join('\n');
    const report = readOutput(output, '/repo');
    expect(report.failures).toHaveLength(1);
    expect(report.failures[0]!.synthetic).toBe(true);
  });
});
