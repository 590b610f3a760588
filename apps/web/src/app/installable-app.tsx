import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadMemberTexts } from '../i18n/i18n.ts';
import { type AppEvents, getAppEvents, setAppEvents, subscribeAppEvents } from '../lib/app-events.ts';
import { registerServiceWorker } from '../lib/service-worker.ts';
import { AppStatus } from './app-status.tsx';

/** The offline screen or the update prompt has something to say. */
function worthShowing(events: AppEvents): boolean {
  return !events.online || events.update !== null;
}

/** The offline screen and the update prompt, in a root of their own, once their words are in. */
async function mountStatus(): Promise<void> {
  await loadMemberTexts();
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(
    <StrictMode>
      <AppStatus />
    </StrictMode>,
  );
}

/**
 * The installable app (docs/app.md), started once the page has loaded so that none of it is in the first
 * render's bytes: the service worker, and the offline screen and update prompt. Their words are member texts
 * (the `device` section, precached like the rest of the shell), downloaded only the first time one of them has
 * something to show, so a visitor of a public page downloads no member texts.
 */
export async function startInstallableApp(): Promise<void> {
  let mounted = false;
  const mountWhenNeeded = () => {
    if (mounted || !worthShowing(getAppEvents())) return;
    mounted = true;
    void mountStatus();
  };
  subscribeAppEvents(mountWhenNeeded);
  mountWhenNeeded();
  // navigator.onLine says true behind many a dead network: a page the service worker answered from its cache
  // learns it is offline by asking the server once.
  void fetch('/healthz', { cache: 'no-store' }).catch(() => setAppEvents({ online: false }));
  await registerServiceWorker();
}
