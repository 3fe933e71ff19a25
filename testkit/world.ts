import { afterAll, afterEach } from '@jest/globals';
import { startGitHub, type FakeGitHub } from './github-server.js';
import { startModelServer, type ModelServer, type Script, type ServerOptions } from './model-server.js';
import { makePrRepo, registerPr, type PrRepo, type PrRepoOptions } from './pr-repo.js';

/** What a test made and must take down (repos, servers), taken down last-made first. */
export interface Cleanups {
  add(cleanup: () => unknown): void;
}

function cleanups(hook: typeof afterEach): Cleanups {
  let list: (() => unknown)[] = [];
  hook(async () => {
    const due = list.reverse();
    list = [];
    for (const c of due) await c();
  });
  return { add: (c) => void list.push(c) };
}

/** Cleanups run after each test. Call at the top of a test file (or a describe block). */
export const cleanupsAfterEach = (): Cleanups => cleanups(afterEach);
/** Cleanups run once after a describe block's tests: for a world its tests share (made in beforeAll). */
export const cleanupsAfterAll = (): Cleanups => cleanups(afterAll);

/** A PR as the action sees it: the repos (testkit/pr-repo.ts), the fake GitHub that knows the PR, a scripted model. */
export interface PrWorld {
  pr: PrRepo;
  gh: FakeGitHub;
  model: ModelServer;
}

export interface PrWorldOptions {
  repo: PrRepoOptions;
  script: Script;
  model?: ServerOptions;
  /** How GitHub shows the PR (labels default to the trigger label, `unbreak`). */
  shown?: { fork?: boolean; title?: string; body?: string; labels?: string[] };
  /** Users' permissions on the repository (default: `maintainer` may write). */
  permissions?: Record<string, string>;
}

export async function prWorld(c: Cleanups, o: PrWorldOptions): Promise<PrWorld> {
  const pr = makePrRepo(o.repo);
  c.add(pr.cleanup);
  const gh = await startGitHub();
  c.add(() => gh.close());
  const model = await startModelServer(o.script, o.model);
  c.add(() => model.close());
  registerPr(gh, pr, { labels: ['unbreak'], ...o.shown });
  Object.assign(gh.permissions, o.permissions ?? { maintainer: 'write' });
  return { pr, gh, model };
}
