import { tmpdir } from 'node:os';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/cli.js');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  json?: Record<string, unknown>;
}

/**
 * The machine's way to the network: certificate authorities (a TLS-inspecting proxy's, here in
 * NODE_EXTRA_CA_CERTS), proxies and the npm registry. Under an empty HOME npm has no cache, so a
 * scenario's `npm ci` fetches, and the npm that PATH finds runs on node_modules' own Node, whose
 * global npmrc (where this machine's cafile is set) is not the system's: without these names it
 * fails with SELF_SIGNED_CERT_IN_CHAIN. A runner image hands the same names to a job.
 */
const NETWORK =
  /^(?:NODE_EXTRA_CA_CERTS|SSL_CERT_(?:FILE|DIR)|(?:HTTPS?|ALL|NO)_PROXY|NPM_CONFIG_(?:REGISTRY|CAFILE|CA|STRICT_SSL|PROXY|HTTPS_PROXY|NOPROXY))$/i;

/**
 * What a process the tests start needs from theirs: PATH, HOME, the network settings above, the
 * compile cache (jest.config.js globalSetup), and `node --test` running its files in its own process
 * (`--test-isolation=none`): the fixtures' test runs, several per end-to-end test, then start one
 * Node each instead of two (about 0.2 s of CPU fewer per run). Same runner, same output; bench/ runs
 * the default. Nothing else of the machine (its npm cache, its npmrc files) comes along.
 */
export function baseEnv(): Record<string, string> {
  const cache = process.env.NODE_COMPILE_CACHE;
  const network = Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined && NETWORK.test(e[0]));
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    ...Object.fromEntries(network),
    NODE_OPTIONS: '--test-isolation=none',
    ...(cache ? { NODE_COMPILE_CACHE: cache } : {}),
  };
}

/** Runs the built CLI the way a user does, in `cwd`, with only the environment given (plus PATH/HOME). */
export function runCli(args: string[], cwd: string, env: Record<string, string> = {}, nodeArgs: string[] = [], node = process.execPath): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(node, [...nodeArgs, CLI, ...args], { cwd, env: { ...baseEnv(), ...env }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      let json: Record<string, unknown> | undefined;
      const last = stdout.trim().split('\n').at(-1);
      try {
        json = last ? (JSON.parse(last) as Record<string, unknown>) : undefined;
      } catch {
        json = undefined;
      }
      resolve({ code, stdout, stderr, ...(json ? { json } : {}) });
    });
  });
}
