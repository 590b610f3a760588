import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The server files share their worker's modules (docs/ci.md): importing the server anew for every file cost
    // about 110 s of 580. Nothing here mocks a module; each file starts its own app and database.
    isolate: false,
    // A worker opens and closes hundreds of PGlite databases, and Node 24's V8 (13.6) can free a dead import
    // wrapper twice when its code GC races a wrapper's tier-up, aborting the worker ("Check failed:
    // jit_page_->allocations_.erase(addr) == 1"). Without wasm code GC nothing is freed, so nothing twice
    // (docs/decisions/0033). TEST_WASM_CODE_GC=1 leaves it on, to measure the rate as it was (bench/pglite-crash.mjs).
    execArgv: process.env.TEST_WASM_CODE_GC === '1' ? [] : ['--no-wasm-code-gc'],
  },
});
