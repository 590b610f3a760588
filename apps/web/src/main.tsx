import './index.css';
import './fonts.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createQueryClient } from './app/query-client.ts';
import { preloadFirstRoute } from './app/router.tsx';
import faviconUrl from './assets/favicon.svg';
import { initI18n } from './i18n/i18n.ts';

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
preloadFirstRoute(window.location.pathname, queryClient);

// The installable app (docs/app.md) once the page has loaded: it never delays the first render.
if (import.meta.env.PROD) {
  window.addEventListener(
    'load',
    () => void import('./app/installable-app.tsx').then((app) => app.startInstallableApp()),
    { once: true },
  );
}

void ready.then(() => {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html lacks #root');
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
