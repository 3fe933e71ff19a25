// jest.config.js globalTeardown: removes the fixture templates globalSetup's folder holds (testkit/template.ts).
import { rmSync } from 'node:fs';

export default function globalTeardown() {
  const dir = process.env.UNBREAK_TEST_TEMPLATES;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
