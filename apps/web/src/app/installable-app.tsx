import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadMemberTexts } from '../i18n/i18n.ts';
import { setAppEvents } from '../lib/app-events.ts';
import { registerServiceWorker } from '../lib/service-worker.ts';
import { AppStatus } from './app-status.tsx';

/**
 * The installable app (docs/app.md), started once the page has loaded so that none of it is in the first
 * render's bytes: the service worker, and the offline screen and update prompt in a root of their own. Their
 * words are member texts (the `device` section), precached like the rest of the shell.
 */
export async function startInstallableApp(): Promise<void> {
  // navigator.onLine says true behind many a dead network: a page the service worker answered from its cache
  // learns it is offline by asking the server once.
  void fetch('/healthz', { cache: 'no-store' }).catch(() => setAppEvents({ online: false }));
  const host = document.createElement('div');
  document.body.append(host);
  await loadMemberTexts();
  createRoot(host).render(
    <StrictMode>
      <AppStatus />
    </StrictMode>,
  );
  await registerServiceWorker();
}
