import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'client-core', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'], restoreMocks: true },
});
