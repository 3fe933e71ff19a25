import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

// The reusable two-job workflow passes every input of action.yml that bounds cost or behaviour;
// an input it does not pass is named here with the reason.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (f: string) => parse(readFileSync(path.join(ROOT, f), 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const NOT_PASSED: Record<string, string> = {
  'github-token': 'each job uses its own job token, read-only in fix and write in deliver: that split is the point of the setup',
  'api-key': 'a secret, not an input: passed as the secret api-key',
  phase: 'set by the workflow: fix in one job, deliver in the other',
  'handoff-dir': 'set by the workflow: where the artifact is uploaded from and downloaded to',
  'rerun-workflows': 'needs actions: write, which the deliver job does not ask for (a caller may dispatch after the commit-sha output)',
  'bisect-runs': 'bisection names the commit that turned the default branch red, which needs phase all; the two jobs cover pull requests',
};
/** Inputs the deliver job checks again or reports with, so it must get them too. */
const IN_DELIVER = ['mode', 'label', 'command', 'allow-test-edits', 'protected-paths', 'allow-forks', 'allowed-bots', 'model', 'price', 'max-cost'];
/** Inputs only the deliver job uses. */
const DELIVER_ONLY = ['mode'];

const action = read('action.yml');
const workflow = read('.github/workflows/unbreak.yml');
const callInputs = workflow.on.workflow_call.inputs as Record<string, { type: string; default?: unknown }>;
const step = (job: string) => (workflow.jobs[job].steps as { id?: string; with?: Record<string, string> }[]).find((s) => s.id === 'unbreak')!.with!;
const fix = step('fix');
const deliver = step('deliver');

describe('.github/workflows/unbreak.yml against action.yml', () => {
  const names = Object.keys(action.inputs as object);

  it.each(names.filter((n) => !(n in NOT_PASSED)))('input %s is a workflow_call input passed through to the action', (name) => {
    expect(callInputs[name]).toBeDefined();
    const passed = `\${{ inputs.${name} }}`;
    if (!DELIVER_ONLY.includes(name)) expect([name, fix[name]]).toEqual([name, passed]);
    if (IN_DELIVER.includes(name)) expect([name, deliver[name]]).toEqual([name, passed]);
  });

  it('the inputs it does not pass are named with a reason, and are action inputs', () => {
    for (const name of Object.keys(NOT_PASSED)) expect([name, names.includes(name)]).toEqual([name, true]);
    for (const name of ['github-token', 'rerun-workflows', 'bisect-runs']) expect([name, name in callInputs]).toEqual([name, false]);
  });

  it('api-key is the secret alone: the job token is never sent as a model key to another base-url', () => {
    expect(fix['api-key']).toBe('${{ secrets.api-key }}');
    expect(workflow.on.workflow_call.secrets['api-key']).toBeDefined();
  });

  it('each workflow_call input defaults to what action.yml does (empty means the action default), and names no other input', () => {
    for (const [name, spec] of Object.entries(callInputs)) {
      if (name === 'node-version' || name === 'python-version') continue;
      const own = action.inputs[name] as { default?: string } | undefined;
      expect([name, own !== undefined]).toEqual([name, true]);
      const given = spec.default === undefined ? '' : String(spec.default);
      if (given !== '') expect([name, given]).toEqual([name, String(own!.default)]);
    }
  });

  it.each(['fix', 'deliver'])('the %s job runs the action from the commit the caller pinned, checked out first, not from a tag', (job) => {
    type Step = { id?: string; uses?: string; run?: string; with?: Record<string, string> };
    const steps = workflow.jobs[job].steps as Step[];
    const at = steps.findIndex((s) => s.id === 'unbreak');
    expect(steps[at]!.uses).toBe('./.unbreak-action');
    const own = steps.findIndex((s) => s.uses?.startsWith('actions/checkout@') && s.with?.path === '.unbreak-action');
    expect(own).toBeGreaterThanOrEqual(0);
    expect(own).toBeLessThan(at);
    expect(steps[own]!.with).toMatchObject({ repository: '${{ job.workflow_repository }}', ref: '${{ job.workflow_sha }}', 'persist-credentials': false });
    // The PR's own checkout comes first (the action's checkout inside it would be wiped by it), and git ignores the action's folder.
    expect(steps.findIndex((s) => s.uses?.startsWith('actions/checkout@') && !s.with?.path)).toBeLessThan(own);
    expect(steps.some((s, i) => i > own && i < at && s.run?.includes('.unbreak-action') && s.run.includes('.git/info/exclude'))).toBe(true);
    expect(JSON.stringify(steps)).not.toMatch(/unbreak-dev\/unbreak@/);
  });
});
