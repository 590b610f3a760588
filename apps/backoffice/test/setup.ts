import '@testing-library/jest-dom/vitest';
import { installNodeForms } from '@member-wallet/client-core/native-forms';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { initI18n } from '../src/i18n/i18n.ts';
import { sockets } from './fake-socket.ts';
import { server } from './server.ts';

// No test opens a real connection: the chat's live line talks to a fake socket the tests drive.
vi.mock('socket.io-client', () => import('./fake-socket.ts'));

await installNodeForms();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  sockets.length = 0;
  initI18n('en');
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
});

afterAll(() => server.close());
