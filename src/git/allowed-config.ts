import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { configRecords } from './config-records.js';

/**
 * The repository config a network command (the fetch, with the token) reads: only the keys that
 * say what the repository is and where origin is. Everything else is left out, whatever its
 * spelling or URL scope: a proxy (`http.proxy`, `http.<url>.proxy`, `remote.origin.proxy`,
 * `core.gitProxy`), a certificate authority or client certificate (`http.sslCAInfo`,
 * `http.sslCAPath`, `http.sslCert`, `http.sslKey`), a resolver (`http.curloptResolve`), cookies,
 * credentials (`credential.*`), URL rewrites (`url.*.insteadOf`), includes, and any program. A
 * denylist of such keys would miss the next one git adds; git has no switch to skip the
 * repository's config, so for the length of the command the files hold only these keys.
 */
const ALLOWED = [
  // What the repository is: its format, object hash and ref storage (`extensions.*`), bare or not.
  /^core\.(repositoryformatversion|bare|logallrefupdates|filemode|symlinks|ignorecase|precomposeunicode|sharedrepository)$/,
  /^extensions\.[a-z0-9]+$/,
  // Where origin is (the token is tied to GITHUB_SERVER_URL, not to this), and what a partial clone needs from it.
  /^remote\.origin\.(url|fetch|promisor|partialclonefilter)$/,
  /^branch\..+\.(remote|merge)$/,
];

export function allowedKey(key: string): boolean {
  // `--list` spells section and name in lower case; a subsection keeps its case, and only `branch.<name>` has one here.
  const m = /^([^.]+)\.(?:(.*)\.)?([^.]+)$/.exec(key);
  if (!m) return false;
  const normal = m[2] === undefined ? `${m[1]!.toLowerCase()}.${m[3]!.toLowerCase()}` : `${m[1]!.toLowerCase()}.${m[2]}.${m[3]!.toLowerCase()}`;
  return ALLOWED.some((re) => re.test(normal));
}

const quoted = (text: string, value: boolean) =>
  `"${text
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\n/g, value ? '\\n' : '')
    .replace(/\t/g, value ? '\\t' : '\t')}"`;

/** A config file holding only the allowed keys of a `config --list --null` listing of one file. */
export function allowedConfigText(listing: string): string {
  const lines: string[] = [];
  for (const { key, value } of configRecords(listing)) {
    if (!allowedKey(key)) continue;
    const m = /^([^.]+)\.(?:(.*)\.)?([^.]+)$/.exec(key)!;
    lines.push(m[2] === undefined ? `[${m[1]}]` : `[${m[1]} ${quoted(m[2], false)}]`);
    lines.push(value === undefined ? `\t${m[3]}` : `\t${m[3]} = ${quoted(value, true)}`);
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/**
 * Runs `command` with each of `files` (git's repository config files) holding only its allowed
 * keys, and puts every file back byte for byte afterwards, also when the command fails.
 */
export async function withAllowedConfig<T>(files: { file: string; listing: string }[], command: () => Promise<T>): Promise<T> {
  const saved: [string, Buffer][] = [];
  try {
    for (const { file, listing } of files) {
      saved.push([file, readFileSync(file)]);
      rmSync(file, { force: true });
      writeFileSync(file, allowedConfigText(listing), { flag: 'wx' });
    }
    return await command();
  } finally {
    for (const [file, bytes] of saved) {
      rmSync(file, { force: true });
      writeFileSync(file, bytes, { flag: 'wx' });
    }
  }
}
