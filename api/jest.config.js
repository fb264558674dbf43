/** @type {import('jest').Config} */
module.exports = {
  // jest's node environment with PGlite's WebAssembly compiled once per worker (test/environment.ts).
  testEnvironment: '<rootDir>/test/environment.ts',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
    // ESM-only dependencies (otplib's plugins use @scure/base and @noble/hashes): compiled to CommonJS for jest,
    // which cannot require an ES module on Node before 24.9 (Node itself can).
    // jose (the certificates' signed credentials) is ESM-only too.
    '^.+/node_modules/(@(scure|noble)|jose)/.+\\.js$': ['@swc/jest', { module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!(@otplib/[^/]+/node_modules/)?(@(scure|noble)|jose)/)'],
  // A guard against a hang, not a measure of speed: a test file's set-up (an app booted, a database
  // migrated) on a loaded 2-core machine took more than 30 s, and a test must not fail by timing.
  testTimeout: 180000,
  // The migrated database every test file starts from, made once per run.
  globalSetup: '<rootDir>/test/global-setup.ts',
  // Each file's CPU time, when TEST_CPU_LOG names a file to append to (test/cpu-time.ts).
  setupFilesAfterEnv: ['<rootDir>/test/cpu-time.ts'],
};
