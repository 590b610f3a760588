import type { PushSubscribeRequest } from '@member-wallet/contract/push';
import type { FastifyBaseLogger } from 'fastify';
import { endpointAllowed, PushRefused, type PushSender } from '../../adapters/push/push-sender.ts';
import type { VapidKeys } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { PushRepository } from './push.repository.ts';
import { type PushMessage, renderPush } from './push.texts.ts';

export interface PushServiceDeps {
  repository: PushRepository;
  /** Null: push is off (no VAPID keys); subscribing is refused, notifying does nothing. */
  keys: VapidKeys | null;
  send: PushSender;
  sandbox: boolean;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** What other modules call: a notification to every browser of a member, never failing the caller. */
export interface PushNotifier {
  notify(memberId: bigint, message: PushMessage): Promise<void>;
}

/** Status codes with which a push service says a subscription is gone for good (RFC 8030 section 7.3). */
const GONE = [404, 410];

/** Web Push (docs/app.md, Notifications): members' subscriptions and the notifications sent to them. */
export class PushService implements PushNotifier {
  constructor(private readonly deps: PushServiceDeps) {}

  publicKey(): { publicKey: string | null } {
    return { publicKey: this.deps.keys?.publicKey ?? null };
  }

  /**
   * Keeps the browser's subscription for the caller's session: it ends with that session. An endpoint another
   * member's live session handed in is refused like a malformed one, and stays theirs.
   */
  async subscribe(owner: { memberId: bigint; sessionId: bigint }, body: PushSubscribeRequest) {
    if (!this.deps.keys) throw new AppError('NO_DATA');
    if (!endpointAllowed(body.endpoint, this.deps.sandbox))
      throw new AppError('KEY_INVALID', { endpoint: 'KEY_INVALID' });
    const saved = await this.deps.repository.save(
      owner,
      { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, locale: body.locale },
      this.deps.clock.now(),
    );
    if (!saved) throw new AppError('KEY_INVALID', { endpoint: 'KEY_INVALID' });
    return { ok: true };
  }

  async unsubscribe(memberId: bigint, endpoint: string): Promise<{ ok: boolean }> {
    await this.deps.repository.remove(memberId, endpoint);
    return { ok: true };
  }

  /**
   * Sends the message to each of the member's subscriptions in its own language, but only those whose session is
   * still live: the others are deleted unsent. A subscription the push service calls gone is deleted; any other failure is logged: a notification is a courtesy, and the money
   * change that caused it has already happened.
   */
  async notify(memberId: bigint, message: PushMessage): Promise<void> {
    const { keys, repository, send, log } = this.deps;
    if (!keys) return;
    try {
      const now = this.deps.clock.now();
      const subscriptions = await repository.ofMember(memberId, now);
      if (subscriptions.some((each) => !each.live)) await repository.removeEnded(memberId, now);
      await Promise.all(
        subscriptions
          .filter((each) => each.live)
          .map(async (subscription) => {
            const payload = JSON.stringify(renderPush(message, subscription.locale));
            try {
              await send(subscription, payload, keys);
            } catch (error) {
              if (error instanceof PushRefused && GONE.includes(error.statusCode)) {
                await repository.removeEndpoint(subscription.endpoint);
                log.info({ memberId: String(memberId), status: error.statusCode }, 'push subscription gone; removed');
              } else log.warn({ err: error, memberId: String(memberId), kind: message.kind }, 'push not sent');
            }
          }),
      );
    } catch (error) {
      log.error({ err: error, memberId: String(memberId) }, 'push notification failed');
    }
  }
}
