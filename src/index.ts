import * as core from '@actions/core';
import { cleanStart } from './handoff.js';
import { run } from './main.js';

// The action's entry point: first a start without secrets in the environment (handoff.ts), then
// everything lives in main.ts, so tests can drive run() directly.
await cleanStart((line) => core.warning(line));
void run();
