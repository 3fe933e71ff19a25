import type { RepoRef } from '../github/repo-ref.js';
import { describeGitHubError, type Octokit } from '../github/octokit.js';
import { authenticatedLogin, BOT_NAME } from '../github/bot.js';
import { createComment, listComments, updateComment } from '../github/issues.js';
import { MARKER, progressBody } from './status-body.js';
import { runUrlFromEnv } from './report-context.js';

const PROGRESS_EVERY_MS = 4000;

/**
 * The one status comment per PR: found again by its marker and its author (us), edited in place.
 * A failure to write it is logged, never fatal: the fix matters more than the note about it.
 */
export class StatusComment {
  private id: number | undefined;
  private searched = false;
  private lastProgress = 0;
  private login: string | undefined;

  constructor(
    private readonly octokit: Octokit,
    private readonly repo: RepoRef,
    private readonly prNumber: number,
    private readonly log: (line: string) => void,
    private readonly redact: (text: string) => string = (t) => t,
  ) {}

  private async ownLogin(): Promise<string> {
    if (this.login) return this.login;
    try {
      // Works for personal tokens; the job token (an installation token) answers 403.
      this.login = await authenticatedLogin(this.octokit);
    } catch {
      this.login = BOT_NAME;
    }
    return this.login;
  }

  private async find(): Promise<number | undefined> {
    if (this.searched) return this.id;
    this.searched = true;
    const login = await this.ownLogin();
    const comments = await listComments(this.octokit, this.repo, this.prNumber);
    const mine = comments.filter((c) => c.body?.includes(MARKER) && c.user?.login === login);
    this.id = mine.at(-1)?.id;
    return this.id;
  }

  /** Set once the comment says how the run ended: nothing written after it may replace that. */
  private closed = false;

  /** Every write of this comment, one after the other: two in flight at once could land in either order. */
  private chain: Promise<void> = Promise.resolve();

  async set(text: string): Promise<void> {
    if (this.closed) return;
    // Asked again when its turn comes: a close() may have come in meanwhile.
    await this.enqueue(() => (this.closed ? Promise.resolve() : this.write(text)));
  }

  /**
   * The last word, when a run is cut short: the work still under way may go on for a moment and
   * report progress, and none of its writes may land after this one. A write already under way
   * ends first (with its retries); any asked for later is dropped.
   */
  async close(text: string): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.enqueue(() => this.write(text));
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    // write() logs its own failures and never rejects.
    this.chain = this.chain.then(task);
    return this.chain;
  }

  private async write(text: string): Promise<void> {
    const body = this.redact(text);
    try {
      const id = await this.find();
      if (id !== undefined) {
        await updateComment(this.octokit, this.repo, id, body);
      } else {
        this.id = (await createComment(this.octokit, this.repo, this.prNumber, body)).id;
      }
    } catch (error) {
      this.log(describeGitHubError('updating the status comment', error, 'pull-requests: write'));
    }
  }

  /** A progress line, at most every few seconds so the API is not flooded. */
  async progress(text: string, force = false): Promise<void> {
    const now = Date.now();
    if (!force && now - this.lastProgress < PROGRESS_EVERY_MS) return;
    this.lastProgress = now;
    await this.set(progressBody(text, { runUrl: runUrlFromEnv() }));
  }
}
