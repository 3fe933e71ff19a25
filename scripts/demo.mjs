// npm run demo: copies examples/demo (a small shop with failing tests) into a temp dir, makes it a
// git repo, and runs the whole unbreak loop on it. Without an API key it replays a scripted
// session (answers written by scripts/record-demo.ts, no real model); with OPENAI_API_KEY (or
// UNBREAK_API_KEY) set it asks the real model. The temp dir is removed at the end (KEEP=1 keeps it).
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(repo, 'examples/demo');
const dir = mkdtempSync(path.join(tmpdir(), 'unbreak-demo-'));
cpSync(source, dir, { recursive: true, filter: (src) => !src.endsWith('session.json') });
const git = (...args) =>
  execFileSync('git', args, {
    cwd: dir,
    stdio: 'ignore',
    env: { ...process.env, GIT_AUTHOR_NAME: 'demo', GIT_AUTHOR_EMAIL: 'demo@example.com', GIT_COMMITTER_NAME: 'demo', GIT_COMMITTER_EMAIL: 'demo@example.com' },
  });
git('init', '-q', '-b', 'main');
git('add', '-A');
git('commit', '-q', '-m', 'demo shop');

const live = Boolean(process.env.UNBREAK_API_KEY || process.env.OPENAI_API_KEY);
const args = [path.join(repo, 'dist/cli.js'), '--test', 'node --test'];
if (live) {
  console.error(`demo: using the real model (${process.env.UNBREAK_MODEL || 'gpt-4.1'} at ${process.env.OPENAI_BASE_URL || 'the OpenAI API'})`);
} else {
  console.error('demo: no OPENAI_API_KEY set, so this replays a scripted session (examples/demo/session.json):');
  console.error('      the model answers were written by hand (scripts/record-demo.ts), not produced by a real model;');
  console.error('      the tests, edits and verification are real. Set OPENAI_API_KEY to watch a real model fix it.');
  args.push('--replay', path.join(source, 'session.json'), '--model', 'scripted');
}
console.error(`demo: project copied to ${dir}\n`);
const keep = Boolean(process.env.KEEP);
const cleanup = () => {
  if (keep) console.error(`demo: the project is kept in ${dir} (remove it when done)`);
  else rmSync(dir, { recursive: true, force: true });
};
// Ctrl-C reaches the CLI too (same process group); it stops and exits, then this cleans up.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
let run;
try {
  run = spawnSync(process.execPath, args, { cwd: dir, stdio: 'inherit' });
  if (run.status === 0) {
    console.error('\ndemo: the fix unbreak left in the work tree:\n');
    spawnSync('git', ['--no-pager', 'diff', '--stat'], { cwd: dir, stdio: 'inherit' });
    spawnSync('git', ['--no-pager', 'diff'], { cwd: dir, stdio: 'inherit' });
  }
} finally {
  cleanup();
}
if (!keep) console.error(`\ndemo: removed ${dir} (run with KEEP=1 to keep it)`);
process.exit(run?.status ?? 1);
