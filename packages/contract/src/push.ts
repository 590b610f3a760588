import { z } from 'zod/mini';

/**
 * Web Push (docs/app.md, Notifications): the member app asks for the server's VAPID public key, subscribes its
 * service worker at the browser's push service and hands the subscription here, with the language the
 * notifications are to be written in. Money is never moved by a notification: it only says what happened.
 */

export const PUSH_LOCALES = ['th', 'lo', 'en'] as const;
export type PushLocale = (typeof PUSH_LOCALES)[number];

/** `GET /api/push/key`: the VAPID public key (base64url), or null when the server has no keys (push is off). */
export const pushKeyResponse = z.object({ publicKey: z.nullable(z.string()) });
export type PushKeyResponse = z.infer<typeof pushKeyResponse>;

const invalid = { error: 'KEY_INVALID' } as const;
const base64url = z.string(invalid).check(z.regex(/^[A-Za-z0-9_-]+=*$/, invalid), z.maxLength(200, invalid));

/** `POST /api/push/subscribe`: a browser's `PushSubscription.toJSON()`, and the member's language. */
export const pushSubscribeRequest = z.object({
  // Checked as a URL by the server (an HTTPS push service); zod's URL check would join the apps' entry chunk.
  endpoint: z.string(invalid).check(z.regex(/^https?:\/\/\S+$/, invalid), z.maxLength(1000, invalid)),
  keys: z.object({ p256dh: base64url, auth: base64url }),
  locale: z.enum(PUSH_LOCALES, invalid),
});
export type PushSubscribeRequest = z.infer<typeof pushSubscribeRequest>;

/** `DELETE /api/push/subscribe`: forgets one subscription of the caller. */
export const pushUnsubscribeRequest = z.object({ endpoint: z.string(invalid).check(z.maxLength(1000, invalid)) });
export type PushUnsubscribeRequest = z.infer<typeof pushUnsubscribeRequest>;

export const pushOkResponse = z.object({ ok: z.boolean() });

/** What a notification is about; its words are the server's, in the subscription's language. */
export const PUSH_KINDS = ['deposit-credited', 'withdrawal-paid', 'withdrawal-failed', 'chat-reply'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** The payload the service worker receives and shows (`url`: the page a tap opens). */
export interface PushPayload {
  kind: PushKind;
  title: string;
  body: string;
  url: string;
}
