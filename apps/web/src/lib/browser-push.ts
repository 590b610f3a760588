/**
 * This browser's Web Push subscription (docs/app.md, Notifications), shared by the device settings, which turn it
 * on and off, and logout, which ends it: on a shared phone the next person must not hear the last one's money.
 */
export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export async function browserPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Unsubscribes this browser at its push service. The server has already forgotten it once the session ends, so
 * this only stops the browser from holding a subscription nobody is told on; it never throws.
 */
export async function endBrowserPush(): Promise<void> {
  try {
    await (await browserPushSubscription())?.unsubscribe();
  } catch {
    // A browser that cannot unsubscribe keeps an endpoint the server no longer sends to.
  }
}
