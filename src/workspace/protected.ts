/**
 * Never edited, whatever the flags: files that other systems run or obey, whose change would act
 * beyond the tests (README, "Always protected"). The rule: a file another program reads on its own
 * (a CI service, a hook manager, a build wrapper, an editor or dev environment on open, a deploy
 * service) and that names commands to run, a program to download, or settings that decide them.
 * Projects nest, so a name is protected at any depth unless only the root counts. Globs as
 * --protect reads them: no slash matches at any depth, a leading slash anchors at the root.
 */
export const ALWAYS_PROTECTED = [
  // CI definitions: GitHub Actions, GitLab, CircleCI, Buildkite, Travis, Azure Pipelines, Bitbucket, Jenkins, Drone, Woodpecker.
  '.github/**',
  '.gitlab-ci.yml',
  '**/.circleci/**',
  '**/.buildkite/**',
  '.travis.yml',
  'azure-pipelines.yml',
  'bitbucket-pipelines.yml',
  'Jenkinsfile',
  '.drone.yml',
  '**/.woodpecker/**',
  '.woodpecker.yml',
  '.woodpecker.yaml',
  'appveyor.yml',
  '.appveyor.yml',
  '.cirrus.yml',
  '.cirrus.star',
  'cloudbuild.yaml',
  'cloudbuild.yml',
  '**/.semaphore/**',
  'bitrise.yml',
  'codemagic.yaml',
  // Deploy services that build the branch with their own secrets.
  'netlify.toml',
  'vercel.json',
  // Hooks and settings of git and the package managers (a filter in .gitattributes, a script hook in .npmrc, yarnPath).
  '**/.husky/**',
  '**/.githooks/**',
  '**/.lefthook/**',
  'lefthook.yml',
  'lefthook.yaml',
  '.lefthook.yml',
  '.lefthook.yaml',
  'lefthook-local.yml',
  'lefthook-local.yaml',
  '.pre-commit-config.yaml',
  '.gitmodules',
  '.gitattributes',
  '.gitignore',
  '.npmrc',
  '.pnpmfile.cjs',
  '.pnpmfile.mjs',
  '.yarnrc',
  '.yarnrc.yml',
  '**/.yarn/plugins/**',
  '**/.yarn/releases/**',
  'bunfig.toml',
  // Build wrappers and toolchain settings: the program they download, its flags, a cargo runner.
  'gradle-wrapper.properties',
  'gradlew',
  'gradlew.bat',
  '**/.mvn/**',
  'mvnw',
  'mvnw.cmd',
  '**/.cargo/config',
  '**/.cargo/config.toml',
  'mise.toml',
  '.mise.toml',
  '.tool-versions',
  // Environment loaded on entering the folder (direnv).
  '.envrc',
  // What editors and dev environments run on open, and who must review what.
  '**/.devcontainer/**',
  '.devcontainer.json',
  '**/.vscode/**',
  '**/.idea/**',
  '.gitpod.yml',
  '.gitpod.Dockerfile',
  'CODEOWNERS',
  '/action.yml',
  '/action.yaml',
];
