import type { Price } from '../model/cost.js';

export type Delivery = 'commit' | 'suggestion' | 'comment' | 'summary' | 'pull-request' | 'none';

export interface DeliveryResult {
  delivery: Delivery;
  commitSha?: string;
  /** What happened, for people (e.g. "pushed 1a2b3c4", "the branch moved, so the patch is below"). */
  note: string;
  /** A link to where the fix is (review, comment), if any. */
  url?: string;
}

/** What the report needs to know beyond the outcome. */
export interface ReportContext {
  /** The workflow run's page, linked so people can read the log. */
  runUrl?: string;
  /** Workflows were dispatched on the fix (rerun-workflows), so the checks do rerun. */
  rerunsStarted?: boolean;
  /** Lines to add before the patch (e.g. the rerun links). */
  extra?: string[];
  /** Dollars per million input and output tokens (the price input): costs are shown when given. */
  price?: Price;
  /** The cost cap (max-cost), shown as spent / cap. */
  maxCost?: number;
  /** The model asked (the `model` input), named wherever a request was made. */
  model?: string;
  /** The status comment's footer: what unbreak is, how to ask again and how to keep it off the PR. */
  footer?: {
    label: string;
    command: string;
    docsUrl?: string;
    /** Which of the label and the comment this workflow is known to answer to, from the event that started it. */
    answers?: { label: boolean; comment: boolean; event: string };
  };
}

export const DELIVERY_WORDS: Record<Delivery, string> = {
  commit: 'a commit pushed to the branch',
  suggestion: 'a review with suggestions',
  comment: 'the patch in a comment',
  summary: 'the patch in the job summary',
  'pull-request': 'a pull request from a new branch',
  none: 'nothing delivered',
};

/** The workflow run's page from the runner's variables, when they are all there. */
export function runUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repo, GITHUB_RUN_ID: id } = env;
  return server && repo && id ? `${server.replace(/\/+$/, '')}/${repo}/actions/runs/${id}` : undefined;
}
