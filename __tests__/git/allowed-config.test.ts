import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { allowedConfigText, allowedKey } from '../../src/git/allowed-config.js';
import { tempDir } from '../../testkit/tmp.js';

// The fetch reads only the repository config keys it needs: an allowlist, whatever the spelling or scope of the rest.

describe('allowedKey', () => {
  it.each([
    'core.repositoryformatversion',
    'core.bare',
    'core.logallrefupdates',
    'extensions.objectformat',
    'extensions.worktreeconfig',
    'extensions.refstorage',
    'remote.origin.url',
    'remote.origin.fetch',
    'branch.main.remote',
    'branch.feature/x.merge',
  ])('keeps %s', (key) => expect(allowedKey(key)).toBe(true));

  it.each([
    'http.proxy',
    'HTTP.PROXY',
    'http.https://github.com/.proxy',
    'http.https://github.com/.extraheader',
    'remote.origin.proxy',
    'remote.origin.uploadpack',
    'remote.upstream.url',
    'http.sslcainfo',
    'http.sslcapath',
    'http.sslcert',
    'http.sslkey',
    'http.cookiefile',
    'http.curloptresolve',
    'core.gitproxy',
    'core.sshcommand',
    'core.fsmonitor',
    'credential.helper',
    'credential.https://github.com.helper',
    'url.https://evil.example/.insteadof',
    'include.path',
    'includeif.gitdir:/x.path',
    'extensions.x.y',
    'core',
  ])('drops %s', (key) => expect(allowedKey(key)).toBe(false));
});

describe('allowedConfigText', () => {
  it('is a config git reads back to exactly the allowed keys, quoting intact', () => {
    const t = tempDir('unbreak-allowed-config-');
    try {
      const listing = [
        'core.repositoryformatversion\n0',
        'core.bare\nfalse',
        'http.proxy\nhttp://evil.example:3128',
        'remote.origin.url\nhttps://github.com/acme/shop "x".git',
        'remote.origin.fetch\n+refs/heads/*:refs/remotes/origin/*',
        'branch.we"ird\\name.merge\nrefs/heads/main',
        'extensions.worktreeconfig',
        'url.https://evil.example/.insteadof\nhttps://github.com/',
      ].join('\0');
      const file = path.join(t.dir, 'config');
      writeFileSync(file, allowedConfigText(listing));
      const back = execFileSync('git', ['config', '--file', file, '--list', '--null'], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
      expect(back.split('\0').filter(Boolean)).toEqual([
        'core.repositoryformatversion\n0',
        'core.bare\nfalse',
        'remote.origin.url\nhttps://github.com/acme/shop "x".git',
        'remote.origin.fetch\n+refs/heads/*:refs/remotes/origin/*',
        'branch.we"ird\\name.merge\nrefs/heads/main',
        'extensions.worktreeconfig',
      ]);
    } finally {
      t.cleanup();
    }
  });
});
