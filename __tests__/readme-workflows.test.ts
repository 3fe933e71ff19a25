import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

// Every workflow a reader can paste (README.md and examples/) must run as written: a ref of this
// action that does not exist fails the whole job with "Unable to resolve action".
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const read = (f: string) => readFileSync(new URL(`../${f}`, import.meta.url), 'utf8');
const SELF = 'unbreak-dev/unbreak';

// The current major of each other action the examples use, each checked against its own release
// notes (2026-11): checkout v6 keeps the persisted token in a file under $RUNNER_TEMP instead of
// .git/config; setup-node v6 and setup-python v6 run on node24 (runner 2.327.1 or later); pnpm's
// action-setup v5 runs on node24. Raise a major here only after reading that action's notes.
const CURRENT_MAJORS: Record<string, string> = {
  'actions/checkout': 'v6',
  'actions/setup-node': 'v6',
  'actions/setup-python': 'v6',
  'pnpm/action-setup': 'v5',
};

type Job = { uses?: string; steps?: { uses?: string }[] };

export function workflowSources(): [string, string][] {
  const sources: [string, string][] = [...read('README.md').matchAll(/```yaml\n([\s\S]*?)```/g)].map((m, i) => [`README.md, yaml block ${i + 1}`, m[1]!]);
  const walk = (dir: string): void => {
    for (const e of readdirSync(new URL(`../${dir}`, import.meta.url), { withFileTypes: true })) {
      if (e.isDirectory()) walk(`${dir}${e.name}/`);
      else if (/\.ya?ml$/.test(e.name)) sources.push([`${dir}${e.name}`, read(`${dir}${e.name}`)]);
    }
  };
  walk('examples/');
  return sources;
}

/** Every `uses:` of a workflow: a job's (a reusable workflow) and each step's. */
export function usesOf(text: string): string[] {
  const wf = parse(text) as { jobs?: Record<string, Job> } | null;
  return Object.values(wf?.jobs ?? {}).flatMap((j) => [j.uses, ...(j.steps ?? []).map((s) => s.uses)].filter((u): u is string => typeof u === 'string'));
}

const git = (...args: string[]) => {
  try {
    execFileSync('git', args, { cwd: ROOT, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Why a `uses:` of this action would not resolve from this repository's history, or undefined when it does. */
export function selfRefProblem(uses: string): string | undefined {
  const at = uses.lastIndexOf('@');
  const [target, ref] = [uses.slice(0, at), uses.slice(at + 1)];
  const file = target === SELF ? 'action.yml' : target.slice(SELF.length + 1);
  if (/^[0-9a-f]{40}$/.test(ref)) {
    if (!git('cat-file', '-e', `${ref}^{commit}`)) return `${uses}: commit ${ref} is not in this repository's history`;
  } else if (!git('rev-parse', '-q', '--verify', `refs/tags/${ref}^{commit}`)) {
    return `${uses}: no tag ${ref} in this repository (pin a full commit SHA until the release exists)`;
  }
  if (!git('cat-file', '-e', `${ref}:${file}`)) return `${uses}: ${file} does not exist at ${ref}`;
  return undefined;
}

describe('every workflow in README.md and examples/', () => {
  const sources = workflowSources();

  it('finds the workflows (the README blocks and the example files)', () => {
    expect(sources.filter(([name]) => name.startsWith('README')).length).toBeGreaterThanOrEqual(5);
    expect(sources.filter(([name]) => name.startsWith('examples/')).length).toBeGreaterThanOrEqual(7);
  });

  it("uses this action at a ref that exists in this repository's history", () => {
    // A shallow clone (actions/checkout's default) lacks the commits pinned below: say so rather than fail on each.
    expect(execFileSync('git', ['rev-parse', '--is-shallow-repository'], { cwd: ROOT, encoding: 'utf8' }).trim()).toBe('false');
    const problems: string[] = [];
    let seen = 0;
    for (const [name, text] of sources)
      for (const uses of usesOf(text))
        if (uses === SELF || uses.startsWith(`${SELF}@`) || uses.startsWith(`${SELF}/`)) {
          seen++;
          const problem = selfRefProblem(uses);
          if (problem) problems.push(`${name}: ${problem}`);
        }
    expect(seen).toBeGreaterThanOrEqual(10);
    expect(problems).toEqual([]);
  });

  it('pins this action by full SHA with the version it is, as a comment', () => {
    const missing: string[] = [];
    for (const [name, text] of sources)
      for (const line of text.split('\n'))
        if (line.includes(`${SELF}@`) || line.includes(`${SELF}/.github/`))
          if (!/@[0-9a-f]{40} # v\d+\.\d+\.\d+\s*$/.test(line)) missing.push(`${name}: ${line.trim()}`);
    expect(missing).toEqual([]);
  });

  it('uses each other action at its current major (the table above)', () => {
    const problems: string[] = [];
    for (const [name, text] of sources)
      for (const uses of usesOf(text)) {
        if (uses.startsWith(SELF)) continue;
        const [action, ref] = uses.split('@') as [string, string | undefined];
        const major = CURRENT_MAJORS[action];
        if (!major) problems.push(`${name}: ${uses}: an action the table does not know; check its releases and add its current major`);
        else if (ref !== major) problems.push(`${name}: ${uses}: its current major is ${major}`);
      }
    expect(problems).toEqual([]);
  });

  it('the check itself tells a missing commit, a missing tag and a file missing at the ref from a good pin', () => {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    expect(selfRefProblem(`${SELF}@${head}`)).toBeUndefined();
    expect(selfRefProblem(`${SELF}@${'0'.repeat(40)}`)).toMatch(/not in this repository's history/);
    expect(selfRefProblem(`${SELF}@v987`)).toMatch(/no tag v987/);
    expect(selfRefProblem(`${SELF}/.github/workflows/nothere.yml@${head}`)).toMatch(/does not exist at/);
  });
});

describe('the release process', () => {
  it('releases on a version tag, checks dist/ against the tag, publishes the release and moves the major tag', () => {
    const wf = parse(read('.github/workflows/release.yml')) as { on: { push: { tags: string[] } }; jobs: Record<string, { steps: { run?: string }[] }> };
    expect(wf.on.push.tags).toEqual(['v*.*.*']);
    const runs = Object.values(wf.jobs)
      .flatMap((j) => j.steps.map((s) => s.run ?? ''))
      .join('\n');
    expect(runs).toContain('bash scripts/check-dist.sh');
    expect(runs).toContain('gh release create "$GITHUB_REF_NAME" --verify-tag');
    expect(runs).toMatch(/git push --force origin "refs\/tags\/\$major"/);
  });

  it("CHANGELOG.md has a section for package.json's version (the release's notes)", () => {
    const { version } = JSON.parse(read('package.json')) as { version: string };
    expect(
      read('CHANGELOG.md')
        .split('\n')
        .some((l) => l.startsWith(`## ${version}`) || l.startsWith(`## [${version}]`)),
    ).toBe(true);
  });
});
