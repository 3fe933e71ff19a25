// What npm run preview renders, and which of its pictures are out of date. A picture is redrawn only
// when the page it shows changed (the Markdown, the styles, the frame): a hash of each page is kept
// in docs/preview/pages.json. Pixels are no test of that: the same page drawn with another
// machine's fonts differs in every picture, and a run there would rewrite them all for nothing.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import { statusBody } from '../../src/report/status-body.js';
import { summaryMarkdown } from '../../src/report/job-summary.js';
import { SAMPLES } from './outcomes.js';

const CSS = readFileSync(createRequire(import.meta.url).resolve('github-markdown-css/github-markdown-light.css'), 'utf8');
const md = new MarkdownIt({ html: true, linkify: false });

/** GitHub's comment column and job summary are about this wide on a laptop screen. */
export const WIDTH = { comment: 780, summary: 1010 };

export function page(kind: 'comment' | 'summary', markdown: string): string {
  const frame =
    kind === 'comment'
      ? `<div class="frame"><div class="head"><b>github-actions</b> <span class="bot">bot</span> commented</div><div class="markdown-body">${md.render(markdown)}</div></div>`
      : `<div class="frame"><div class="head"><b>Summary</b> · unbreak</div><div class="markdown-body">${md.render(markdown)}</div></div>`;
  return `<!doctype html><html><head><meta charset="utf-8"><style>${CSS}
body { margin: 0; padding: 16px; background: #fff; width: ${WIDTH[kind]}px; box-sizing: border-box; }
.frame { border: 1px solid #d0d7de; border-radius: 6px; overflow: hidden; }
.head { background: #f6f8fa; border-bottom: 1px solid #d0d7de; padding: 8px 16px; font: 14px -apple-system, 'Segoe UI', 'Noto Sans', Helvetica, Arial, sans-serif; color: #59636e; }
.head b { color: #1f2328; }
.bot { border: 1px solid #d0d7de; border-radius: 2em; padding: 0 6px; font-size: 12px; }
.markdown-body { padding: 16px; }
</style></head><body>${frame}</body></html>`;
}

export interface PreviewPage {
  /** The picture's name, `<sample>-<comment|summary>`. */
  name: string;
  kind: 'comment' | 'summary';
  html: string;
}

/** Every page the preview shows, in order. */
export function previewPages(): PreviewPage[] {
  return SAMPLES.flatMap((s) => {
    const views = { comment: statusBody(s.outcome, s.delivery, s.ctx), summary: summaryMarkdown(s.outcome, s.delivery, s.prNumber, s.ctx) };
    return (['comment', 'summary'] as const).map((kind) => ({ name: `${s.name}-${kind}`, kind, html: page(kind, views[kind]) }));
  });
}

export const pageHash = (html: string) => createHash('sha256').update(html).digest('hex');

/** The pages whose picture is missing or was drawn from another page than this one. */
export function stalePages(pages: PreviewPage[], drawn: Record<string, string>, hasPicture: (name: string) => boolean): PreviewPage[] {
  return pages.filter((p) => drawn[p.name] !== pageHash(p.html) || !hasPicture(p.name));
}

/** The hashes of the pages the pictures in `dir` were drawn from (none when there is no record). */
export function readDrawn(dir: string): Record<string, string> {
  const file = path.join(dir, 'pages.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
}
