// Bundles the two entry points into self-contained ESM files in dist/.
import { chmod } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const shared = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  legalComments: 'none',
  logLevel: 'warning',
  // Some dependencies are CommonJS and call require(); give the ESM bundle one.
  banner: {
    js: "import { createRequire as __unbreakCreateRequire } from 'node:module'; const require = __unbreakCreateRequire(import.meta.url);",
  },
};

// The action: a small entry point that makes the clean start (handoff.ts) before it loads the
// bundle, so the re-exec'd copy loads the bundle once (as the CLI's launcher does).
await build({ ...shared, entryPoints: ['src/action-main.ts'], outfile: 'dist/action-main.js' });
await build({ ...shared, banner: {}, entryPoints: ['src/index.ts'], outfile: 'dist/index.js' });
await build({ ...shared, entryPoints: ['src/cli.ts'], outfile: 'dist/cli-main.js' });
// The exact token counter, loaded by both bundles only when a budget decision needs it (context/tokens.ts).
// Its 200,000 ranks as one JSON string rather than an array literal: V8 parses JSON.parse('[…]') in a
// fraction of the time it compiles a 200,000-element literal (~0.15 s less CPU each time the counter loads).
const ranksAsJson = {
  name: 'o200k-ranks-as-json',
  setup(b) {
    b.onLoad({ filter: /[\\/]bpeRanks[\\/]o200k_base\.js$/ }, async (args) => {
      const { default: ranks } = await import(pathToFileURL(args.path).href);
      return { contents: `export default JSON.parse(${JSON.stringify(JSON.stringify(ranks))});`, loader: 'js' };
    });
  },
};
await build({ ...shared, banner: {}, format: 'cjs', entryPoints: ['src/context/o200k.ts'], outfile: 'dist/o200k.cjs', plugins: [ranksAsJson] });
// The bin is a small launcher that checks the Node version before it loads the bundle.
await build({
  entryPoints: ['src/launcher.ts'],
  outfile: 'dist/cli.js',
  // Only the options table and the clean start: nothing from node_modules, so it loads in a moment.
  bundle: true,
  platform: 'node',
  target: 'node18',
  format: 'esm',
  logLevel: 'warning',
  banner: { js: '#!/usr/bin/env node' },
});
await chmod('dist/cli.js', 0o755);
