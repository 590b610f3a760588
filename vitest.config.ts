import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/client-core', 'apps/server', 'apps/web', 'apps/backoffice'],
    // Vitest's default leaves a core idle (one worker on the 2-core CI machine); the server suites spend much of
    // their time waiting on PostgreSQL, so every core runs a worker (docs/ci.md).
    maxWorkers: availableParallelism(),
  },
});
