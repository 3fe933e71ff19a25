import { describe, it, expect } from '@jest/globals';
import { genericReader } from '../../../src/failures/readers/generic.js';
import { emptyProject } from '../../../testkit/readers.js';

const { root, fixture: recorded } = emptyProject();
const fixture = (name: string) => recorded(`readers/generic/${name}`);
const read = (name: string) => genericReader.read({ output: fixture(name), root })!;

describe('genericReader', () => {
  it('makes one failure per tsc error, with its location and elaboration', () => {
    const report = read('tsc.txt');
    expect(report.format).toBe('generic');
    expect(report.total).toBeUndefined();
    expect(report.failures.map((f) => f.id)).toEqual([
      "src/price.ts > TS2362: The left-hand side of an arithmetic operation must be of type 'any', 'number', 'bigint' or an enum type.",
      "src/price.ts > TS2345: Argument of type 'number' is not assignable to parameter of type 'string'.",
      "src/price.ts > TS2322: Type '({ sku: string; qty: number; } | { sku: string; qty: string; })[]' is not assignable to type 'Line[]'.",
      "src/slug.ts > TS2322: Type 'string' is not assignable to type 'number'.",
      "src/slug.ts > TS2322: Type 'string' is not assignable to type 'boolean'.",
    ]);
    expect(report.failures.map((f) => f.locations)).toEqual([
      [{ file: 'src/price.ts', line: 5, column: 10 }],
      [{ file: 'src/price.ts', line: 8, column: 30 }],
      [{ file: 'src/price.ts', line: 11, column: 14 }],
      [{ file: 'src/slug.ts', line: 5, column: 14 }],
      [{ file: 'src/slug.ts', line: 8, column: 42 }],
    ]);
    const nested = report.failures[2]!;
    expect(nested.file).toBe('src/price.ts');
    expect(nested.message).toContain("Types of property 'qty' are incompatible.");
    expect(nested.message).toContain("Type 'string' is not assignable to type 'number'.");
    expect(report.excerpt).toContain('src/slug.ts(8,42): error TS2322');
  });

  it('names a node crash after its error, with the code frame as excerpt', () => {
    const report = read('node-crash.txt');
    expect(report.failures).toHaveLength(1);
    const crash = report.failures[0]!;
    expect(crash.id).toBe("TypeError: Cannot read properties of undefined (reading 'map')");
    expect(crash.message).toBe("TypeError: Cannot read properties of undefined (reading 'map')");
    expect(crash.locations).toEqual([
      { file: 'scripts/report.mjs', line: 8, column: 23 },
      { file: 'scripts/report.mjs', line: 12, column: 22 },
    ]);
    expect(crash.stack).not.toContain('node:internal');
    const head = `file://${root}/scripts/report.mjs:8\n`;
    expect(report.excerpt?.slice(0, head.length)).toBe(head);
    expect(report.excerpt).toContain('  return config.items.map');
  });

  it('names a missing module after the error, with the requiring file', () => {
    const report = read('node-missing-module.txt');
    const failure = report.failures[0]!;
    expect(report.failures).toHaveLength(1);
    expect(failure.name).toBe("Error: Cannot find module 'left-pad'");
    expect(failure.message).toContain(`- ${root}/scripts/build.cjs`);
    expect(failure.locations).toEqual([{ file: 'scripts/build.cjs', line: 1, column: 13 }]);
  });

  it('names a missing command (sh via npm), leaving npm noise out of the excerpt', () => {
    const report = read('npm-missing-command.txt');
    expect(report.failures).toHaveLength(1);
    expect(report.failures[0]!.id).toBe('command not found: shopcheck');
    expect(report.failures[0]!.message).toBe('sh: 1: shopcheck: not found');
    expect(report.excerpt).toContain('> shopcheck --strict src');
    expect(report.excerpt).not.toContain('npm warn');
  });

  it('names a missing command run by make and points at the Makefile rule', () => {
    const report = read('make-missing-command.txt');
    expect(report.failures[0]!.id).toBe('command not found: shopcheck');
    expect(report.failures[0]!.message).toBe('make: shopcheck: No such file or directory');
    expect(report.failures[0]!.locations).toEqual([{ file: 'Makefile', line: 3 }]);
    expect(report.excerpt).toContain('make: *** [Makefile:3: test] Error 127');
  });

  it('names a Python traceback after its exception, innermost frame first', () => {
    const report = read('python-traceback.txt');
    const failure = report.failures[0]!;
    expect(failure.id).toBe("ValueError: could not convert string to float: 'N/A'");
    expect(failure.locations).toEqual([
      { file: 'tools/importer.py', line: 15 },
      { file: 'tools/importer.py', line: 11 },
      { file: 'tools/importer.py', line: 19 },
    ]);
    expect(report.excerpt).toMatch(/^Traceback \(most recent call last\):/);
    expect(report.excerpt).toMatch(/ValueError: could not convert string to float: 'N\/A'$/);
  });

  it('always returns a report, with the tail of the log when nothing looks like an error', () => {
    const report = genericReader.read({ output: 'step 1\nstep 2\nthe end\n', root })!;
    expect(report.format).toBe('generic');
    expect(report.failures).toHaveLength(1);
    expect(report.failures[0]!.id).toBe('command failed');
    expect(report.excerpt).toBe('step 1\nstep 2\nthe end');
    expect(genericReader.read({ output: '', root })!.failures).toHaveLength(1);
  });

  it('picks the specific error line over the npm wrapper lines', () => {
    const output = [
      '> build',
      '> node build.js',
      '',
      'Build error: missing entry point src/index.ts',
      'npm error Lifecycle script `build` failed with error:',
      'npm error code 1',
    ].join('\n');
    const report = genericReader.read({ output, root })!;
    expect(report.failures[0]!.name).toBe('Build error: missing entry point src/index.ts');
    expect(report.excerpt).toContain('npm error code 1');
  });
});
