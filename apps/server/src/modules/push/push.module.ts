import type { FastifyInstance } from 'fastify';
import { generateVapidKeys, type PushSender, webPushSender } from '../../adapters/push/push-sender.ts';
import type { VapidKeys } from '../../config.ts';
import type { Core } from '../../core.ts';
import { pushFor } from './push.events.ts';
import { PushRepository } from './push.repository.ts';
import { pushRoutes } from './push.routes.ts';
import { type PushNotifier, PushService } from './push.service.ts';

export type { PushNotifier } from './push.service.ts';
export type { PushMessage } from './push.texts.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Web Push, for tests and the modules wired to it in app.ts. */
    push: PushService;
  }
}

const DEMO_SUBJECT = 'mailto:demo@member-wallet.invalid';

/**
 * The VAPID keys: VAPID_* when set; in demo mode a pair made once and kept in the database (the first node's
 * wins), so a restart keeps every browser's subscription valid; otherwise none, and push is off.
 */
async function vapidKeys(core: Pick<Core, 'config' | 'log'>, repository: PushRepository): Promise<VapidKeys | null> {
  if (core.config.vapid) return core.config.vapid;
  if (!core.config.demo) {
    core.log.warn('Web Push is off: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are unset (docs/app.md)');
    return null;
  }
  const fresh = generateVapidKeys();
  const stored = await repository.keyOrInsert('vapid', JSON.stringify(fresh));
  const { publicKey, privateKey } = JSON.parse(stored) as { publicKey: string; privateKey: string };
  return { publicKey, privateKey, subject: DEMO_SUBJECT };
}

/**
 * Web Push (docs/app.md, Notifications): the subscription routes, the notifier the chat calls, and a listener of
 * the ledger's committed wallet changes (core.memberEvents), so every deposit channel and every way a withdrawal
 * settles is told on the node that committed it, once.
 */
export async function registerPush(
  app: FastifyInstance,
  core: Pick<Core, 'clock' | 'config' | 'db' | 'log' | 'memberEvents' | 'route'>,
  deps: { send?: PushSender } = {},
): Promise<PushNotifier> {
  const repository = new PushRepository(core.db);
  const push = new PushService({
    repository,
    keys: await vapidKeys(core, repository),
    send: deps.send ?? webPushSender,
    sandbox: core.config.sandbox,
    clock: core.clock,
    log: core.log,
  });
  pushRoutes(core.route, push);
  core.memberEvents.subscribe((memberId, event) => {
    const message = pushFor(event);
    if (message) void push.notify(memberId, message);
  });
  app.decorate('push', push);
  return push;
}
