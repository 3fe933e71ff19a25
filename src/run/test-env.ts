import { isSecretName } from './secrets.js';

/**
 * The environment the setup and test commands (code of the pull request) run in. Two rules:
 *
 * - Names in the runner's own namespaces (`GITHUB_*`, `RUNNER_*`, `ACTIONS_*`, `INPUT_*`, `STATE_*`,
 *   any letter case) pass only when named below. The runner's channels to the rest of the job live
 *   there (the `GITHUB_ENV`/`GITHUB_PATH`/`GITHUB_OUTPUT`/`GITHUB_STATE`/`GITHUB_STEP_SUMMARY`
 *   files, the runtime, cache, results and OIDC endpoints and their tokens, the event file, the
 *   action's own folder), and a name the runner adds tomorrow stays out until it is read and listed.
 * - Every other name is the workflow's own `env:`, the runner image's (PATH, HOME, locale,
 *   toolchain homes, certificates, proxies) or, for the CLI, the user's shell: it passes unless its
 *   name is a secret's (secrets.ts, CONTRACT §4). A test needs those, and none of them is a channel.
 *
 * The channel files PR code does get are private ones (file-commands.ts).
 */

const RUNNER_NAMESPACE = /^(GITHUB|RUNNER|ACTIONS|INPUT|STATE)_/i;

/** What a test may read about the run: names, places, the platform. None of them is written back by the runner. */
const RUNNER_ALLOWED = new Set(
  [
    'GITHUB_ACTIONS',
    'GITHUB_WORKSPACE',
    'GITHUB_REPOSITORY',
    'GITHUB_REPOSITORY_OWNER',
    'GITHUB_REPOSITORY_ID',
    'GITHUB_REPOSITORY_OWNER_ID',
    'GITHUB_SHA',
    'GITHUB_REF',
    'GITHUB_REF_NAME',
    'GITHUB_REF_TYPE',
    'GITHUB_REF_PROTECTED',
    'GITHUB_HEAD_REF',
    'GITHUB_BASE_REF',
    'GITHUB_EVENT_NAME',
    'GITHUB_SERVER_URL',
    'GITHUB_API_URL',
    'GITHUB_GRAPHQL_URL',
    'GITHUB_RUN_ID',
    'GITHUB_RUN_NUMBER',
    'GITHUB_RUN_ATTEMPT',
    'GITHUB_JOB',
    'GITHUB_WORKFLOW',
    'GITHUB_WORKFLOW_REF',
    'GITHUB_WORKFLOW_SHA',
    'GITHUB_ACTOR',
    'GITHUB_ACTOR_ID',
    'GITHUB_TRIGGERING_ACTOR',
    'GITHUB_RETENTION_DAYS',
    'RUNNER_OS',
    'RUNNER_ARCH',
    'RUNNER_NAME',
    'RUNNER_ENVIRONMENT',
    'RUNNER_TEMP',
    'RUNNER_TOOL_CACHE',
    'RUNNER_DEBUG',
  ].map((n) => n.toUpperCase()),
);

export function allowedName(name: string): boolean {
  if (isSecretName(name)) return false;
  if (RUNNER_NAMESPACE.test(name)) return RUNNER_ALLOWED.has(name.toUpperCase());
  return true;
}

export function testEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined && allowedName(name)) out[name] = value;
  return out;
}
