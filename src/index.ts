import { run } from './main.js';

// The action's entry point: everything lives in main.ts, so tests can drive run() directly.
void run();
