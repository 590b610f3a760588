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
  },
});
