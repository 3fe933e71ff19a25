import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Guesses the test command from the files at the repo root, or undefined when nothing fits. */
export function detectTestCommand(root: string): string | undefined {
  const has = (name: string) => existsSync(path.join(root, name));
  if (has('package.json')) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
      const script = pkg.scripts?.test;
      if (script && !/no test specified/.test(script)) return 'npm test';
    } catch {
      // An unreadable package.json is not a test setup we can trust; look further.
    }
  }
  if (has('Cargo.toml')) return 'cargo test';
  if (has('go.mod')) return 'go test ./...';
  if (isPytestProject(root)) return 'python3 -m pytest';
  return undefined;
}

function isPytestProject(root: string): boolean {
  const has = (name: string) => existsSync(path.join(root, name));
  if (has('pytest.ini') || has('conftest.py') || has('tox.ini')) return true;
  for (const file of ['pyproject.toml', 'setup.cfg']) {
    if (has(file) && /\[tool\.pytest|\[tool:pytest\]/.test(readFileSync(path.join(root, file), 'utf8'))) return true;
  }
  for (const dir of ['tests', 'test', '.']) {
    try {
      if (readdirSync(path.join(root, dir)).some((f) => /^test_.*\.py$|_test\.py$/.test(f))) return true;
    } catch {
      // No such directory.
    }
  }
  return false;
}
