// Bundles the two entry points into self-contained ESM files in dist/.
import { chmod, writeFile } from 'node:fs/promises';
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
// Its table (context/o200k-table.ts) is made here, once, and written to dist/o200k.bin, which the counter
// reads whole: loading it is a file read, not 200,000 entries parsed and put in a Map each time.
const tableAsFile = {
  name: 'o200k-table-as-file',
  setup(b) {
    b.onLoad({ filter: /[\\/]context[\\/]o200k-table\.ts$/ }, async (args) => {
      const made = await build({ ...shared, banner: {}, entryPoints: [args.path], write: false });
      const { tableFile } = await import(`data:text/javascript;base64,${Buffer.from(made.outputFiles[0].text).toString('base64')}`);
      await writeFile('dist/o200k.bin', tableFile());
      const contents = "const { readFileSync } = require('node:fs');\nexport function tableFile() { return readFileSync(`${__dirname}/o200k.bin`); }";
      return { contents, loader: 'js' };
    });
  },
};
await build({ ...shared, banner: {}, format: 'cjs', entryPoints: ['src/context/o200k.ts'], outfile: 'dist/o200k.cjs', plugins: [tableAsFile] });
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
