import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { baseEnv } from './cli.js';
import { tempDir } from './tmp.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ACTION_ENTRY = path.join(ROOT, 'dist/index.js');
export const TOKEN = 'ghs_faketoken0123456789abcdefghijklmnopq';
/** The key a workflow passes for a model server other than GitHub Models (the job's token goes to none). */
export const MODEL_KEY = 'sk-test-model-key-0123456789';

interface ActionYml {
  inputs: Record<string, { default?: string; required?: boolean }>;
}

/** INPUT_* variables as the runner sets them: every input's default, then what the workflow passes. */
export function inputEnv(given: Record<string, string>, token = TOKEN): Record<string, string> {
  const yml = parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as ActionYml;
  const env: Record<string, string> = {};
  // A workflow that points base-url at another server passes that server's key, as the README says.
  const otherServer = given['base-url'] !== undefined && !/^https:\/\/models\.github\.ai(\/|$)/.test(given['base-url']);
  const defaults: Record<string, string> = otherServer ? { 'api-key': MODEL_KEY } : {};
  for (const [name, spec] of Object.entries(yml.inputs)) {
    const value = given[name] ?? defaults[name] ?? (spec.default ?? '').replace(/\$\{\{\s*github\.token\s*\}\}/g, token);
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
  }
  for (const name of Object.keys(given)) if (!(name in yml.inputs)) throw new Error(`action.yml has no input ${name}`);
  return env;
}

export interface ActionRun {
  code: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
}

export interface ActionRunOptions {
  work: string;
  eventName: string;
  payload: unknown;
  inputs: Record<string, string>;
  githubUrl: string;
  repository?: string;
  env?: Record<string, string>;
}

/** Runs dist/index.js exactly as the runner does: env, event file, output and summary files. */
export async function runAction(o: ActionRunOptions): Promise<ActionRun> {
  const t = tempDir('unbreak-runner-');
  try {
    const eventPath = path.join(t.dir, 'event.json');
    const outputPath = path.join(t.dir, 'output.txt');
    const summaryPath = path.join(t.dir, 'summary.md');
    writeFileSync(eventPath, JSON.stringify(o.payload));
    writeFileSync(outputPath, '');
    writeFileSync(summaryPath, '');
    const env: Record<string, string> = {
      ...baseEnv(),
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_EVENT_NAME: o.eventName,
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_REPOSITORY: o.repository ?? 'acme/shop',
      GITHUB_API_URL: o.githubUrl,
      GITHUB_SERVER_URL: 'https://github.example',
      GITHUB_WORKSPACE: o.work,
      GITHUB_OUTPUT: outputPath,
      GITHUB_STEP_SUMMARY: summaryPath,
      GITHUB_RUN_ID: '42',
      RUNNER_TEMP: t.dir,
      ...inputEnv(o.inputs),
      ...o.env,
    };
    const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [ACTION_ENTRY], { cwd: o.work, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      });
    });
    return { ...result, outputs: readOutputs(outputPath), summary: existsSync(summaryPath) ? readFileSync(summaryPath, 'utf8') : '' };
  } finally {
    t.cleanup();
  }
}

/** Parses GITHUB_OUTPUT's `name<<delimiter … delimiter` records. */
function readOutputs(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<=]+)<<(.+)$/.exec(lines[i]!);
    if (m) {
      const value: string[] = [];
      for (i++; i < lines.length && lines[i] !== m[2]; i++) value.push(lines[i]!);
      out[m[1]!] = value.join('\n');
    } else {
      const kv = /^([^=]+)=(.*)$/.exec(lines[i]!);
      if (kv) out[kv[1]!] = kv[2]!;
    }
  }
  return out;
}
