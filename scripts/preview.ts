// npm run preview: renders the status comment and the job summary of sample runs (fixed, not fixed,
// fails only merged with the base, flaky, skipped, error) the way GitHub shows them, and screenshots them with headless Chromium,
// so wording and layout are looked at as a person sees them. Writes the docs/preview/*.png whose page
// changed, and docs/preview/pages.json (scripts/preview/pages.ts says why; --all redraws all). The Markdown
// is pinned by the snapshots in __tests__/report/__snapshots__/status-body.test.ts.snap).
//
// Markdown: markdown-it, a CommonMark parser like GitHub's own (cmark-gfm), so an HTML block that
// swallows the Markdown after it misrenders here as it does there. Styles: github-markdown-css.
// Chromium: Debian's `chromium` (apt-get install chromium), or CHROMIUM=/path/to/chrome; the icons (✅ ❌ 🔀)
// need a colour emoji font (apt-get install fonts-noto-color-emoji), else they show as empty boxes.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pageHash, previewPages, readDrawn, stalePages, WIDTH } from './preview/pages.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'docs/preview');
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
  // --all redraws every picture (after a change of fonts or of Chromium that should show).
  const all = process.argv.includes('--all');
  mkdirSync(OUT, { recursive: true });
  const pages = previewPages();
  const drawn = readDrawn(OUT);
  const todo = all ? pages : stalePages(pages, drawn, (name) => existsSync(path.join(OUT, `${name}.png`)));
  if (!todo.length) {
    console.error('preview: every picture in docs/preview shows its page as it is now; nothing drawn (--all redraws them)');
    return;
  }
  const tmp = mkdtempSync(path.join(tmpdir(), 'unbreak-preview-'));
  const chromium = await startChromium(path.join(tmp, 'profile'));
  try {
    await chromium.cdp.send('Page.enable');
    for (const p of todo) {
      const html = path.join(tmp, `${p.name}.html`);
      writeFileSync(html, p.html);
      await shoot(chromium.cdp, html, WIDTH[p.kind], path.join(OUT, `${p.name}.png`));
      drawn[p.name] = pageHash(p.html);
      console.error(`preview: docs/preview/${p.name}.png`);
    }
  } finally {
    chromium.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
  // Only the pages there are now, in their order.
  const record = Object.fromEntries(pages.map((p) => [p.name, drawn[p.name]]));
  writeFileSync(path.join(OUT, 'pages.json'), `${JSON.stringify(record, null, 2)}\n`);
}

await main();
