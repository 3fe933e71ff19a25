// ESM + TypeScript through swc: fast transforms, and `tsc --noEmit` does the type checking.
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2023' }, module: { type: 'es6' } }],
  },
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/__tests__/fixtures/'],
  modulePathIgnorePatterns: ['<rootDir>/tmp/', '<rootDir>/__tests__/fixtures/', '<rootDir>/bench/scenarios/', '<rootDir>/dist/'],
  watchPathIgnorePatterns: ['/__tests__/fixtures/'],
  testTimeout: 60000,
};
