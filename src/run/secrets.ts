/**
 * Which names are secrets' (CONTRACT §4): never in the environment of PR code (test-env.ts builds
 * that one by allowlist on top of this rule), of unbreak's own git, or of any ancestor of either.
 */

const EXACT = new Set(['GITHUB_TOKEN', 'OPENAI_API_KEY', 'UNBREAK_API_KEY', 'ACTIONS_RUNTIME_TOKEN']);

export function isSecretName(name: string): boolean {
  const upper = name.toUpperCase();
  if (EXACT.has(upper)) return true;
  if (upper.startsWith('INPUT_')) return true;
  if (upper.startsWith('ACTIONS_ID_TOKEN_REQUEST_')) return true;
  if (/TOKEN|SECRET|PASSWORD|PASSWD/.test(upper)) return true;
  return upper.split('_').includes('KEY');
}

export function scrubEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || isSecretName(name)) continue;
    out[name] = value;
  }
  return out;
}
