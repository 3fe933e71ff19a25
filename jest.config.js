import { availableParallelism } from 'node:os';

// ESM + TypeScript through swc: fast transforms, and `tsc --noEmit` does the type checking.
export default {
  // jest's node environment, plus the o200k counter the model-server double shares across a worker's files.
  testEnvironment: '<rootDir>/testkit/jest-environment.js',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2023' }, module: { type: 'es6' } }],
  },
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/__tests__/fixtures/'],
  modulePathIgnorePatterns: ['<rootDir>/tmp/', '<rootDir>/__tests__/fixtures/', '<rootDir>/bench/scenarios/', '<rootDir>/dist/'],
  watchPathIgnorePatterns: ['/__tests__/fixtures/'],
  // One worker per core, and at least two: the end-to-end tests spend much of their time waiting on the
  // processes they start (git, the action, test runners), so two share a 2-core machine well.
  maxWorkers: Math.max(2, availableParallelism()),
  // Compiled code of dist/ and the test runners, cached across the hundreds of processes the tests start;
  // fixture repos built once and copied for each test (testkit/template.ts).
  globalSetup: '<rootDir>/testkit/jest-global.js',
  globalTeardown: '<rootDir>/testkit/jest-global-teardown.js',
  // Time limits by what a test does (end to end or in process), stretched on a loaded machine: testkit/time.ts.
  setupFilesAfterEnv: ['<rootDir>/testkit/jest-setup.ts'],
};
