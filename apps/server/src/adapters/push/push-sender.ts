import { Agent } from 'node:https';
import { createConnection } from 'node:net';
import webpush from 'web-push';
import type { VapidKeys } from '../../config.ts';

/** One subscription as the browser handed it. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A push service's refusal: 404 and 410 say the subscription is gone for good. */
export class PushRefused extends Error {
  constructor(readonly statusCode: number) {
    super(`push service answered ${statusCode}`);
  }
}

/** The port to the browsers' push services; tests hand a recording one (AppDeps.pushSender). */
export type PushSender = (target: PushTarget, payload: string, keys: VapidKeys) => Promise<void>;

/**
 * web-push speaks only HTTPS. A local push service (the sandbox's and CI's, docs/app.md) listens on plain HTTP
 * on this machine: this agent opens a plain TCP connection instead of TLS, and is used for nothing else.
 */
class LoopbackAgent extends Agent {
  override createConnection = ((options: { host?: string; port?: number }) =>
    createConnection({
      host: options.host ?? '127.0.0.1',
      port: options.port ?? 80,
    })) as unknown as Agent['createConnection'];
}

/** Whether an endpoint may be pushed to: HTTPS, or with the sandbox on a loopback plain-HTTP service. */
export function endpointAllowed(endpoint: string, sandbox: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return sandbox && url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** Sends with `web-push` (RFC 8291 encryption, VAPID signature); a refusal throws its status as PushRefused. */
export const webPushSender: PushSender = async (target, payload, keys) => {
  const plain = target.endpoint.startsWith('http:');
  try {
    await webpush.sendNotification(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails: keys,
        TTL: 24 * 60 * 60,
        urgency: 'high',
        timeout: 10_000,
        ...(plain ? { agent: new LoopbackAgent() } : {}),
      },
    );
  } catch (error) {
    if (error instanceof webpush.WebPushError) throw new PushRefused(error.statusCode);
    throw error;
  }
};

/** A fresh VAPID key pair (demo mode, once). */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}
