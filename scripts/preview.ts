// npm run preview: renders the status comment and the job summary of sample runs (fixed, not fixed,
// fails only merged with the base, flaky, skipped, error) the way GitHub shows them, and screenshots them with headless Chromium,
// so wording and layout are looked at as a person sees them. Writes docs/preview/*.png (the Markdown
// itself is pinned by the snapshots in __tests__/report/__snapshots__/status-body.test.ts.snap).
//
// Markdown: markdown-it, a CommonMark parser like GitHub's own (cmark-gfm), so an HTML block that
// swallows the Markdown after it misrenders here as it does there. Styles: github-markdown-css.
// Chromium: Debian's `chromium` (apt-get install chromium), or CHROMIUM=/path/to/chrome; the icons (✅ ❌ 🔀)
// need a colour emoji font (apt-get install fonts-noto-color-emoji), else they show as empty boxes.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import MarkdownIt from 'markdown-it';
import { statusBody } from '../src/report/status-body.js';
import { summaryMarkdown } from '../src/report/job-summary.js';
import { SAMPLES } from './preview/outcomes.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'docs/preview');
const CSS = readFileSync(createRequire(import.meta.url).resolve('github-markdown-css/github-markdown-light.css'), 'utf8');
const md = new MarkdownIt({ html: true, linkify: false });

/** GitHub's comment column and job summary are about this wide on a laptop screen. */
const WIDTH = { comment: 780, summary: 1010 };

function page(kind: 'comment' | 'summary', markdown: string): string {
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

/** A tiny Chrome DevTools Protocol client over Node's WebSocket: enough to load a page and shoot it whole. */
class Cdp {
  private next = 1;
  private waiting = new Map<number, (value: { result?: unknown; error?: { message: string } }) => void>();
  private listeners: ((method: string) => void)[] = [];
  private constructor(private readonly ws: WebSocket) {
    ws.addEventListener('message', (event) => {
      const msg = JSON.parse(String(event.data)) as { id?: number; method?: string; result?: unknown; error?: { message: string } };
      if (msg.id !== undefined) this.waiting.get(msg.id)?.(msg);
      else if (msg.method) for (const l of this.listeners) l(msg.method);
    });
  }
  static async connect(url: string): Promise<Cdp> {
    const ws = new WebSocket(url);
    await new Promise((resolve, reject) => {
      ws.addEventListener('open', resolve, { once: true });
      ws.addEventListener('error', reject, { once: true });
    });
    return new Cdp(ws);
  }
  send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.next++;
    this.ws.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve, reject) =>
      this.waiting.set(id, (msg) => (msg.error ? reject(new Error(`${method}: ${msg.error.message}`)) : resolve(msg.result as T))),
    );
  }
  once(method: string): Promise<void> {
    return new Promise((resolve) => this.listeners.push((m) => m === method && resolve()));
  }
  close(): void {
    this.ws.close();
  }
}

async function startChromium(profile: string): Promise<{ cdp: Cdp; stop: () => void }> {
  const bin = process.env.CHROMIUM || 'chromium';
  const args = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--hide-scrollbars',
    `--user-data-dir=${profile}`,
    '--remote-debugging-port=0',
    'about:blank',
  ];
  const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const endpoint = await new Promise<string>((resolve, reject) => {
    let err = '';
    child.on('error', (e) => reject(new Error(`cannot start ${bin} (${e.message}); install it with apt-get install chromium, or set CHROMIUM`)));
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(err);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`${bin} exited with ${code}: ${err.trim().split('\n').at(-1) ?? ''}`)));
  });
  const port = new URL(endpoint).port;
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { type: string; webSocketDebuggerUrl: string }[];
  const pageTarget = targets.find((t) => t.type === 'page');
  if (!pageTarget) throw new Error('Chromium opened no page');
  const cdp = await Cdp.connect(pageTarget.webSocketDebuggerUrl);
  return { cdp, stop: () => (cdp.close(), child.kill()) };
}

async function shoot(cdp: Cdp, file: string, width: number, png: string): Promise<void> {
  await cdp.send('Emulation.setDeviceMetricsOverride', { width, height: 600, deviceScaleFactor: 1, mobile: false });
  const loaded = cdp.once('Page.loadEventFired');
  await cdp.send('Page.navigate', { url: pathToFileURL(file).href });
  await loaded;
  // The body's own height: the page's content size is never less than the viewport's.
  const { result } = await cdp.send<{ result: { value: number } }>('Runtime.evaluate', {
    expression: 'Math.ceil(document.body.getBoundingClientRect().height)',
    returnByValue: true,
  });
  const height = result.value;
  await cdp.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false });
  const { data } = await cdp.send<{ data: string }>('Page.captureScreenshot', { format: 'png', clip: { x: 0, y: 0, width, height, scale: 1 } });
  writeFileSync(png, Buffer.from(data, 'base64'));
}

async function main(): Promise<void> {
  const tmp = mkdtempSync(path.join(tmpdir(), 'unbreak-preview-'));
  mkdirSync(OUT, { recursive: true });
  const chromium = await startChromium(path.join(tmp, 'profile'));
  try {
    await chromium.cdp.send('Page.enable');
    for (const s of SAMPLES) {
      const views = { comment: statusBody(s.outcome, s.delivery, s.ctx), summary: summaryMarkdown(s.outcome, s.delivery, s.prNumber, s.ctx) };
      for (const kind of ['comment', 'summary'] as const) {
        const name = `${s.name}-${kind}`;
        const html = path.join(tmp, `${name}.html`);
        writeFileSync(html, page(kind, views[kind]));
        await shoot(chromium.cdp, html, WIDTH[kind], path.join(OUT, `${name}.png`));
        console.error(`preview: docs/preview/${name}.png`);
      }
    }
  } finally {
    chromium.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
