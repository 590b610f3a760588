import type { ExpressionBuilder } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import type { PushSubscriptionsTable } from '../../db/tables/push.table.ts';

export type StoredSubscription = Pick<PushSubscriptionsTable, 'endpoint' | 'p256dh' | 'auth' | 'locale'>;

/** The SQL of Web Push: subscriptions by member, and the demo's VAPID keys. */
export class PushRepository {
  constructor(private readonly db: Db) {}

  /** The key stored under `name`; `fresh` is stored first when none is (the first node's wins). */
  async keyOrInsert(name: string, fresh: string): Promise<string> {
    await this.db
      .insertInto('push_keys')
      .values({ name, value: fresh })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('push_keys')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.value;
  }

  /**
   * Keeps a browser's subscription for the member and the session that hand it in, in the language they gave.
   * An endpoint already held by another member whose session is still live is not taken (false): a browser
   * belongs to whoever signed in on it last only once the previous member's session has ended.
   */
  async save(owner: { memberId: bigint; sessionId: bigint }, subscription: StoredSubscription, now: Date) {
    const saved = await this.db
      .insertInto('push_subscriptions')
      .values({ member_id: owner.memberId, session_id: owner.sessionId, ...subscription })
      .onConflict((oc) =>
        oc
          .column('endpoint')
          .doUpdateSet({
            member_id: owner.memberId,
            session_id: owner.sessionId,
            p256dh: subscription.p256dh,
            auth: subscription.auth,
            locale: subscription.locale,
          })
          .where((eb) =>
            eb.or([eb('push_subscriptions.member_id', '=', owner.memberId), eb.not(eb.exists(liveSession(eb, now)))]),
          ),
      )
      .executeTakeFirst();
    return saved.numInsertedOrUpdatedRows === 1n;
  }

  async remove(memberId: bigint, endpoint: string): Promise<void> {
    await this.db
      .deleteFrom('push_subscriptions')
      .where('member_id', '=', memberId)
      .where('endpoint', '=', endpoint)
      .execute();
  }

  /** A subscription its push service says is gone. */
  async removeEndpoint(endpoint: string): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
  }

  /** The member's subscriptions, each with whether the session that handed it in is still live at `now`. */
  ofMember(memberId: bigint, now: Date): Promise<(StoredSubscription & { live: boolean })[]> {
    return this.db
      .selectFrom('push_subscriptions')
      .select((eb) => [
        'endpoint',
        'p256dh',
        'auth',
        'locale',
        eb.exists(liveSession(eb, now)).$castTo<boolean>().as('live'),
      ])
      .where('member_id', '=', memberId)
      .orderBy('id')
      .execute();
  }

  /** Forgets the subscriptions handed in by sessions that have ended. */
  async removeEnded(memberId: bigint, now: Date): Promise<void> {
    await this.db
      .deleteFrom('push_subscriptions')
      .where('member_id', '=', memberId)
      .where((eb) => eb.not(eb.exists(liveSession(eb, now))))
      .execute();
  }
}

/** The session that handed the subscription in, when it is neither revoked nor expired at `now`. */
function liveSession(eb: ExpressionBuilder<Database, 'push_subscriptions'>, now: Date) {
  return eb
    .selectFrom('sessions')
    .select('sessions.id')
    .whereRef('sessions.id', '=', 'push_subscriptions.session_id')
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now);
}
