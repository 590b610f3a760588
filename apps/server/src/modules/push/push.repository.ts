import type { Db } from '../../db/database.ts';
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

  /** A browser's subscription belongs to the member who last handed it in, in the language they gave. */
  async save(memberId: bigint, subscription: StoredSubscription): Promise<void> {
    await this.db
      .insertInto('push_subscriptions')
      .values({ member_id: memberId, ...subscription })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          member_id: memberId,
          p256dh: subscription.p256dh,
          auth: subscription.auth,
          locale: subscription.locale,
        }),
      )
      .execute();
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

  ofMember(memberId: bigint): Promise<StoredSubscription[]> {
    return this.db
      .selectFrom('push_subscriptions')
      .select(['endpoint', 'p256dh', 'auth', 'locale'])
      .where('member_id', '=', memberId)
      .orderBy('id')
      .execute();
  }
}
