import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/client-core', 'apps/server', 'apps/web', 'apps/backoffice'],
  },
});
