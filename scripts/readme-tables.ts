// Regenerates the README's action inputs/outputs tables from action.yml (npm run readme).
// A test checks that the README holds exactly what this would write.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

interface ActionYml {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  outputs: Record<string, { description: string }>;
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ').trim();

export function actionTables(actionYml: string): { inputs: string; outputs: string } {
  const yml = parse(actionYml) as ActionYml;
  const inputs = [
    '| input | meaning | default |',
    '| --- | --- | --- |',
    ...Object.entries(yml.inputs).map(([name, i]) => `| \`${name}\` | ${cell(i.description)} | ${i.required ? 'required' : i.default ? `\`${cell(i.default)}\`` : 'none'} |`),
  ].join('\n');
  const outputs = ['| output | meaning |', '| --- | --- |', ...Object.entries(yml.outputs).map(([name, o]) => `| \`${name}\` | ${cell(o.description)} |`)].join('\n');
  return { inputs, outputs };
}

export function withTables(readme: string, tables: { inputs: string; outputs: string }): string {
  const put = (text: string, key: string, table: string) => {
    const re = new RegExp(`(<!-- ${key}:start -->)[\\s\\S]*?(<!-- ${key}:end -->)`);
    if (!re.test(text)) throw new Error(`README.md has no <!-- ${key}:start --> … <!-- ${key}:end --> block`);
    return text.replace(re, (_all, start: string, end: string) => `${start}\n${table}\n${end}`);
  };
  return put(put(readme, 'inputs', tables.inputs), 'outputs', tables.outputs);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  writeFileSync(path.join(root, 'README.md'), withTables(readme, actionTables(readFileSync(path.join(root, 'action.yml'), 'utf8'))));
}
