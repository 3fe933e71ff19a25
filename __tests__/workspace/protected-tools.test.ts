import { describe, expect, it } from '@jest/globals';
import { Guard } from '../../src/workspace/guard.js';

// Files another tool reads and runs, at any depth (README, "Always protected"): refused whatever
// the flags, while an ordinary file that only looks like one stays editable.
const g = new Guard({ root: '/nonexistent', protect: [], allowTestEdits: true });

describe('always protected: what other tools run', () => {
  it.each([
    'gradle/wrapper/gradle-wrapper.properties',
    'android/gradle/wrapper/gradle-wrapper.properties',
    'gradlew',
    'gradlew.bat',
    '.mvn/wrapper/maven-wrapper.properties',
    'services/api/.mvn/jvm.config',
    'mvnw',
    '.cargo/config.toml',
    'crates/x/.cargo/config',
    'bunfig.toml',
    'web/bunfig.toml',
    '.envrc',
    'sub/.envrc',
    '.pre-commit-config.yaml',
    'lefthook.yml',
    'lefthook-local.yaml',
    '.lefthook.yml',
    'frontend/.husky/pre-commit',
    '.husky/pre-push',
    '.githooks/pre-commit',
    'tools/.githooks/commit-msg',
    '.gitpod.yml',
    '.gitpod.Dockerfile',
    '.vscode/settings.json',
    'app/.vscode/launch.json',
    '.idea/runConfigurations/test.xml',
    'netlify.toml',
    'vercel.json',
    'appveyor.yml',
    '.appveyor.yml',
    '.cirrus.yml',
    'cloudbuild.yaml',
    'cloudbuild.yml',
    '.semaphore/semaphore.yml',
    'bitrise.yml',
    'codemagic.yaml',
    'mise.toml',
    '.mise.toml',
    '.tool-versions',
  ])('%s is refused', (file) => {
    const may = g.mayEdit(file);
    expect(may.ok ? '' : may.reason).toMatch(/always protected: other systems run or obey it/);
  });

  it.each([
    'src/gradle-wrapper.ts',
    'docs/gradle-wrapper.properties.md',
    'src/mvnw.test.data',
    'src/cargo/config.toml',
    'src/envrc.js',
    'docs/husky/pre-commit.md',
    'src/netlify.ts',
    'config/settings.json',
    'src/vscode/settings.json',
    'src/lefthook.ts',
    'src/cloudbuild.js',
    'README.md',
  ])('%s, an ordinary file that looks like one, is editable', (file) => {
    expect([file, g.mayEdit(file).ok]).toEqual([file, true]);
  });
});
