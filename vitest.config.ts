import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/client-core', 'apps/server', 'apps/web', 'apps/backoffice'],
    // Vitest's default leaves a core idle (one worker on the 2-core CI machine); the server suites spend much of
    // their time waiting on PostgreSQL, so every core runs a worker (docs/ci.md).
    maxWorkers: availableParallelism(),
    // A worker process that dies under a file (a V8 abort, a signal) is named as such, with the file it was
    // running: Vitest alone says only "Worker exited unexpectedly" (docs/ci.md, "A test worker died").
    reporters: ['default', './apps/server/test/runtime-crash-reporter.ts'],
  },
});
