import { afterEach, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bumpsInDiff } from '../../src/workspace/bumps.js';
import { locateInstalled } from '../../src/workspace/installed.js';
import { DependencyFiles } from '../../src/workspace/dependency-files.js';
import { dependencyTexts } from '../../src/context/dependencies.js';

/** Python and Cargo bumps, with what this machine has installed: the interpreter's attrs, and a local crate cargo resolves offline. */

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});
const temp = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'unbreak-installed-'));
  dirs.push(d);
  return d;
};
const write = (root: string, files: Record<string, string>) => {
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
    writeFileSync(path.join(root, f), text);
  }
};
const diffOf = (file: string, lines: string[]) => [`diff --git a/${file} b/${file}`, `--- a/${file}`, `+++ b/${file}`, '@@ -1,3 +1,3 @@', ...lines].join('\n');

describe('a Python bump', () => {
  it('finds the package in the interpreter the tests use, reads its stubs read-only, and shows the declarations the code imports', () => {
    const installed = execFileSync('python3', ['-c', 'import importlib.metadata as m; print(m.version("attrs"))'], { encoding: 'utf8' }).trim();
    const root = temp();
    write(root, {
      'requirements.txt': `attrs==${installed}\n`,
      'app/model.py': 'from attrs import define, field\n\n@define\nclass Point:\n    x: int = field()\n',
    });
    const bumps = bumpsInDiff(diffOf('requirements.txt', ['-attrs==21.4.0', `+attrs==${installed}`]));
    expect(bumps.map((b) => `${b.name} ${b.from} -> ${b.to}`)).toEqual([`attrs ==21.4.0 -> ==${installed}`]);
    const [pkg] = locateInstalled(root, bumps);
    expect(pkg?.version).toBe(installed);
    expect(pkg!.files.some((f) => f === 'attrs/__init__.pyi')).toBe(true);
    expect(pkg!.files.every((f) => /\.pyi$|\.dist-info\/METADATA$|README|CHANGELOG/i.test(f))).toBe(true);

    const files = new DependencyFiles([pkg!]);
    const stub = files.read(path.join(pkg!.shownDir, 'attrs/__init__.pyi'));
    expect(stub).toMatchObject({ ok: true });
    expect(files.read(path.join(pkg!.shownDir, 'attrs/__init__.py'))).toMatchObject({ ok: false, kind: 'ignored' });
    expect(files.editProblem(path.join(pkg!.shownDir, 'attrs/__init__.pyi'))).toMatch(/is in the installed package attrs .*: it is read, never edited/);

    const texts = dependencyTexts(bumps, [pkg!], [{ file: 'app/model.py', text: 'from attrs import define, field\n' }], '');
    expect(texts!.summary).toContain(`- attrs ==21.4.0 → ==${installed} (requirements.txt); installed ${installed}`);
    expect(texts!.declarations.join('\n')).toMatch(/Declarations of attrs .*attrs\/__init__\.pyi/);
  });
});

describe('a Cargo bump', () => {
  it('finds the crate through cargo metadata and shows its pub items', () => {
    const root = temp();
    write(root, {
      'mini/Cargo.toml': '[package]\nname = "mini"\nversion = "2.0.0"\nedition = "2021"\n',
      'mini/src/lib.rs': 'pub struct Cache;\n\nimpl Cache {\n    pub fn with_ttl(ms: u64) -> Cache { let _ = ms; Cache }\n}\n\npub fn version() -> u32 { 2 }\n',
      'mini/CHANGELOG.md': '# Changelog\n\n## 2.0.0\n\n- `Cache::new` was renamed `Cache::with_ttl`.\n\n## 1.0.0\n\n- First release.\n',
      'app/Cargo.toml': '[package]\nname = "app"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nmini = { version = "2.0.0", path = "../mini" }\n',
      'app/src/lib.rs': 'use mini::Cache;\n\npub fn make() -> Cache { Cache::new() }\n',
    });
    execFileSync('cargo', ['generate-lockfile', '--offline'], { cwd: path.join(root, 'app'), stdio: 'ignore' });
    const bumps = bumpsInDiff(diffOf('Cargo.toml', ['-mini = { version = "1.0.0", path = "../mini" }', '+mini = { version = "2.0.0", path = "../mini" }']));
    const [pkg] = locateInstalled(path.join(root, 'app'), bumps);
    expect(pkg).toMatchObject({ version: '2.0.0', dir: path.join(root, 'mini'), types: 'src/lib.rs' });
    expect(pkg!.files.sort()).toEqual(['CHANGELOG.md', 'Cargo.toml', 'src/lib.rs']);
    const texts = dependencyTexts(bumps, [pkg!], [{ file: 'src/lib.rs', text: 'use mini::Cache;\n' }], '');
    expect(texts!.declarations.join('\n')).toContain('pub fn with_ttl(ms: u64) -> Cache');
    expect(texts!.notes.join('\n')).toContain('- `Cache::new` was renamed `Cache::with_ttl`.');
    expect(texts!.notes.join('\n')).not.toContain('First release');
  });
});
