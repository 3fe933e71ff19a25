/**
 * Everything sent to the model passes through `redact`: known secret values and anything shaped
 * like a credential become [REDACTED]. Untrusted prose (logs, PR text) also goes through `sanitize`.
 */

export const REDACTED = '[REDACTED]';

const CREDENTIAL_PATTERNS: RegExp[] = [
  /\b(?:ghp|gho|ghs|ghu|ghr)_[A-Za-z0-9]{20,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  /\bsk-[A-Za-z0-9_-]{16,}/g,
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g,
  /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/g,
  /-----BEGIN [A-Z ]*PRIVATE KEY( BLOCK)?-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY( BLOCK)?-----|$)/g,
];

export class Redactor {
  private readonly secrets: string[];

  /** `secrets`: exact values never to send (the token, the API key, secret-named env values). */
  constructor(secrets: Iterable<string | undefined>) {
    // Longest first, so a secret that contains another is replaced whole.
    const plain = [...secrets].filter((s): s is string => typeof s === 'string' && s.length >= 6);
    // Tokens also travel base64-encoded (git's `AUTHORIZATION: basic` header in .git/config).
    const encoded = plain.flatMap((s) => [Buffer.from(s).toString('base64'), Buffer.from(`x-access-token:${s}`).toString('base64')]).map((b) => b.replace(/=+$/, ''));
    this.secrets = [...new Set([...plain, ...encoded])].sort((a, b) => b.length - a.length);
  }

  redact(text: string): string {
    let out = text;
    for (const secret of this.secrets) {
      if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    }
    for (const pattern of CREDENTIAL_PATTERNS) out = out.replace(pattern, REDACTED);
    return out;
  }
}

/**
 * Secret values from an environment: those of secret-named variables, except action inputs, of
 * which only the credentials count (an input like `model` is not a secret to hide).
 */
export function secretValues(env: NodeJS.ProcessEnv, isSecretName: (name: string) => boolean): string[] {
  const values: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (!value) continue;
    const input = name.toUpperCase().startsWith('INPUT_');
    if (input ? /^INPUT_(GITHUB-TOKEN|API-KEY|TOKEN)$/i.test(name) : isSecretName(name)) values.push(value);
  }
  return values;
}

// Zero-width and bidirectional control characters can hide instructions from a human reviewer.
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** For untrusted prose: drops HTML comments and invisible characters. */
export function sanitize(text: string): string {
  return text.replace(/<!--[\s\S]*?(?:-->|$)/g, '').replace(INVISIBLE, '');
}
