import './index.css';
import './fonts.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createQueryClient } from './app/query-client.ts';
import { preloadFirstRoute } from './app/router.tsx';
import faviconUrl from './assets/favicon.svg';
import { initI18n } from './i18n/i18n.ts';
// Listens for the browser's install offer, which comes once and early (docs/app.md).
import './lib/app-events.ts';

function setFavicon(href: string): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]') ?? document.createElement('link');
  link.rel = 'icon';
  link.type = 'image/svg+xml';
  link.href = href;
  document.head.append(link);
}

setFavicon(faviconUrl);
// The language is chosen first, so that the first route's texts are fetched in that language.
const ready = initI18n();
const queryClient = createQueryClient();
// Rendered once the first route is in as well, so the page paints in one go (router.tsx, preloadFirstRoute).
const firstRoute = preloadFirstRoute(window.location.pathname, queryClient);

/**
 * The installable app (docs/app.md) a while after the page has loaded. The load event comes before the member
 * home has its data and pictures, so starting there put the service worker, its chunks, the manifest's icon and
 * the online check in the way of the home's largest paint (docs/performance.md). The browser's install offer is
 * caught from the start all the same: lib/app-events.ts is part of the entry.
 */
const INSTALLABLE_APP_AFTER_LOAD_MS = 3_000;
if (import.meta.env.PROD) {
  window.addEventListener(
    'load',
    () =>
      setTimeout(
        () => void import('./app/installable-app.tsx').then((app) => app.startInstallableApp()),
        INSTALLABLE_APP_AFTER_LOAD_MS,
      ),
    { once: true },
  );
}

void Promise.all([ready, firstRoute]).then(() => {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html lacks #root');
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
