/**
 * Never edited, whatever the flags: files that other systems run or obey, whose change would act
 * beyond the tests (README, "Always protected"). Globs as --protect reads them: no slash matches at
 * any depth, a leading slash anchors at the root.
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
  // Hooks and settings of git and the package managers (a filter in .gitattributes, a script hook in .npmrc, yarnPath).
  '/.husky/**',
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
  // What editors and dev environments run on open, and who must review what.
  '**/.devcontainer/**',
  '.devcontainer.json',
  '**/.vscode/tasks.json',
  'CODEOWNERS',
  '/action.yml',
  '/action.yaml',
];
