import { API } from '@member-wallet/contract/api-paths';
import {
  pushKeyResponse,
  pushOkResponse,
  pushSubscribeRequest,
  pushUnsubscribeRequest,
} from '@member-wallet/contract/push';
import type { Router } from '../../lib/route.ts';
import type { PushService } from './push.service.ts';

/** The member's Web Push subscriptions (docs/app.md, Notifications). */
export function pushRoutes(route: Router, push: PushService) {
  route({
    method: 'GET',
    url: API.pushKey,
    auth: false,
    summary: "The server's VAPID public key to subscribe with; null when notifications are off",
    tags: ['push'],
    response: pushKeyResponse,
    handler: async () => push.publicKey(),
  });
  route({
    method: 'POST',
    url: API.pushSubscribe,
    auth: true,
    summary: "Keeps a browser's push subscription for the caller's session, with the language of its notifications",
    tags: ['push'],
    body: pushSubscribeRequest,
    response: pushOkResponse,
    handler: ({ body, auth }) => push.subscribe(auth, body),
  });
  route({
    method: 'DELETE',
    url: API.pushSubscribe,
    auth: true,
    summary: "Forgets one of the caller's push subscriptions",
    tags: ['push'],
    body: pushUnsubscribeRequest,
    response: pushOkResponse,
    handler: ({ body, auth }) => push.unsubscribe(auth.memberId, body.endpoint),
  });
}
