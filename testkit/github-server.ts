import { tmpdir } from 'node:os';
import { execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gitIn } from './repo.js';

/**
 * A stateful fake of the GitHub REST routes unbreak calls: real HTTP, GitHub's JSON shapes,
 * state that later calls see (comments edited in place, labels removed), and injectable faults.
 */

export interface FakePull {
  number: number;
  state: 'open' | 'closed';
  title: string;
  body: string | null;
  head: { ref: string; sha: string; repo: { full_name: string; fork: boolean } | null };
  base: { ref: string; sha: string; repo: { full_name: string; fork: boolean } };
}

export interface FakeComment {
  id: number;
  issue_number: number;
  body: string;
  user: { login: string; type: string };
}

/** A step of a job, as the Actions API lists it. */
export interface FakeStep {
  name: string;
  conclusion: 'success' | 'failure' | 'skipped' | 'cancelled' | null;
}

/** A job of a workflow run: what `GET /actions/runs/{id}/jobs` lists, and its log. */
export interface FakeJob {
  id: number;
  run_id: number;
  name: string;
  conclusion: 'success' | 'failure' | 'skipped' | 'cancelled' | null;
  labels?: string[];
  steps: FakeStep[];
  /** The job's log, served behind the 302 of `GET /actions/jobs/{id}/logs`. */
  log?: string;
}

export interface Fault {
  method: string;
  path: RegExp;
  status: number;
  /** How many times to fail before answering normally (default: always). */
  times?: number;
  body?: unknown;
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
  auth: string;
  /** When the request arrived (ms since the epoch). */
  at: number;
}

export interface FakeGitHub {
  url: string;
  owner: string;
  repo: string;
  pulls: Map<number, FakePull>;
  files: Map<number, { filename: string; patch?: string }[]>;
  comments: FakeComment[];
  reactions: { comment_id: number; content: string }[];
  labels: Map<number, string[]>;
  reviews: { pull_number: number; body: string; commit_id: string; event: string; comments: Record<string, unknown>[] }[];
  permissions: Record<string, string>;
  /** Workflow files and whether they list `workflow_dispatch`; dispatches made to them. */
  workflows: Map<string, { dispatchable: boolean }>;
  dispatches: { workflow: string; ref: string; runId: number }[];
  /** Jobs of workflow runs (the Actions API), and files at commits (`GET contents/{path}?ref=`). */
  jobs: FakeJob[];
  /** Where the 302 of a job's log points (another origin, as GitHub's log storage is); this server itself when unset. */
  logsAt?: string;
  contents: Map<string, string>;
  faults: Fault[];
  calls: Call[];
  /** Login of the token's user for GET /user; undefined answers 403 like the job token does. */
  tokenLogin?: string;
  /**
   * The bare repository behind the Git Data routes (blobs, trees, commits, refs) and the other git
   * routes (compare, new pull requests' branches, deleted refs): what they write lands there, as on
   * GitHub. registerPr sets it to the PR's origin.
   */
  origin?: string;
  /** Every ref the Git Data routes created or moved, in order. */
  refUpdates: { ref: string; from: string | null; to: string }[];
  defaultBranch: string;
  /** Workflow runs, for GET /actions/workflows/{id}/runs. */
  runs: FakeRun[];
  /** The pull requests GitHub associates with a commit (GET /commits/{sha}/pulls). */
  commitPulls: Map<string, { number: number; title: string; merged_at: string | null }[]>;
  close(): Promise<void>;
}

export interface FakeRun {
  id: number;
  workflow_id: number;
  name: string;
  head_branch: string;
  head_sha: string;
  run_number: number;
  event: string;
  status: 'completed' | 'in_progress' | 'queued';
  conclusion: 'success' | 'failure' | 'cancelled' | null;
  created_at: string;
}

const BOT = { login: 'github-actions[bot]', type: 'Bot' };

export async function startGitHub(owner = 'acme', repo = 'shop'): Promise<FakeGitHub> {
  let nextId = 1000;
  const state: Omit<FakeGitHub, 'url' | 'close'> = {
    owner,
    repo,
    pulls: new Map(),
    files: new Map(),
    comments: [],
    reactions: [],
    labels: new Map(),
    reviews: [],
    permissions: {},
    workflows: new Map(),
    dispatches: [],
    jobs: [],
    contents: new Map(),
    faults: [],
    calls: [],
    refUpdates: [],
    defaultBranch: 'main',
    runs: [],
    commitPulls: new Map(),
  };
  const prefix = `/repos/${owner}/${repo}`;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
      const method = req.method ?? 'GET';
      let body: Record<string, unknown>;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        body = {};
      }
      state.calls.push({ method, path: url.pathname + url.search, body, auth: String(req.headers.authorization ?? ''), at: Date.now() });
      const send = (status: number, data?: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
        res.end(data === undefined ? '' : JSON.stringify(data));
      };
      const fault = state.faults.find((f) => f.method === method && f.path.test(url.pathname) && (f.times === undefined || f.times > 0));
      if (fault) {
        if (fault.times !== undefined) fault.times--;
        send(fault.status, fault.body ?? { message: `fake ${fault.status}`, documentation_url: 'https://docs.github.com/rest' });
        return;
      }
      const p = url.pathname;
      // Where this server answers (the URL above is parsed against a placeholder base).
      const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
      const notFound = () => send(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
      let m: RegExpExecArray | null;

      if (method === 'GET' && p === '/user') {
        if (state.tokenLogin) send(200, { login: state.tokenLogin, type: 'User' });
        else send(403, { message: 'Resource not accessible by integration' });
        return;
      }
      if (p.startsWith(`/${owner}/${repo}.git/`) && state.origin) return smartHttp(req, res, url, Buffer.concat(chunks), state.origin);
      if ((m = /^\/logs-storage\/(\d+)$/.exec(p)) && method === 'GET') {
        // Where the 302 points: plain text, as GitHub's log storage serves it.
        const job = state.jobs.find((j) => j.id === Number(m![1]));
        if (!job?.log) return notFound();
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(job.log);
        return;
      }
      if (!p.startsWith(prefix)) return notFound();
      const rest = p.slice(prefix.length);
      if (rest.startsWith('/git/')) {
        try {
          return gitData(method, rest, body, send, notFound);
        } catch (error) {
          return send(500, { message: `fake git data: ${error instanceof Error ? error.message : String(error)}` });
        }
      }

      if ((m = /^\/collaborators\/([^/]+)\/permission$/.exec(rest)) && method === 'GET') {
        const login = decodeURIComponent(m[1]!);
        const permission = state.permissions[login] ?? 'read';
        const legacy = permission === 'maintain' ? 'write' : permission === 'triage' ? 'read' : permission;
        return send(200, { permission: legacy, role_name: permission, user: { login } });
      }
      if (rest === '/pulls' && method === 'GET') {
        const head = url.searchParams.get('head');
        const list = [...state.pulls.values()].filter(
          (pr) =>
            pr.state === (url.searchParams.get('state') ?? 'open') &&
            (!head || `${pr.head.repo?.full_name.split('/')[0]}:${pr.head.ref}` === head) &&
            (!url.searchParams.get('base') || pr.base.ref === url.searchParams.get('base')),
        );
        return send(200, list.map(pullJson));
      }
      // Fix-forward: the repository, workflow runs, compare, a commit's PRs, new PRs, labels.
      if (rest === '' && method === 'GET') {
        return send(200, { id: 1, name: repo, full_name: `${owner}/${repo}`, default_branch: state.defaultBranch, private: false });
      }
      if ((m = /^\/actions\/runs\/(\d+)$/.exec(rest)) && method === 'GET') {
        const run = state.runs.find((r) => r.id === Number(m![1]));
        return run ? send(200, runJson(run)) : notFound();
      }
      if ((m = /^\/actions\/workflows\/([^/]+)\/runs$/.exec(rest)) && method === 'GET') {
        const id = Number(m[1]);
        const branch = url.searchParams.get('branch');
        const status = url.searchParams.get('status');
        const runs = state.runs
          .filter((r) => r.workflow_id === id && (!branch || r.head_branch === branch))
          .filter((r) => !status || (status === 'completed' ? r.status === 'completed' : r.conclusion === status || r.status === status))
          .sort((a, b) => b.run_number - a.run_number)
          .slice(0, Number(url.searchParams.get('per_page') ?? '30'));
        return send(200, { total_count: runs.length, workflow_runs: runs.map(runJson) });
      }
      if ((m = /^\/compare\/([0-9a-f]{7,40})\.\.\.([0-9a-f]{7,40})$/.exec(rest)) && method === 'GET') {
        if (!state.origin) return notFound();
        const [base, head] = [m[1]!, m[2]!];
        let shas: string[];
        try {
          shas = gitIn(state.origin, 'rev-list', '--reverse', `${base}..${head}`).split('\n').filter(Boolean);
        } catch {
          return notFound();
        }
        const commits = shas.map((sha) => {
          const [name, email, date, ...message] = gitIn(state.origin!, 'show', '-s', '--format=%an%n%ae%n%aI%n%B', sha).split('\n');
          return {
            sha,
            node_id: `C_${sha.slice(0, 8)}`,
            url: `${url.origin}${prefix}/commits/${sha}`,
            html_url: `https://github.example/${owner}/${repo}/commit/${sha}`,
            commit: { author: { name, email, date }, committer: { name, email, date }, message: message.join('\n').trim() },
            author: { login: String(name).toLowerCase().replace(/\s+/g, '-'), type: 'User' },
            parents: [],
          };
        });
        return send(200, {
          url: `${url.origin}${prefix}/compare/${base}...${head}`,
          html_url: `https://github.example/${owner}/${repo}/compare/${base}...${head}`,
          status: 'ahead',
          ahead_by: commits.length,
          behind_by: 0,
          total_commits: commits.length,
          commits,
          files: [],
        });
      }
      if ((m = /^\/commits\/([0-9a-f]{40})\/pulls$/.exec(rest)) && method === 'GET') {
        const list = state.commitPulls.get(m[1]!) ?? [];
        return send(
          200,
          list.map((p) => ({ ...p, state: p.merged_at ? 'closed' : 'open', html_url: `https://github.example/${owner}/${repo}/pull/${p.number}` })),
        );
      }
      if (rest === '/pulls' && method === 'POST') {
        const headRef = String(body.head ?? '');
        const baseRef = String(body.base ?? '');
        const refSha = (ref: string) => {
          try {
            return state.origin ? gitIn(state.origin, 'rev-parse', '--verify', '-q', `refs/heads/${ref}`) : '';
          } catch {
            return '';
          }
        };
        const headSha = refSha(headRef);
        const baseSha = refSha(baseRef);
        if (!headSha || !baseSha || !body.title) {
          return send(422, {
            message: 'Validation Failed',
            errors: [{ resource: 'PullRequest', field: headSha ? (baseSha ? 'title' : 'base') : 'head', code: 'invalid' }],
            documentation_url: 'https://docs.github.com/rest/pulls/pulls#create-a-pull-request',
          });
        }
        const number = Math.max(0, ...state.pulls.keys(), ...state.comments.map((c) => c.issue_number)) + 1;
        const full = `${owner}/${repo}`;
        const pr: FakePull = {
          number,
          state: 'open',
          title: String(body.title),
          body: typeof body.body === 'string' ? body.body : null,
          head: { ref: headRef, sha: headSha, repo: { full_name: full, fork: false } },
          base: { ref: baseRef, sha: baseSha, repo: { full_name: full, fork: false } },
        };
        state.pulls.set(number, pr);
        state.labels.set(number, []);
        return send(201, pullJson(pr));
      }
      if ((m = /^\/issues\/(\d+)\/labels$/.exec(rest)) && method === 'POST') {
        const n = Number(m[1]);
        if (!state.pulls.has(n)) return notFound();
        const added = Array.isArray(body.labels) ? body.labels.map(String) : [];
        state.labels.set(n, [...new Set([...(state.labels.get(n) ?? []), ...added])]);
        return send(
          200,
          (state.labels.get(n) ?? []).map((name, i) => ({ id: i + 1, name, color: 'ededed', default: false })),
        );
      }
      if ((m = /^\/pulls\/(\d+)$/.exec(rest)) && method === 'GET') {
        const pr = state.pulls.get(Number(m[1]));
        return pr ? send(200, pullJson(pr)) : notFound();
      }
      if ((m = /^\/pulls\/(\d+)\/files$/.exec(rest)) && method === 'GET') {
        const n = Number(m[1]);
        if (!state.pulls.has(n)) return notFound();
        const page = Number(url.searchParams.get('page') ?? '1');
        return send(200, page === 1 ? (state.files.get(n) ?? []).map((f) => ({ sha: 'x', status: 'modified', ...f })) : []);
      }
      if ((m = /^\/pulls\/(\d+)\/reviews$/.exec(rest)) && method === 'POST') {
        const n = Number(m[1]);
        const pr = state.pulls.get(n);
        if (!pr) return notFound();
        const comments = (body.comments as Record<string, unknown>[] | undefined) ?? [];
        const ranges = rangesOf(state.files.get(n) ?? []);
        for (const c of comments) {
          const r = ranges.get(String(c.path)) ?? [];
          const start = Number(c.start_line ?? c.line);
          const end = Number(c.line);
          if (!r.some(([s, e]) => start >= s && end <= e)) {
            return send(422, { message: 'Unprocessable Entity', errors: ['Line could not be resolved'], documentation_url: 'https://docs.github.com/rest' });
          }
        }
        const review = { pull_number: n, body: String(body.body ?? ''), commit_id: String(body.commit_id ?? ''), event: String(body.event ?? ''), comments };
        state.reviews.push(review);
        return send(200, {
          id: nextId++,
          body: review.body,
          state: 'COMMENTED',
          html_url: `https://github.example/${owner}/${repo}/pull/${n}#pullrequestreview-${nextId}`,
        });
      }
      if ((m = /^\/issues\/(\d+)\/comments$/.exec(rest))) {
        const n = Number(m[1]);
        if (!state.pulls.has(n)) return notFound();
        if (method === 'GET') {
          const page = Number(url.searchParams.get('page') ?? '1');
          const all = state.comments.filter((c) => c.issue_number === n).map(commentJson);
          return send(200, page === 1 ? all : []);
        }
        if (method === 'POST') {
          const c: FakeComment = {
            id: nextId++,
            issue_number: n,
            body: String(body.body ?? ''),
            user: state.tokenLogin ? { login: state.tokenLogin, type: 'User' } : BOT,
          };
          if (c.body.length > 65536) return send(422, { message: 'Body is too long (maximum is 65536 characters)' });
          state.comments.push(c);
          return send(201, commentJson(c));
        }
      }
      if ((m = /^\/issues\/comments\/(\d+)$/.exec(rest)) && method === 'PATCH') {
        const c = state.comments.find((x) => x.id === Number(m![1]));
        if (!c) return notFound();
        c.body = String(body.body ?? '');
        if (c.body.length > 65536) return send(422, { message: 'Body is too long (maximum is 65536 characters)' });
        return send(200, commentJson(c));
      }
      if ((m = /^\/actions\/runs\/(\d+)\/jobs$/.exec(rest)) && method === 'GET') {
        const runId = Number(m[1]);
        const all = state.jobs.filter((j) => j.run_id === runId);
        const perPage = Number(url.searchParams.get('per_page') ?? '30');
        const page = Number(url.searchParams.get('page') ?? '1');
        const slice = all.slice((page - 1) * perPage, page * perPage);
        const last = Math.max(1, Math.ceil(all.length / perPage));
        const headers: Record<string, string> =
          page < last
            ? { link: `<${origin}${p}?per_page=${perPage}&page=${page + 1}>; rel="next", <${origin}${p}?per_page=${perPage}&page=${last}>; rel="last"` }
            : {};
        return send(200, { total_count: all.length, jobs: slice.map((j) => jobJson(j, origin)) }, headers);
      }
      if ((m = /^\/actions\/jobs\/(\d+)\/logs$/.exec(rest)) && method === 'GET') {
        const job = state.jobs.find((j) => j.id === Number(m![1]));
        if (!job) return notFound();
        return send(302, undefined, { location: `${state.logsAt ?? origin}/logs-storage/${job.id}` });
      }
      if ((m = /^\/contents\/(.+)$/.exec(rest)) && method === 'GET') {
        const file = decodeURIComponent(m[1]!);
        const ref = url.searchParams.get('ref') ?? '';
        const text = state.contents.get(`${ref}:${file}`);
        if (text === undefined) return notFound();
        const content = Buffer.from(text)
          .toString('base64')
          .replace(/(.{60})/g, '$1\n');
        return send(200, {
          type: 'file',
          encoding: 'base64',
          size: Buffer.byteLength(text),
          name: file.split('/').pop(),
          path: file,
          content,
          sha: 'f'.repeat(40),
          url: `${origin}${p}?ref=${ref}`,
          html_url: `https://github.example/${owner}/${repo}/blob/${ref}/${file}`,
          download_url: null,
        });
      }
      if ((m = /^\/actions\/workflows\/([^/]+)\/dispatches$/.exec(rest)) && method === 'POST') {
        // GitHub's answers: 404 for an unknown workflow, 422 when it lacks the trigger, 204, or 200 with run details.
        const name = decodeURIComponent(m[1]!);
        const workflow = state.workflows.get(name);
        if (!workflow) return notFound();
        if (!workflow.dispatchable)
          return send(422, { message: "Workflow does not have 'workflow_dispatch' trigger", documentation_url: 'https://docs.github.com/rest' });
        if (typeof body.ref !== 'string' || !body.ref) return send(422, { message: 'Invalid request: ref is required' });
        const runId = nextId++;
        state.dispatches.push({ workflow: name, ref: body.ref, runId });
        if (body.return_run_details !== true) return send(204);
        return send(200, {
          workflow_run_id: runId,
          run_url: `${url.origin}${prefix}/actions/runs/${runId}`,
          html_url: `https://github.example/${owner}/${repo}/actions/runs/${runId}`,
        });
      }
      if ((m = /^\/issues\/comments\/(\d+)\/reactions$/.exec(rest)) && method === 'POST') {
        state.reactions.push({ comment_id: Number(m[1]), content: String(body.content) });
        return send(201, { id: nextId++, content: body.content });
      }
      if ((m = /^\/issues\/(\d+)\/labels\/([^/]+)$/.exec(rest)) && method === 'DELETE') {
        const n = Number(m[1]);
        const name = decodeURIComponent(m[2]!);
        const labels = state.labels.get(n) ?? [];
        if (!labels.includes(name)) return send(404, { message: 'Label does not exist' });
        state.labels.set(
          n,
          labels.filter((l) => l !== name),
        );
        return send(
          200,
          (state.labels.get(n) ?? []).map((l) => ({ name: l })),
        );
      }
      notFound();
    });
  });

  /**
   * GitHub's Git Data routes, backed by the real bare origin: the same ids git computes, the same
   * refusals (422 for a missing object, a non-fast-forward update, an existing ref).
   */
  function gitData(method: string, rest: string, body: Record<string, unknown>, send: (status: number, data?: unknown) => void, notFound: () => void): void {
    const origin = state.origin;
    if (!origin) return notFound();
    const api = `http://api.example/repos/${owner}/${repo}`;
    const git = (args: string[], o: { input?: string | Buffer; env?: Record<string, string> } = {}) =>
      execFileSync('git', args, {
        cwd: origin,
        ...(o.input !== undefined ? { input: o.input } : {}),
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), GIT_CONFIG_NOSYSTEM: '1', ...o.env },
        stdio: ['pipe', 'pipe', 'pipe'],
      })
        .toString('utf8')
        .trim();
    const typeOf = (sha: unknown) => {
      if (typeof sha !== 'string' || !/^[0-9a-f]{40}$/.test(sha)) return undefined;
      try {
        return git(['cat-file', '-t', sha]);
      } catch {
        return undefined;
      }
    };
    const invalid = (message: string) => send(422, { message, documentation_url: 'https://docs.github.com/rest/git' });
    const refJson = (ref: string, sha: string) => ({
      ref,
      node_id: `REF_${sha.slice(0, 8)}`,
      url: `${api}/git/${ref}`,
      object: { type: 'commit', sha, url: `${api}/git/commits/${sha}` },
    });
    const tip = (ref: string) => {
      try {
        return git(['rev-parse', '--verify', '-q', `${ref}^{commit}`]);
      } catch {
        return undefined;
      }
    };
    let m: RegExpExecArray | null;

    if (rest === '/git/blobs' && method === 'POST') {
      if (typeof body.content !== 'string') return invalid('Invalid request.\n\n"content" wasn\'t supplied.');
      const bytes = body.encoding === 'base64' ? Buffer.from(body.content, 'base64') : Buffer.from(body.content, 'utf8');
      const sha = git(['hash-object', '-w', '--stdin'], { input: bytes });
      return send(201, { url: `${api}/git/blobs/${sha}`, sha });
    }
    if (rest === '/git/trees' && method === 'POST') {
      const entries = (body.tree as { path: string; mode: string; type: string; sha?: string | null; content?: string }[] | undefined) ?? [];
      const index = path.join(origin, `fake-index-${process.pid}-${Math.random().toString(36).slice(2)}`);
      const env = { GIT_INDEX_FILE: index };
      try {
        if (body.base_tree !== undefined) {
          if (typeOf(body.base_tree) !== 'tree' && typeOf(body.base_tree) !== 'commit') return invalid('Invalid tree info');
          git(['read-tree', String(body.base_tree)], { env });
        }
        for (const e of entries) {
          if (e.sha === null) {
            if (!git(['ls-files', '--', `:(literal)${e.path}`], { env })) return invalid(`tree.path ${e.path} does not exist`);
            git(['update-index', '-z', '--index-info'], { env, input: `0 ${'0'.repeat(40)}\t${e.path}\0` });
            continue;
          }
          const sha = e.content !== undefined ? git(['hash-object', '-w', '--stdin'], { input: e.content }) : e.sha;
          if (typeOf(sha) !== e.type) return invalid('Invalid tree info');
          git(['update-index', '--add', '--cacheinfo', `${e.mode},${sha},${e.path}`], { env });
        }
        const sha = git(['write-tree'], { env });
        const tree = git(['ls-tree', '-z', sha])
          .split('\0')
          .filter(Boolean)
          .map((line) => {
            const [meta, name] = line.split('\t') as [string, string];
            const [mode, type, id] = meta.split(' ') as [string, string, string];
            return { path: name, mode, type, sha: id, url: `${api}/git/${type}s/${id}` };
          });
        return send(201, { sha, url: `${api}/git/trees/${sha}`, tree, truncated: false });
      } finally {
        rmSync(index, { force: true });
      }
    }
    if (rest === '/git/commits' && method === 'POST') {
      const tree = body.tree;
      const parents = (body.parents as string[] | undefined) ?? [];
      if (typeOf(tree) !== 'tree') return invalid('Tree SHA does not exist');
      if (parents.some((p) => typeOf(p) !== 'commit')) return invalid('Parent SHA does not exist or is not a commit object');
      const who = (x: unknown) =>
        (x as { name?: string; email?: string } | undefined) ?? { name: BOT.login, email: '41898282+github-actions[bot]@users.noreply.github.com' };
      const author = who(body.author);
      const committer = body.committer ? who(body.committer) : author;
      const sha = git(['commit-tree', String(tree), ...parents.flatMap((p) => ['-p', p]), '-F', '-'], {
        input: String(body.message ?? ''),
        env: {
          GIT_AUTHOR_NAME: author.name ?? '',
          GIT_AUTHOR_EMAIL: author.email ?? '',
          GIT_COMMITTER_NAME: committer.name ?? '',
          GIT_COMMITTER_EMAIL: committer.email ?? '',
        },
      });
      const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
      return send(201, {
        sha,
        node_id: `C_${sha.slice(0, 8)}`,
        url: `${api}/git/commits/${sha}`,
        html_url: `https://github.example/${owner}/${repo}/commit/${sha}`,
        author: { name: author.name, email: author.email, date },
        committer: { name: committer.name, email: committer.email, date },
        message: String(body.message ?? ''),
        tree: { sha: tree, url: `${api}/git/trees/${String(tree)}` },
        parents: parents.map((p) => ({ sha: p, url: `${api}/git/commits/${p}`, html_url: `https://github.example/${owner}/${repo}/commit/${p}` })),
        verification: { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null },
      });
    }
    if ((m = /^\/git\/ref\/(.+)$/.exec(rest)) && method === 'GET') {
      const ref = `refs/${decodeURIComponent(m[1]!)}`;
      const sha = tip(ref);
      return sha ? send(200, refJson(ref, sha)) : notFound();
    }
    if ((m = /^\/git\/refs\/(.+)$/.exec(rest)) && method === 'PATCH') {
      const ref = `refs/${decodeURIComponent(m[1]!)}`;
      const to = body.sha;
      const from = tip(ref);
      if (!from) return invalid('Reference does not exist');
      if (typeOf(to) !== 'commit') return invalid('Object does not exist');
      if (body.force !== true) {
        try {
          git(['merge-base', '--is-ancestor', from, String(to)]);
        } catch {
          return invalid('Update is not a fast forward');
        }
      }
      git(['update-ref', ref, String(to), from]);
      state.refUpdates.push({ ref, from, to: String(to) });
      return send(200, refJson(ref, String(to)));
    }
    if (rest === '/git/refs' && method === 'POST') {
      const ref = String(body.ref ?? '');
      if (!/^refs\/[^/]+\/.+/.test(ref)) return invalid(`Reference name is invalid`);
      if (typeOf(body.sha) === undefined) return invalid('Object does not exist');
      if (tip(ref)) return invalid('Reference already exists');
      git(['update-ref', ref, String(body.sha), '']);
      state.refUpdates.push({ ref, from: null, to: String(body.sha) });
      return send(201, refJson(ref, String(body.sha)));
    }
    if ((m = /^\/git\/refs\/(.+)$/.exec(rest)) && method === 'DELETE') {
      // Octokit sends the ref's slashes encoded (heads%2Fa%2Fb).
      const ref = `refs/${decodeURIComponent(m[1]!)}`;
      const from = tip(ref);
      if (!from) return invalid('Reference does not exist');
      git(['update-ref', '-d', ref, from]);
      state.refUpdates.push({ ref, from, to: '0'.repeat(40) });
      return send(204);
    }
    notFound();
  }

  /**
   * Git's smart HTTP protocol for `<server>/<owner>/<repo>.git`, served by `git http-backend` from
   * the bare origin, as GitHub serves clones: fetches work with or without a token; a push
   * (receive-pack) only with an Authorization header, as GitHub requires.
   */
  function smartHttp(req: http.IncomingMessage, res: http.ServerResponse, url: URL, body: Buffer, origin: string): void {
    const auth = String(req.headers.authorization ?? '');
    const child = spawn('git', ['http-backend'], {
      env: {
        PATH: process.env.PATH ?? '',
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_PROJECT_ROOT: path.dirname(origin),
        GIT_HTTP_EXPORT_ALL: '1',
        PATH_INFO: `/${path.basename(origin)}${url.pathname.slice(`/${owner}/${repo}.git`.length)}`,
        REQUEST_METHOD: req.method ?? 'GET',
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: String(req.headers['content-type'] ?? ''),
        ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: String(req.headers['content-encoding']) } : {}),
        ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
        ...(auth ? { REMOTE_USER: 'x-access-token' } : {}),
      },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    const out: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stdin.end(body);
    child.on('close', () => {
      const all = Buffer.concat(out);
      const split = all.indexOf('\r\n\r\n');
      const head = split < 0 ? '' : all.subarray(0, split).toString('latin1');
      const headers: Record<string, string> = {};
      let status = 200;
      for (const line of head.split('\r\n')) {
        const at = line.indexOf(':');
        if (at < 0) continue;
        const name = line.slice(0, at).trim();
        const value = line.slice(at + 1).trim();
        if (name.toLowerCase() === 'status') status = Number(value.split(' ')[0]);
        else headers[name] = value;
      }
      res.writeHead(status, headers);
      res.end(split < 0 ? all : all.subarray(split + 4));
    });
  }

  function pullJson(pr: FakePull) {
    return {
      ...pr,
      html_url: `https://github.example/${owner}/${repo}/pull/${pr.number}`,
      labels: (state.labels.get(pr.number) ?? []).map((name) => ({ name })),
    };
  }
  function runJson(r: FakeRun) {
    return {
      ...r,
      display_title: r.name,
      path: '.github/workflows/ci.yml',
      html_url: `https://github.example/${owner}/${repo}/actions/runs/${r.id}`,
      updated_at: r.created_at,
      head_commit: { id: r.head_sha },
      pull_requests: [],
    };
  }
  function jobJson(j: FakeJob, origin: string) {
    const at = '2026-01-01T00:00:00Z';
    return {
      id: j.id,
      run_id: j.run_id,
      run_url: `${origin}${prefix}/actions/runs/${j.run_id}`,
      node_id: `CR_${j.id}`,
      head_sha: 'a'.repeat(40),
      url: `${origin}${prefix}/actions/jobs/${j.id}`,
      html_url: `https://github.example/${owner}/${repo}/actions/runs/${j.run_id}/job/${j.id}`,
      status: 'completed',
      conclusion: j.conclusion,
      started_at: at,
      completed_at: at,
      name: j.name,
      steps: j.steps.map((s, i) => ({ name: s.name, status: 'completed', conclusion: s.conclusion, number: i + 1, started_at: at, completed_at: at })),
      check_run_url: `${origin}${prefix}/check-runs/${j.id}`,
      labels: j.labels ?? ['ubuntu-latest'],
      runner_id: 1,
      runner_name: 'GitHub Actions 1',
      runner_group_id: 1,
      runner_group_name: 'GitHub Actions',
      workflow_name: 'CI',
      head_branch: 'feature',
    };
  }
  function commentJson(c: FakeComment) {
    return { ...c, html_url: `https://github.example/${owner}/${repo}/pull/${c.issue_number}#issuecomment-${c.id}` };
  }

  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  });
}

function rangesOf(files: { filename: string; patch?: string }[]): Map<string, [number, number][]> {
  const out = new Map<string, [number, number][]>();
  for (const f of files) {
    const ranges: [number, number][] = [];
    for (const m of (f.patch ?? '').matchAll(/^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/gm)) {
      const start = Number(m[1]);
      ranges.push([start, start + (m[2] === undefined ? 1 : Number(m[2])) - 1]);
    }
    out.set(f.filename, ranges);
  }
  return out;
}
