import { afterEach, describe, expect, it } from '@jest/globals';
import { blobText, blobTexts } from '../../src/git/objects.js';
import { gitIn, makeRepo } from '../../testkit/repo.js';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

describe('blobTexts: several files at a commit, read by one git process', () => {
  it('answers each name in order as blobText does, and undefined for a missing file, a tree or a name git cannot parse', async () => {
    const files = {
      'AGENTS.md': 'Use tabs.\n\nNo trailing newline here',
      'docs/CLAUDE.md': 'Ünïcödé and a line\r\nwith CRLF\n',
      'empty.md': '',
      'big.txt': `${'x'.repeat(70_000)}\n`,
    };
    const repo = makeRepo(files);
    cleanups.push(repo.cleanup);
    const head = gitIn(repo.dir, 'rev-parse', 'HEAD').trim();
    const names = ['AGENTS.md', 'missing.md', 'docs', 'docs/CLAUDE.md', 'empty.md', 'big.txt', 'AGENTS.md'].map((f) => `${head}:${f}`);
    const texts = await blobTexts(repo.dir, [...names, 'not a name^{}']);
    expect(texts).toEqual([files['AGENTS.md'], undefined, undefined, files['docs/CLAUDE.md'], '', files['big.txt'], files['AGENTS.md'], undefined]);
    // The same text blobText gives, one process per file (but for its final line break, which git() strips).
    expect(await blobText(repo.dir, names[3]!)).toBe(files['docs/CLAUDE.md'].replace(/\r?\n$/, ''));
  });

  it('asks a name with a line break in it on its own, and answers it as missing', async () => {
    const repo = makeRepo({ 'a.md': 'A\n' });
    cleanups.push(repo.cleanup);
    expect(await blobTexts(repo.dir, ['HEAD:a.md', 'HEAD:a.md\nHEAD:a.md'])).toEqual(['A\n', undefined]);
  });
});
