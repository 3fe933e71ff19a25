import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from '@jest/globals';
import { RECORDED_AT } from '../testkit/readers.js';
import { baseEnv } from '../testkit/cli.js';

// Tests run on a fresh machine (`.ci/run` gives them an empty /tmp and HOME): a test that names a folder of
// the machine it was written on passes there and nowhere else. Tests make their folders in their own temp dir.
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const files = (dir: string): string[] =>
  readdirSync(path.join(repo, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(repo, path.join(e.parentPath, e.name)));
const CODE = /\.(?:ts|mts|cts|js|mjs|cjs)$/;

/** `/tmp`, `/root` or `/home` as the start of an absolute path (not `a/tmp/b`, not `$HOME/tmp`). */
const MACHINE_PATH = /(?<![\w.~$}/-])\/(?:tmp|root|home)(?=[/'"`\s)]|$)/;
/** A line that names one on purpose, as text to be read (an environment, a log line), never as a folder. */
const AS_DATA = 'path as data';
/** A line without its comment (comments may name the folders a fixture was recorded in). */
const code = (line: string) => (/^\s*(?:\/\/|\*|\/\*)/.test(line) ? '' : line.replace(/\s\/\/ .*$/, ''));

describe('tests lean on no folder of the machine', () => {
  it('test code and the testkit name no absolute /tmp, /root or /home path (tmpdir() and the test temp dir instead)', () => {
    const sources = [...files('__tests__'), ...files('testkit')].filter((f) => CODE.test(f) && f !== '__tests__/hermetic.test.ts');
    expect(sources.length).toBeGreaterThan(50);
    const hits = sources.flatMap((file) =>
      readFileSync(path.join(repo, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (MACHINE_PATH.test(code(line)) && !line.includes(AS_DATA) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(hits).toEqual([]);
  });

  it('recorded fixtures name temp folders only where they were recorded (rewritten to the test temp dir when loaded)', () => {
    const fixtures = files('__tests__/fixtures').filter((f) => !CODE.test(f));
    expect(fixtures.length).toBeGreaterThan(50);
    // Allowed beside the recording folders: files a tool made for itself (rustdoc's doctest bundle) and the
    // frames of installed toolchains under a home (pyenv's Python, npm's log), which readers leave out as outside the project.
    const TOOLS_OWN = /^(?:\/tmp\/rustdoctest\w+\/|\/(?:root|home\/[\w.-]+)\/\.(?:pyenv|npm|cargo|rustup)\/)/; // path as data
    const hits = fixtures.flatMap((file) => {
      const text = readFileSync(path.join(repo, file), 'utf8').replace(RECORDED_AT, '<recorded>');
      const paths = text.match(/(?<![\w.~$}/-])\/(?:tmp|root|home)\/[^\s'"`):]*/g) ?? [];
      return paths.filter((p) => !TOOLS_OWN.test(p)).map((p) => `${file}: ${p}`);
    });
    expect(hits).toEqual([]);
  });

  it('the rule catches what it is for', () => {
    const caught = ["const root = '/tmp/unbreak-fixture/go';", "HOME: '/root',", 'cwd: `/home/me/app`', "spawn('ls', ['/tmp'])"];
    const passed = ["path.join(tmpdir(), 'x')", "'src/tmp/file.ts'", '`${HOME}/tmp`', "'/repo/tmp/x'", "HOME: '/root', // path as data"];
    expect(caught.filter((l) => !MACHINE_PATH.test(l))).toEqual([]);
    expect(passed.filter((l) => MACHINE_PATH.test(l) && !l.includes(AS_DATA))).toEqual([]);
  });
});

// A fresh HOME has no npm cache, so a setup command's `npm ci` goes to the registry: the processes the tests
// start (the action, the CLI, and the PR's commands through them) need the machine's way there, as a runner
// image's environment gives it to a job. Only that: the machine's caches and config files stay out.
describe('a process the tests start reaches the network as the machine does', () => {
  const NETWORK = {
    NODE_EXTRA_CA_CERTS: '/opt/certs/ca.pem', // path as data
    SSL_CERT_FILE: '/opt/certs/bundle.pem', // path as data
    SSL_CERT_DIR: '/opt/certs', // path as data
    HTTPS_PROXY: 'http://proxy.example:3128',
    http_proxy: 'http://proxy.example:3128',
    NO_PROXY: '127.0.0.1,localhost',
    npm_config_registry: 'https://registry.example/',
    NPM_CONFIG_CAFILE: '/opt/certs/ca.pem', // path as data
  };
  const MACHINE = { npm_config_cache: '/opt/npm-cache', NPM_CONFIG_USERCONFIG: '/opt/npmrc', DATABASE_URL: 'postgres://db' }; // path as data

  it('carries certificates, proxies and the npm registry, and not the npm cache, config files or other names', () => {
    const saved = { ...process.env };
    try {
      Object.assign(process.env, NETWORK, MACHINE);
      const env = baseEnv();
      expect(Object.fromEntries(Object.keys(NETWORK).map((n) => [n, env[n]]))).toEqual(NETWORK);
      expect(Object.keys(MACHINE).filter((n) => n in env)).toEqual([]);
    } finally {
      for (const n of Object.keys(process.env)) if (!(n in saved)) delete process.env[n];
      Object.assign(process.env, saved);
    }
  });
});
