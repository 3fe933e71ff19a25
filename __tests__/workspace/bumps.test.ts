import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bumpEditProblem, bumpsInDiff, declaredVersions, isLockfile } from '../../src/workspace/bumps.js';

/** A one-file unified diff from its hunk lines. */
const diffOf = (file: string, lines: string[]) => [`diff --git a/${file} b/${file}`, `--- a/${file}`, `+++ b/${file}`, '@@ -1,9 +1,9 @@', ...lines].join('\n');
const only = (diff: string) => bumpsInDiff(diff).map((b) => `${b.ecosystem}:${b.name} ${b.from} -> ${b.to}`);

describe('bumpsInDiff', () => {
  it('reads npm: package.json and a real package-lock.json diff, the lockfile giving exact versions', () => {
    const diff = readFileSync(path.join('bench/scenarios/deps-lru-cache/pr.patch'), 'utf8');
    expect(bumpsInDiff(diff)).toEqual([{ ecosystem: 'npm', name: 'lru-cache', from: '6.0.0', to: '10.4.3', files: ['package-lock.json', 'package.json'] }]);
  });

  it('reads package.json alone (ranges), and leaves out the package version, engines and scripts', () => {
    const diff = diffOf('package.json', [
      '-  "version": "1.0.0",',
      '+  "version": "1.1.0",',
      '   "dependencies": {',
      '-    "@scope/thing": "~2.1.0",',
      '+    "@scope/thing": "~3.0.1",',
      '-    "node": ">=16"',
      '+    "node": ">=18"',
      '-    "test": "jest"',
      '+    "test": "vitest"',
    ]);
    expect(only(diff)).toEqual(['npm:@scope/thing ~2.1.0 -> ~3.0.1']);
  });

  it('reads yarn.lock (classic and berry)', () => {
    const classic = diffOf('yarn.lock', ['-uuid@^3.4.0:', '-  version "3.4.0"', '+uuid@^9.0.1:', '+  version "9.0.1"', '   resolved "https://…"']);
    expect(only(classic)).toEqual(['npm:uuid 3.4.0 -> 9.0.1']);
    const berry = diffOf('yarn.lock', ['-"@babel/core@npm:^7.1.0":', '-  version: 7.1.0', '+"@babel/core@npm:^7.2.0":', '+  version: 7.2.0']);
    expect(only(berry)).toEqual(['npm:@babel/core 7.1.0 -> 7.2.0']);
  });

  it('reads pnpm-lock.yaml importers and package keys', () => {
    const importers = diffOf('pnpm-lock.yaml', [
      '       commander:',
      '-        specifier: ^6.2.1',
      '-        version: 6.2.1',
      '+        specifier: ^9.5.0',
      '+        version: 9.5.0',
    ]);
    expect(only(importers)).toEqual(['npm:commander 6.2.1 -> 9.5.0']);
    const keys = diffOf('pnpm-lock.yaml', ['-  /glob@7.2.3:', '+  /glob@10.4.5:', '     resolution: {integrity: sha512-x}']);
    expect(only(keys)).toEqual(['npm:glob 7.2.3 -> 10.4.5']);
  });

  it('reads Python: requirements, pyproject (PEP 621 and Poetry), poetry.lock and uv.lock', () => {
    expect(only(diffOf('requirements.txt', ['-attrs==25.1.0', '+attrs==26.1.0', ' six>=1.15']))).toEqual(['python:attrs ==25.1.0 -> ==26.1.0']);
    expect(only(diffOf('requirements-dev.txt', ['-Pydantic[email] >= 1.10 ; python_version > "3.8"', '+Pydantic[email] >= 2.5']))).toEqual([
      'python:Pydantic >=1.10 -> >=2.5',
    ]);
    expect(only(diffOf('pyproject.toml', [' dependencies = [', '-  "requests>=2.28,<3",', '+  "requests>=2.31,<3",', ' ]']))).toEqual([
      'python:requests >=2.28,<3 -> >=2.31,<3',
    ]);
    expect(
      only(
        diffOf('pyproject.toml', ['-version = "0.1.0"', '+version = "0.2.0"', '-pydantic = "^1.10"', '+pydantic = { version = "^2.5", extras = ["email"] }']),
      ),
    ).toEqual(['python:pydantic ^1.10 -> ^2.5']);
    const lock = [' [[package]]', ' name = "pydantic"', '-version = "1.10.13"', '+version = "2.5.3"', ' description = "Data validation"'];
    expect(only(diffOf('poetry.lock', lock))).toEqual(['python:pydantic 1.10.13 -> 2.5.3']);
    expect(only(diffOf('uv.lock', lock))).toEqual(['python:pydantic 1.10.13 -> 2.5.3']);
    // The manifest's range and the lockfile's version are one bump, the lockfile's exact versions kept.
    const both = `${diffOf('pyproject.toml', ['-pydantic = "^1.10"', '+pydantic = "^2.5"'])}\n${diffOf('poetry.lock', lock)}`;
    expect(bumpsInDiff(both)).toEqual([{ ecosystem: 'python', name: 'pydantic', from: '1.10.13', to: '2.5.3', files: ['pyproject.toml', 'poetry.lock'] }]);
  });

  it('reads Cargo.toml and Cargo.lock', () => {
    const toml = diffOf('Cargo.toml', [
      ' [package]',
      '-version = "0.1.0"',
      '+version = "0.1.1"',
      ' [dependencies]',
      '-clap = { version = "3.2", features = ["derive"] }',
      '+clap = { version = "4.4", features = ["derive"] }',
      '-rand = "0.7"',
      '+rand = "0.8"',
    ]);
    expect(only(toml)).toEqual(['cargo:clap 3.2 -> 4.4', 'cargo:rand 0.7 -> 0.8']);
    const lock = diffOf('Cargo.lock', [
      ' [[package]]',
      ' name = "rand"',
      '-version = "0.7.3"',
      '+version = "0.8.5"',
      ' source = "registry+https://github.com/rust-lang/crates.io-index"',
    ]);
    expect(only(lock)).toEqual(['cargo:rand 0.7.3 -> 0.8.5']);
  });

  it('reads go.mod, in a require block and on one line', () => {
    const diff = diffOf('go.mod', [
      ' require (',
      '-\tgithub.com/spf13/cobra v1.7.0',
      '+\tgithub.com/spf13/cobra v1.8.0',
      '-\tgolang.org/x/text v0.3.0 // indirect',
      '+\tgolang.org/x/text v0.14.0 // indirect',
      ' )',
      '-require example.com/m v1.0.0',
      '+require example.com/m v2.0.0+incompatible',
      '-go 1.19',
      '+go 1.21',
    ]);
    expect(only(diff)).toEqual([
      'go:github.com/spf13/cobra v1.7.0 -> v1.8.0',
      'go:golang.org/x/text v0.3.0 -> v0.14.0',
      'go:example.com/m v1.0.0 -> v2.0.0+incompatible',
    ]);
  });

  it('finds nothing in a diff of code, or of a dependency added or removed without another version', () => {
    expect(bumpsInDiff(diffOf('src/a.js', ['-const a = "1.0.0";', '+const a = "2.0.0";']))).toEqual([]);
    expect(bumpsInDiff(diffOf('package.json', ['+    "left-pad": "^1.3.0",', '-    "right-pad": "^1.0.0",']))).toEqual([]);
  });
});

describe('declaredVersions and bumpEditProblem', () => {
  const bumps = bumpsInDiff(readFileSync('bench/scenarios/deps-lru-cache/pr.patch', 'utf8'));
  const manifest = '{\n  "dependencies": {\n    "lru-cache": "^10.4.3",\n    "ms": "^2.1.3"\n  }\n}\n';

  it('reads every dependency of a manifest', () => {
    expect([...declaredVersions('package.json', manifest)]).toEqual([
      ['lru-cache', '^10.4.3'],
      ['ms', '^2.1.3'],
    ]);
    expect(isLockfile('sub/Cargo.lock')).toBe(true);
    expect(isLockfile('package.json')).toBe(false);
  });

  it('refuses a revert of the bump and any lockfile edit, and says why', () => {
    const revert = bumpEditProblem(bumps, 'package.json', manifest, manifest.replace('^10.4.3', '^6.0.0'));
    expect(revert).toMatch(/changes the version of lru-cache in package\.json, which this change bumps \(6\.0\.0 → 10\.4\.3\): keep the bump/);
    expect(bumpEditProblem(bumps, 'package-lock.json', '{}', '{ }')).toMatch(
      /package-lock\.json is a lockfile and this change bumps lru-cache 6\.0\.0 → 10\.4\.3/,
    );
  });

  it('lets other manifest edits through, and everything through without a bump', () => {
    expect(bumpEditProblem(bumps, 'package.json', manifest, manifest.replace('^2.1.3', '^2.1.4'))).toBeUndefined();
    expect(bumpEditProblem([], 'package-lock.json', '{}', '{ }')).toBeUndefined();
    expect(bumpEditProblem(bumps, 'src/memo.js', 'a', 'b')).toBeUndefined();
  });
});
