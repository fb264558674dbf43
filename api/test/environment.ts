import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { TestEnvironment } from 'jest-environment-node';

/** PGlite's PostgreSQL, compiled once per jest worker (this module is loaded once per worker, not per file). */
let pgliteWasm: Promise<WebAssembly.Module> | undefined;

/**
 * jest's node environment, plus PGlite's WebAssembly module shared by every test file a worker runs
 * (`globalThis.pgliteWasmModule`, given to PGlite by test/harness.ts). Each file used to compile its
 * own: V8 compiles a function the first time it runs and again, optimised, when it is hot, so every
 * file paid for PostgreSQL's start-up code and its hot paths anew (docs/testing.md, "Test time").
 */
export default class ApiTestEnvironment extends TestEnvironment {
  override async setup(): Promise<void> {
    await super.setup();
    if (process.env.TEST_DATABASE_URL) return;
    pgliteWasm ??= WebAssembly.compile(
      readFileSync(join(dirname(require.resolve('@electric-sql/pglite')), 'pglite.wasm')),
    );
    const wasm = await pgliteWasm;
    // Compiled in the worker's realm, used in the file's: PGlite's loader asks `instanceof
    // WebAssembly.Module` of the file's realm (a module of another realm passes as bytes, and fails).
    Object.setPrototypeOf(wasm, (this.global.WebAssembly as typeof WebAssembly).Module.prototype);
    this.global.pgliteWasmModule = wasm;
  }
}
