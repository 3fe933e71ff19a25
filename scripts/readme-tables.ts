// Regenerates the README's tables (npm run readme): CLI options and action inputs from the options
// table (src/options.ts), outputs from action.yml. A test checks that the README holds exactly what
// this would write, and that action.yml's inputs agree with the options table.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { cliTable, flagInputTable, inputsTable } from '../src/options/table.js';

interface ActionYml {
  outputs: Record<string, { description: string }>;
}

const cell = (s: string) =>
  s
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim();

export function actionTables(actionYml: string): { cli: string; inputs: string; outputs: string; mapping: string } {
  const yml = parse(actionYml) as ActionYml;
  const outputs = ['| output | meaning |', '| --- | --- |', ...Object.entries(yml.outputs).map(([name, o]) => `| \`${name}\` | ${cell(o.description)} |`)].join(
    '\n',
  );
  return { cli: cliTable(), inputs: inputsTable(), outputs, mapping: flagInputTable() };
}

export function withTables(readme: string, tables: { cli: string; inputs: string; outputs: string; mapping: string }): string {
  const put = (text: string, key: string, table: string) => {
    const re = new RegExp(`(<!-- ${key}:start -->)[\\s\\S]*?(<!-- ${key}:end -->)`);
    if (!re.test(text)) throw new Error(`README.md has no <!-- ${key}:start --> … <!-- ${key}:end --> block`);
    return text.replace(re, (_all, start: string, end: string) => `${start}\n${table}\n${end}`);
  };
  return put(put(put(put(readme, 'cli', tables.cli), 'inputs', tables.inputs), 'outputs', tables.outputs), 'mapping', tables.mapping);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  writeFileSync(path.join(root, 'README.md'), withTables(readme, actionTables(readFileSync(path.join(root, 'action.yml'), 'utf8'))));
}
