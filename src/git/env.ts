import { scrubEnv } from '../run/secrets.js';
import { ceilingFor } from './known-dirs.js';

/** Environment variables that would add config, redirect commands or reintroduce replace objects. */
const DROP_ENV = /^GIT_(CONFIG$|CONFIG_|SSH|ASKPASS|EXTERNAL_DIFF|PAGER|EDITOR|PROXY_COMMAND|REPLACE_REF_BASE|EXEC_PATH|TRACE|ALTERNATE_OBJECT_DIRECTORIES)/;

export function gitEnv(cwd: string, extra?: Record<string, string>): Record<string, string> {
  const base = Object.fromEntries(Object.entries(scrubEnv(process.env)).filter(([k]) => !DROP_ENV.test(k)));
  const ceiling = ceilingFor(cwd);
  return {
    ...base,
    // Inside a work tree whose top was learned before any test code ran, git never looks for a
    // repository above that top: a `.git` the tests make invalid then fails the command instead of
    // sending it to a repository they put in a folder above.
    ...(ceiling !== undefined ? { GIT_CEILING_DIRECTORIES: ceiling } : {}),
    GIT_TERMINAL_PROMPT: '0',
    LC_ALL: 'C',
    // A private, empty global and system config: nothing from ~/.gitconfig or /etc/gitconfig.
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_ATTR_NOSYSTEM: '1',
    // `git replace` written by test code must not change what a commit id means.
    GIT_NO_REPLACE_OBJECTS: '1',
    ...extra,
  };
}
