/**
 * The member app's service worker (docs/app.md; decision 0023), built by vite-plugin-pwa's injectManifest.
 *
 * - The shell is precached: the page, every script and style, the three languages' catalogues, the bundled
 *   fonts and the icons, so the app opens without a network.
 * - Pages come from the network first (the server writes the reader's language into them), the precached
 *   page only when the network fails; the app then shows its offline screen.
 * - Nothing else is handled here: API answers (balances, statements, money actions) always go to the network
 *   and are never cached, and nothing is queued while offline: a money action either reaches the server now
 *   or fails in front of the member.
 * - A new version waits until the member presses Reload (the app's update prompt sends SKIP_WAITING).
 * - Web Push: the server's notification, already written in the member's language, is shown; a tap opens it.
 */
import type { PushPayload } from '@member-wallet/contract/push';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

/** Paths that are never the app's pages. */
const NOT_PAGES = [/^\/api\//, /^\/backoffice(\/|$)/, /^\/sandbox\//, /^\/media\//, /^\/files\//, /^\/socket\.io\//];

// Registered before the precache's own route, which would otherwise answer "/" from the cache.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        return (await matchPrecache('/index.html')) ?? Response.error();
      }
    },
    { denylist: NOT_PAGES },
  ),
);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('push', (event) => {
  let payload: PushPayload | null = null;
  try {
    payload = event.data?.json() as PushPayload;
  } catch {
    return;
  }
  if (!payload?.title) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: payload.kind,
      data: { url: payload.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? '/user/home', self.location.origin);
  if (url.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === url.origin);
      if (open) {
        await open.focus();
        await open.navigate(url.href);
      } else await self.clients.openWindow(url.href);
    })(),
  );
});
