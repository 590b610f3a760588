import { setAppEvents } from './app-events.ts';

/**
 * Registers the service worker (src/sw/sw.ts; docs/app.md) once the page has loaded, so it never competes with
 * the first render. A new version installs in the background and waits: the update prompt's Reload tells it
 * to take over, and the page reloads when it has.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const offer = (worker: ServiceWorker) =>
    setAppEvents({
      update: () => {
        navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
        worker.postMessage({ type: 'SKIP_WAITING' });
      },
    });
  // Only an update waits behind a running version; the first install takes over by itself.
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) offer(worker);
    });
  });
  // A member who keeps the app open for days still hears of a deploy.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
  });
}
