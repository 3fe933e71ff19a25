/**
 * The environment the test and setup commands see: ours, minus every token, key and secret
 * (the list is in the README, "How a fix is found and checked"). The test command is untrusted
 * code from the PR; it gets nothing it could leak.
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
