import { cleanStart } from './start/clean-start.js';

// The action's entry point (dist/index.js): a small bundle of its own. First a start without
// secrets in the environment (handoff.ts), which replaces this process with a clean copy of
// itself; only then the bundle that holds the rest (action-main.ts), so the copy loads it once
// instead of both images loading all of it. Tests run dist/index.js the way the runner does
// (INPUT_* variables, event file, output files), so this start is tested too.

// A warning in the runner's workflow-command form, as @actions/core writes it: @actions/core itself
// would bring the HTTP client (0.8 MB) into this small file.
const warning = (line: string) => process.stdout.write(`::warning::${line.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}\n`);
await cleanStart(warning);

// A variable specifier keeps esbuild from inlining the bundle into this file.
const main = './action-main.js';
await import(main);
