// The `unbreak` bin: a small bundle of its own. It answers --help and --version from the options
// table alone (on any Node), checks the Node version before loading the bundle (whose dependencies
// fail on older Node with a stack trace that says nothing useful), and makes the clean start
// (handoff.ts) before the bundle is loaded, so the re-exec costs a small file, not the whole bundle.
import { askedFor, HELP, VERSION } from './options/help.js';
import { cleanStart } from './start/clean-start.js';

const MIN_MAJOR = 22;

const version = process.versions.node;
const tooOld = Number(version.split('.')[0]) < MIN_MAJOR;
const needs = `unbreak needs Node.js ${MIN_MAJOR} or newer; this is ${version} (install Node 24, e.g. nvm install 24, and run it again)`;

// Help and version need no bundle: a user finding out what unbreak is gets an answer on any Node.
const asked = askedFor(process.argv.slice(2));
if (asked === 'help' || asked === 'version') {
  process.stdout.write(`${asked === 'help' ? HELP : VERSION}\n`);
  if (asked === 'help' && tooOld) process.stderr.write(`note: ${needs}\n`);
  process.exit(0);
}

if (tooOld) {
  process.stderr.write(`${needs}\n`);
  process.exit(2);
}

// A usage error runs no command, so it needs no clean start: the bundle says what to change.
if (asked === 'run') await cleanStart((line) => process.stderr.write(`${line}\n`));

// A variable specifier keeps esbuild from inlining the bundle into this file.
const main = './cli-main.js';
await import(main);
