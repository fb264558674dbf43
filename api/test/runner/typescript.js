// jest's setupFiles under jest-light-runner (jest.config.js): each test process loads the API's TypeScript
// itself, compiled by swc as Node requires it (@swc-node/register, with the api's tsconfig: decorators and
// their metadata, CommonJS). The runner imports each test file as an ES module; commonjs-ts.mjs hands a
// `.ts` file to Node's CommonJS loader instead, so a test file and the API's modules are one module
// graph, loaded once per process and shared by every file the process runs (docs/testing.md, "Test time").
const { register: registerLoader } = require('node:module');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');
const { register } = require('@swc-node/register/register');
const { readDefaultTsConfig } = require('@swc-node/register/read-default-tsconfig');

register(readDefaultTsConfig(join(__dirname, '..', '..', 'tsconfig.json')));
registerLoader(pathToFileURL(join(__dirname, 'commonjs-ts.mjs')));
