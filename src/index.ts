import * as core from '@actions/core';
import { cleanStart } from './handoff.js';
import { run } from './main.js';

// The action's entry point: first a start without secrets in the environment (handoff.ts), then
// run() from main.ts, which holds the rest. Tests run the bundled dist/index.js the way the runner
// does (INPUT_* variables, event file, output files), so this start is tested too.
await cleanStart((line) => core.warning(line));
void run();
