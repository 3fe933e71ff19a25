import { readFileSync } from 'node:fs';
import * as z from 'zod';
import type { RepoRef } from '../github/repo-ref.js';

/**
 * The event that started the run, reduced to what unbreak needs, validated once. Everything
 * later works on `Trigger`, never on the raw payload.
 */

const User = z.object({ login: z.string(), type: z.string().optional() });
const Repo = z.object({ full_name: z.string(), fork: z.boolean().optional() }).nullable();
const PullRequest = z.object({
  number: z.number().int(),
  state: z.string().optional(),
  head: z.object({ ref: z.string(), sha: z.string(), repo: Repo.optional() }),
  base: z.object({ ref: z.string(), sha: z.string(), repo: Repo.optional() }),
  body: z.string().nullable().optional(),
  title: z.string().optional(),
  labels: z.array(z.object({ name: z.string() }).passthrough()).optional(),
});
export type PullRequestPayload = z.infer<typeof PullRequest>;

const PullRequestEvent = z.object({
  action: z.string(),
  label: z.object({ name: z.string() }).optional(),
  pull_request: PullRequest,
  sender: User.optional(),
});
const IssueCommentEvent = z.object({
  action: z.string(),
  issue: z.object({ number: z.number().int(), state: z.string().optional(), pull_request: z.object({}).passthrough().optional() }),
  comment: z.object({ id: z.number().int(), body: z.string().nullable(), user: User }),
  sender: User.optional(),
});
const WorkflowRunEvent = z.object({
  action: z.string(),
  workflow_run: z.object({
    id: z.number().int().optional(),
    name: z.string().nullable().optional(),
    // For a red default branch (fix-forward): which workflow, which of its runs, when.
    workflow_id: z.number().int().optional(),
    run_number: z.number().int().optional(),
    created_at: z.string().optional(),
    html_url: z.string().optional(),
    /** The workflow file, e.g. `.github/workflows/ci.yml`. */
    path: z.string().optional(),
    conclusion: z.string().nullable(),
    event: z.string().optional(),
    head_sha: z.string(),
    head_branch: z.string().nullable(),
    head_repository: z
      .object({ full_name: z.string(), owner: z.object({ login: z.string() }).optional() })
      .nullable()
      .optional(),
    actor: User.optional(),
    triggering_actor: User.optional(),
    pull_requests: z
      .array(
        z
          .object({
            number: z.number().int(),
            head: z.object({ ref: z.string(), sha: z.string() }).passthrough(),
            base: z.object({ ref: z.string(), sha: z.string() }).passthrough(),
          })
          .passthrough(),
      )
      .default([]),
  }),
  repository: z.object({ default_branch: z.string().optional() }).passthrough().optional(),
  sender: User.optional(),
});

const MergeGroupEvent = z.object({
  action: z.string(),
  merge_group: z.object({ head_sha: z.string(), head_ref: z.string(), base_sha: z.string().optional(), base_ref: z.string().optional() }),
  sender: User.optional(),
});

export type Trigger =
  | {
      kind: 'pull_request';
      event: 'pull_request' | 'pull_request_target';
      action: string;
      label?: string;
      pr: PullRequestPayload;
      sender?: z.infer<typeof User>;
    }
  | {
      kind: 'issue_comment';
      action: string;
      number: number;
      isPullRequest: boolean;
      issueState?: string;
      commentId: number;
      body: string;
      user: z.infer<typeof User>;
    }
  | {
      kind: 'workflow_run';
      action: string;
      run: z.infer<typeof WorkflowRunEvent>['workflow_run'];
      actor?: z.infer<typeof User>;
      /** The repository's default branch, as the payload gives it. */
      defaultBranch?: string;
    }
  | {
      /** A merge queue's run: `headRef` is the queue's temporary branch, `gh-readonly-queue/<base>/pr-<N>-<sha>`. */
      kind: 'merge_group';
      action: string;
      headSha: string;
      headRef: string;
      baseRef?: string;
      sender?: z.infer<typeof User>;
    }
  | { kind: 'unsupported'; event: string };

export class EventError extends Error {
  override name = 'EventError';
}

export function readRepo(env: NodeJS.ProcessEnv = process.env): RepoRef {
  const full = env.GITHUB_REPOSITORY ?? '';
  const [owner, repo] = full.split('/');
  if (!owner || !repo) throw new EventError(`GITHUB_REPOSITORY is "${full}", not owner/repo; unbreak runs inside GitHub Actions`);
  return { owner, repo };
}

export function readTrigger(env: NodeJS.ProcessEnv = process.env): Trigger {
  const name = env.GITHUB_EVENT_NAME ?? '';
  const file = env.GITHUB_EVENT_PATH ?? '';
  if (!name) throw new EventError('GITHUB_EVENT_NAME is not set; unbreak runs inside GitHub Actions');
  if (!['pull_request', 'pull_request_target', 'issue_comment', 'workflow_run', 'merge_group'].includes(name)) return { kind: 'unsupported', event: name };
  let payload: unknown;
  try {
    payload = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new EventError(`cannot read the event payload at GITHUB_EVENT_PATH (${file || 'unset'}): ${error instanceof Error ? error.message : String(error)}`);
  }
  const parse = <T>(schema: z.ZodType<T>): T => {
    const result = schema.safeParse(payload);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      throw new EventError(`the ${name} event payload is malformed at ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    }
    return result.data;
  };
  switch (name) {
    case 'pull_request':
    case 'pull_request_target': {
      const e = parse(PullRequestEvent);
      return {
        kind: 'pull_request',
        event: name,
        action: e.action,
        ...(e.label ? { label: e.label.name } : {}),
        pr: e.pull_request,
        ...(e.sender ? { sender: e.sender } : {}),
      };
    }
    case 'issue_comment': {
      const e = parse(IssueCommentEvent);
      return {
        kind: 'issue_comment',
        action: e.action,
        number: e.issue.number,
        isPullRequest: Boolean(e.issue.pull_request),
        ...(e.issue.state ? { issueState: e.issue.state } : {}),
        commentId: e.comment.id,
        body: e.comment.body ?? '',
        user: e.comment.user,
      };
    }
    case 'merge_group': {
      const e = parse(MergeGroupEvent);
      const g = e.merge_group;
      return {
        kind: 'merge_group',
        action: e.action,
        headSha: g.head_sha,
        headRef: g.head_ref,
        ...(g.base_ref ? { baseRef: g.base_ref } : {}),
        ...(e.sender ? { sender: e.sender } : {}),
      };
    }
    default: {
      const e = parse(WorkflowRunEvent);
      const actor = e.workflow_run.triggering_actor ?? e.workflow_run.actor ?? e.sender;
      const defaultBranch = e.repository?.default_branch;
      return { kind: 'workflow_run', action: e.action, run: e.workflow_run, ...(actor ? { actor } : {}), ...(defaultBranch ? { defaultBranch } : {}) };
    }
  }
}

/** The command phrase (`/unbreak`, or the `command` input) at the start of a comment (any case, leading blanks allowed): the rest is the request. */
export function parseCommand(body: string, phrase = '/unbreak'): { instructions: string } | undefined {
  const escaped = phrase.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`^\\s*${escaped}(?![\\w-])([\\s\\S]*)$`, 'i').exec(body);
  if (!m) return undefined;
  return { instructions: m[1]!.trim() };
}
