import { API } from '@member-wallet/contract/api-paths';
import { type PushLocale, pushKeyResponse } from '@member-wallet/contract/push';
import { browserPushSubscription, pushSupported } from '../../../lib/browser-push.ts';
import { request } from '../../../lib/http.ts';

/** Where this browser stands with notifications (docs/app.md, Notifications). */
export type PushState = 'unsupported' | 'off' | 'on' | 'blocked';

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return (await browserPushSubscription()) && Notification.permission === 'granted' ? 'on' : 'off';
}

/** The VAPID key as the Push API takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/**
 * Hands this browser's subscription in again for the member now signed in, when notifications are on here: the
 * server keeps a subscription only as long as the session that handed it in. Quiet: it is a courtesy.
 */
export async function renewPush(locale: PushLocale): Promise<void> {
  if ((await pushState()) === 'on') await turnPushOn(locale).catch(() => undefined);
}

/**
 * Asks for the permission, subscribes this browser at its push service with the server's key and hands the
 * subscription to the server with the language the notifications are to be written in. Answers the new state.
 */
export async function turnPushOn(locale: PushLocale): Promise<PushState> {
  const { publicKey } = await request(API.pushKey, { schema: pushKeyResponse });
  if (!publicKey) return 'unsupported';
  if ((await Notification.requestPermission()) !== 'granted') return 'blocked';
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await request(API.pushSubscribe, { method: 'POST', body: { ...subscription.toJSON(), locale } });
  return 'on';
}

/** Forgets this browser's subscription, here and at the server. */
export async function turnPushOff(): Promise<PushState> {
  const subscription = await browserPushSubscription();
  if (subscription) {
    await request(API.pushSubscribe, { method: 'DELETE', body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return 'off';
}
