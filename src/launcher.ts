// The `unbreak` bin. It loads nothing but Node itself until the Node version is known to be new
// enough: the bundle's dependencies fail on older Node with a stack trace that says nothing useful.
const MIN_MAJOR = 22;

const version = process.versions.node;
if (Number(version.split('.')[0]) < MIN_MAJOR) {
  process.stderr.write(`unbreak needs Node.js ${MIN_MAJOR} or newer; this is ${version} (install Node 24, e.g. nvm install 24, and run it again)\n`);
  process.exit(2);
}

// A variable specifier keeps esbuild from inlining the bundle into this file.
const main = './cli-main.js';
await import(main);
