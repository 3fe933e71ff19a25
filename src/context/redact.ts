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
  /\bglpat-[A-Za-z0-9_-]{20,}/g,
  /\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,}/g,
  /\bnpm_[A-Za-z0-9]{36}\b/g,
  /\bAIza[0-9A-Za-z_-]{35}/g,
  /\bhttps:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9/_-]+/g,
];

// The password in `scheme://user:password@host`; the rest of the URL stays readable.
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@'"`]+:)([^\s@/'"`]+)(@)/gi;

/**
 * Names whose values are secrets to keep from the model though the test command may still need
 * them (a database URL, a DSN): wider than the test environment's list (testing/env.ts), which
 * decides what the test command does not get at all.
 */
export function isRedactedName(name: string): boolean {
  const upper = name.toUpperCase();
  if (/PASSPHRASE|APIKEY|API_KEY|CREDENTIAL|WEBHOOK|PRIVATE|DATABASE_URL|_DSN$|^DSN$/.test(upper)) return true;
  const last = upper.split('_').filter(Boolean).pop() ?? '';
  return ['PASS', 'PWD', 'AUTH', 'DSN', 'COOKIE'].includes(last);
}

/**
 * The forms a secret takes when code prints it to get past a plain match: base64 (at each of the
 * three byte alignments, so also inside a longer encoded string), hex, reversed, URL-encoded.
 */
function encodings(secret: string): string[] {
  const bytes = Buffer.from(secret);
  const out = [bytes.toString('hex'), bytes.toString('hex').toUpperCase(), [...secret].reverse().join(''), encodeURIComponent(secret)];
  for (let shift = 0; shift < 3; shift++) {
    const padded = Buffer.concat([Buffer.alloc(shift, 0x41), bytes]);
    // Only the 4-character groups made of the secret's bytes alone are the same whatever surrounds it.
    const first = shift === 0 ? 0 : 1;
    const last = Math.floor(padded.length / 3);
    if (last - first < 2) continue;
    const b64 = padded.toString('base64').slice(first * 4, last * 4);
    out.push(b64, b64.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return out.filter((e) => e !== secret && e.length >= 8);
}

export class Redactor {
  private readonly secrets: string[];

  /** `secrets`: exact values never to send (the token, the API key, secret-named env values). */
  constructor(secrets: Iterable<string | undefined>) {
    // Longest first, so a secret that contains another is replaced whole.
    const plain = [...secrets].filter((s): s is string => typeof s === 'string' && s.length >= 6);
    // Tokens also travel base64-encoded (git's `AUTHORIZATION: basic` header in .git/config).
    const encoded = plain.flatMap((s) => [...encodings(s), Buffer.from(`x-access-token:${s}`).toString('base64').replace(/=+$/, '')]);
    this.secrets = [...new Set([...plain, ...encoded])].sort((a, b) => b.length - a.length);
  }

  redact(text: string): string {
    let out = text;
    for (const secret of this.secrets) {
      if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    }
    for (const pattern of CREDENTIAL_PATTERNS) out = out.replace(pattern, REDACTED);
    return out.replace(URL_PASSWORD, (_m, before: string, _password: string, at: string) => `${before}${REDACTED}${at}`);
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
    if (input ? /^INPUT_(GITHUB-TOKEN|API-KEY|TOKEN)$/i.test(name) : isSecretName(name) || isRedactedName(name)) values.push(value);
  }
  return values;
}

// Zero-width, bidirectional, tag and filler characters can hide instructions from a human
// reviewer: tag characters (U+E0000–E007F) spell out ASCII that models read and people do not see.
const INVISIBLE =
  // eslint-disable-next-line no-misleading-character-class -- a class of lone invisible characters, on purpose
  /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u3164\uFE00-\uFE0F\uFEFF\uFFA0]|[\u{E0000}-\u{E007F}]|[\u{E0100}-\u{E01EF}]/gu;

/** For untrusted prose: drops HTML comments and invisible characters. */
export function sanitize(text: string): string {
  return text.replace(/<!--[\s\S]*?(?:-->|$)/g, '').replace(INVISIBLE, '');
}
