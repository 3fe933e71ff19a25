import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FakeGitHub } from './github-server.js';
import { gitIn, writeFiles } from './repo.js';
import { fromTemplate } from './template.js';

/**
 * A default branch that went red: a green commit, then commits pushed to main (one of them the
 * culprit), on a bare origin, and the runner's checkout of main as actions/checkout leaves it
 * for a workflow_run (shallow, on the default branch).
 */
export interface RedRepo {
  src: string;
  origin: string;
  work: string;
  greenSha: string;
  /** The commits pushed after the green one, oldest first; the last is the red head. */
  commits: string[];
  headSha: string;
  cleanup: () => void;
}

export function makeRedRepo(green: Record<string, string>, pushes: { message: string; files: Record<string, string> }[]): RedRepo {
  const t = fromTemplate('unbreak-red-', { green, pushes }, { rewrite: ['work/.git/config', 'work/.git/FETCH_HEAD'], worktrees: ['src', 'work'] }, (dir) =>
    buildRedRepo(dir, green, pushes),
  );
  return { ...t.value, cleanup: t.cleanup };
}

function buildRedRepo(dir: string, green: Record<string, string>, pushes: { message: string; files: Record<string, string> }[]): Omit<RedRepo, 'cleanup'> {
  const src = path.join(dir, 'src');
  const origin = path.join(dir, 'origin.git');
  const work = path.join(dir, 'work');
  mkdirSync(src);
  gitIn(src, 'init', '-q', '-b', 'main');
  writeFiles(src, green);
  gitIn(src, 'add', '-A');
  gitIn(src, 'commit', '-q', '-m', 'green');
  const greenSha = gitIn(src, 'rev-parse', 'HEAD');
  const commits: string[] = [];
  for (const p of pushes) {
    writeFiles(src, p.files);
    gitIn(src, 'add', '-A');
    gitIn(src, 'commit', '-q', '-m', p.message);
    commits.push(gitIn(src, 'rev-parse', 'HEAD'));
  }
  gitIn(dir, 'init', '-q', '--bare', '-b', 'main', origin);
  gitIn(src, 'push', '-q', origin, 'main:refs/heads/main');
  mkdirSync(work);
  gitIn(work, 'init', '-q');
  gitIn(work, 'remote', 'add', 'origin', `file://${origin}`);
  gitIn(work, 'fetch', '-q', '--no-tags', '--depth=1', 'origin', '+refs/heads/main:refs/remotes/origin/main');
  gitIn(work, 'checkout', '-q', '-B', 'main', 'refs/remotes/origin/main');
  return { src, origin, work, greenSha, commits, headSha: commits.at(-1) ?? greenSha };
}

/** The workflow's runs on main as GitHub lists them: green on the green commit, red on the head. */
export function registerRuns(gh: FakeGitHub, red: RedRepo, o: { workflowId?: number; redRunId?: number } = {}): { redRun: Record<string, unknown> } {
  const workflow_id = o.workflowId ?? 9;
  const id = o.redRunId ?? 202;
  gh.origin = red.origin;
  gh.runs.push(
    {
      id: 201,
      workflow_id,
      name: 'CI',
      head_branch: 'main',
      head_sha: red.greenSha,
      run_number: 1,
      event: 'push',
      status: 'completed',
      conclusion: 'success',
      created_at: '2026-11-20T10:00:00Z',
    },
    {
      id,
      workflow_id,
      name: 'CI',
      head_branch: 'main',
      head_sha: red.headSha,
      run_number: 2,
      event: 'push',
      status: 'completed',
      conclusion: 'failure',
      created_at: '2026-11-20T11:00:00Z',
    },
  );
  const redRun = {
    id,
    name: 'CI',
    workflow_id,
    run_number: 2,
    created_at: '2026-11-20T11:00:00Z',
    html_url: `https://github.example/${gh.owner}/${gh.repo}/actions/runs/${id}`,
    event: 'push',
    status: 'completed',
    conclusion: 'failure',
    head_branch: 'main',
    head_sha: red.headSha,
    actor: { login: 'maintainer', type: 'User' },
    pull_requests: [],
  };
  return { redRun };
}

/** The workflow_run event for the red run. */
export function redEvent(redRun: Record<string, unknown>, defaultBranch = 'main') {
  return {
    eventName: 'workflow_run',
    payload: {
      action: 'completed',
      workflow_run: redRun,
      repository: { full_name: 'acme/shop', default_branch: defaultBranch },
      sender: { login: 'maintainer', type: 'User' },
    },
  };
}
