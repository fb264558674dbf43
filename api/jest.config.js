/** @type {import('jest').Config} */
module.exports = {
  // jest-light-runner: each worker is a plain Node process that runs test file after test file, loading
  // the API's modules once, where jest's own runner gave every file a module registry of its own and
  // loaded them again (a file cost some 15 s of CPU on PGlite, now 1–8 s; decision 027). Files still share
  // no data: each starts its own app on its own database (test/harness.ts).
  runner: ['jest-light-runner', { runtime: 'child_process' }],
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts'],
  // TypeScript compiled by swc as each process loads it (test/runner/typescript.js), then what jest's
  // runner gave and this one does not: a hang guard, fake timers' options, the CPU log (globals.ts).
  setupFiles: ['<rootDir>/test/runner/typescript.js'],
  setupFilesAfterEnv: ['<rootDir>/test/runner/globals.ts'],
  // jest itself compiles only the global set-up.
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'commonjs' },
      },
    ],
  },
  // The migrated database every test file starts from, made once per run.
  globalSetup: '<rootDir>/test/global-setup.ts',
};
