import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { ConfigSchema, configDefaults, DEFAULT_MODEL } from '../../src/options/config.js';
import { helpOptions, OPTIONS, parseArgsOptions, type OptionSpec } from '../../src/options/table.js';

const read = (f: string) => readFileSync(new URL(`../../${f}`, import.meta.url), 'utf8');
const options = Object.entries(OPTIONS) as [string, OptionSpec][];

describe('one options table', () => {
  it("action.yml's inputs are the table's: same names in the same order, same defaults and descriptions", () => {
    const yml = parse(read('action.yml')) as { inputs: Record<string, { description: string; required?: boolean; default?: string }> };
    const fromTable = options
      .filter(([, o]) => o.input)
      .map(([, o]) => ({ name: o.input, description: o.description, required: o.required ?? false, default: o.required ? undefined : o.inputDefault }));
    const fromYml = Object.entries(yml.inputs).map(([name, i]) => ({ name, description: i.description, required: i.required ?? false, default: i.default }));
    expect(fromYml).toEqual(fromTable);
  });

  it('every flag is in --help and in the parser, once', () => {
    const flags = options.filter(([, o]) => o.flag).map(([, o]) => o.flag!);
    expect(new Set(flags).size).toBe(flags.length);
    expect(Object.keys(parseArgsOptions()).map((n) => `--${n}`)).toEqual(flags);
    const help = helpOptions();
    for (const flag of flags) expect(help).toMatch(new RegExp(`^  ${flag}\\b`, 'm'));
    for (const line of help.split('\n')) expect(line.length).toBeLessThanOrEqual(100);
    // A flag and its value stand apart from the text, however long they are.
    for (const [, o] of options.filter(([, o]) => o.flag && o.help && o.value)) {
      expect(help).toMatch(new RegExp(`^  ${o.flag} ${o.value!.replace(/[<>]/g, '.')}(\\s{2,}|\\n)`, 'm'));
    }
  });

  it('the defaults make a valid config and sit inside their own ranges', () => {
    expect(ConfigSchema.safeParse({ ...configDefaults(), root: '/r', testCommand: 'npm test', model: DEFAULT_MODEL }).success).toBe(true);
    for (const [key, o] of options) {
      if (o.kind !== 'int') continue;
      expect({ key, inRange: typeof o.default === 'number' && o.default >= o.min! && o.default <= o.max! }).toEqual({ key, inRange: true });
    }
  });
});
