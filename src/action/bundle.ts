import { run } from './main.js';

// The action's bundle, loaded by the entry point (index.ts) once the start is clean.
void run();
