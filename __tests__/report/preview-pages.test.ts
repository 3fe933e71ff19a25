import { describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { page, pageHash, previewPages, readDrawn, stalePages } from '../../scripts/preview/pages.js';

/**
 * npm run preview redraws a picture only when its page changed, so a run on a machine with other
 * fonts rewrites nothing; and the pictures in docs/preview show the pages as they are now.
 */

const DIR = path.join(process.cwd(), 'docs/preview');

describe('the preview pictures', () => {
  it('are redrawn only where the page changed or the picture is missing', () => {
    const pages = previewPages();
    const drawn = Object.fromEntries(pages.map((p) => [p.name, pageHash(p.html)]));
    const all = () => true;
    expect(stalePages(pages, drawn, all)).toEqual([]);
    const changed = pages.map((p, i) => (i === 1 ? { ...p, html: page(p.kind, 'another wording') } : p));
    expect(stalePages(changed, drawn, all).map((p) => p.name)).toEqual([pages[1]!.name]);
    expect(stalePages(pages, drawn, (name) => name !== pages[2]!.name).map((p) => p.name)).toEqual([pages[2]!.name]);
    expect(stalePages(pages, {}, all)).toHaveLength(pages.length);
  });

  it('in docs/preview show every page as the report code makes it now (run npm run preview after a change of wording)', () => {
    const pages = previewPages();
    const stale = stalePages(pages, readDrawn(DIR), (name) => existsSync(path.join(DIR, `${name}.png`)));
    expect(stale.map((p) => p.name)).toEqual([]);
  });
});
