import '@testing-library/jest-dom/vitest';
import { installNodeForms } from '@member-wallet/client-core/native-forms';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { initI18n } from '../src/i18n/i18n.ts';
import { forgetOwnRequests } from '../src/lib/own-requests.ts';
import { clearToasts } from '../src/lib/toast-store.ts';
import { server } from './server.ts';

// A test's first render imports the app's lazy routes; on a loaded 2-core CI machine that can pass the default
// second of findBy/waitFor. Waiting longer changes no outcome: it only lets a slow machine get there.
configure({ asyncUtilTimeout: 5_000 });

// The member shell's live events would open a socket no test answers; member-live.test.tsx tests them itself.
vi.mock('../src/app/shells/live-events.ts', () => ({ useLiveEvents: () => undefined }));

await installNodeForms();

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
  forgetOwnRequests();
  server.resetHandlers();
});

afterAll(() => server.close());
