// Bundles the two entry points into self-contained ESM files in dist/.
import { chmod, copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * openai's client makes a handle for each of the API's ~30 resources when it is constructed, so a
 * bundle holds them all (responses, realtime, assistants, files, …: about 600 KB that every run
 * parses and partly runs while it loads). unbreak calls two of them, chat completions and the model
 * list; the client is built without the others (src/model imports `openai/client`). Done on the
 * client's own source as the build reads it, and the build stops if that source no longer has the
 * shape this expects: an upgrade of openai then needs a look here, not a bundle that breaks at run time.
 */
const OPENAI_KEEP = new Set(['Chat', 'Models']);
/** Set when the plugin has rewritten the client: a build whose bundle did not go through it stops too. */
let openaiTrimmed = 0;
const openaiTwoResources = {
  name: 'openai-two-resources',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]openai[\\/]client\.mjs$/ }, async (args) => {
      let src = await readFile(args.path, 'utf8');
      const fail = (why) => {
        throw new Error(`openai's client.mjs is not shaped as scripts/build.mjs expects (${why}): look at the openai-two-resources plugin`);
      };
      // The resources the constructor builds (`this.<property> = new API.<Class>(this);`), and the classes it imports one by one.
      const built = [...src.matchAll(/^ *this\.(\w+) = new API\.(\w+)\(this\);$/gm)].map(([, property, name]) => ({ property, name }));
      const dropped = built.filter((r) => !OPENAI_KEEP.has(r.name));
      const droppedNames = new Set(dropped.map((r) => r.name));
      const locals = new Set();
      src = src.replace(/^import \{ (\w+)(?: as (\w+))?,? \} from "\.\/resources\/[^"]+";\n/gm, (line, name, local) => {
        if (!droppedNames.has(name)) return line;
        locals.add(local ?? name);
        return '';
      });
      const namespace = 'import * as API from "./resources/index.mjs";';
      if (src.split(namespace).length !== 2) fail('no one namespace import of its resources');
      src = src.replace(namespace, `const API = { ${[...OPENAI_KEEP].join(', ')} };`);
      src = src.replace(/^ *this\.\w+ = new API\.(\w+)\(this\);\n/gm, (line, name) => (droppedNames.has(name) ? '' : line));
      src = src.replace(/^OpenAI\.\w+ = (\w+);\n/gm, (line, local) => (locals.has(local) ? '' : line));
      if (built.length - dropped.length !== OPENAI_KEEP.size || dropped.length < 20) fail('the resources its constructor builds changed');
      // Nothing left that names what was taken out (comments aside): a use of it would only fail when that code runs.
      const code = src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
      const stray =
        code.match(/\bAPI\.(?!Chat\b|Models\b)\w+|\.\/resources\/(?!chat\/chat\.mjs|models\.mjs)[\w/-]+\.mjs/) ??
        code.match(new RegExp(`\\b(?:${[...locals].join('|')})\\b`)) ??
        code.match(new RegExp(`\\.(?:${dropped.map((r) => r.property).join('|')})\\b`));
      if (stray) fail(`it still uses ${stray[0]}`);
      openaiTrimmed++;
      return { contents: src, loader: 'js' };
    });
  },
};

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
await build({ ...shared, entryPoints: ['src/action/bundle.ts'], outfile: 'dist/action-main.js', plugins: [openaiTwoResources] });
await build({ ...shared, banner: {}, entryPoints: ['src/index.ts'], outfile: 'dist/index.js' });
await build({ ...shared, entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli-main.js', plugins: [openaiTwoResources] });
if (openaiTrimmed !== 2) throw new Error("openai's client.mjs did not go through the openai-two-resources plugin: look at how src/model imports openai");
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
// tree-sitter's runtime and the grammars, as WebAssembly files beside the bundles (context/symbols/parser.ts
// looks in dist/tree-sitter/ first): dist/ needs no node_modules, and the grammar packages, whose install
// scripts build native add-ons unbreak never loads, stay development dependencies.
const TREE_SITTER = [
  ['web-tree-sitter', 'web-tree-sitter.wasm'],
  ['tree-sitter-javascript', 'tree-sitter-javascript.wasm'],
  ['tree-sitter-typescript', 'tree-sitter-typescript.wasm'],
  ['tree-sitter-typescript', 'tree-sitter-tsx.wasm'],
  ['tree-sitter-python', 'tree-sitter-python.wasm'],
  ['tree-sitter-go', 'tree-sitter-go.wasm'],
  ['tree-sitter-rust', 'tree-sitter-rust.wasm'],
];
const requireHere = createRequire(import.meta.url);
await rm('dist/tree-sitter', { recursive: true, force: true });
await mkdir('dist/tree-sitter', { recursive: true });
for (const [pkg, file] of TREE_SITTER) {
  // web-tree-sitter's exports name its .wasm and not its package.json; the grammars export nothing.
  const dir = path.dirname(requireHere.resolve(pkg === 'web-tree-sitter' ? `${pkg}/${file}` : `${pkg}/package.json`));
  await copyFile(path.join(dir, file), path.join('dist/tree-sitter', file));
}
// The bin is a small launcher that checks the Node version before it loads the bundle.
await build({
  entryPoints: ['src/cli.ts'],
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
