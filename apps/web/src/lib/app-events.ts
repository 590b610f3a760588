/**
 * What the installable app tells the screens (docs/app.md): whether the network is there, whether a new
 * version waits (the service worker registered by service-worker.ts), and the browser's install offer. Part of
 * the entry and kept small: the service worker's own code loads after the page has loaded.
 */

/** Chromium's install offer (not in TypeScript's DOM types). */
export interface InstallPrompt extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface AppEvents {
  online: boolean;
  /** A new version is installed and waits for the member to reload. */
  update: (() => void) | null;
  install: InstallPrompt | null;
}

let state: AppEvents = { online: typeof navigator === 'undefined' || navigator.onLine, update: null, install: null };
const listeners = new Set<() => void>();

export function setAppEvents(change: Partial<AppEvents>): void {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

export function subscribeAppEvents(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getAppEvents(): AppEvents {
  return state;
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => setAppEvents({ online: true }));
  window.addEventListener('offline', () => setAppEvents({ online: false }));
  // The offer comes once, early: kept until the member presses Install in the profile.
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    setAppEvents({ install: event as InstallPrompt });
  });
  window.addEventListener('appinstalled', () => setAppEvents({ install: null }));
}
