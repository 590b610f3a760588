import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { initI18n } from '../src/i18n/i18n.ts';
import { clearToasts } from '../src/lib/toast-store.ts';
import { server } from './server.ts';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  document.body.removeAttribute('style');
  await initI18n('en');
});

afterEach(() => {
  cleanup();
  clearToasts();
  server.resetHandlers();
});

afterAll(() => server.close());
