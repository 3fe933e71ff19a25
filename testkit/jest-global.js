// jest.config.js globalSetup: runs once before the workers start, which inherit this environment.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export default function globalSetup() {
  // V8's compiled code of dist/ (6 MB) and of the test runners, kept for the hundreds of processes the tests
  // start (testkit passes it on to the action and the CLI). Node 22.1+; older Node ignores it.
  if (!process.env.NODE_COMPILE_CACHE) {
    const dir = path.join(tmpdir(), 'unbreak-test-compile-cache');
    mkdirSync(dir, { recursive: true });
    process.env.NODE_COMPILE_CACHE = dir;
  }
  // Fixture repos built once per run and copied for each test (testkit/template.ts); removed by jest-global-teardown.js.
  process.env.UNBREAK_TEST_TEMPLATES = mkdtempSync(path.join(tmpdir(), 'unbreak-test-templates-'));
}
