import type { Db } from '../../db/database.ts';

/** A member as the chat shows them to operators. */
export interface MemberIdentity {
  public_id: string;
  name: string;
  phone: string;
}

/** The SQL of who is chatting (docs/chat.md, Guests): the guest token key, guests, members' names. */
export class ChatIdentityRepository {
  constructor(private readonly db: Db) {}

  /** The key stored under `name`; `fresh` is stored first when none is (the first node's wins). */
  async keyOrInsert(name: string, fresh: string): Promise<string> {
    await this.db
      .insertInto('chat_keys')
      .values({ name, value: fresh })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('chat_keys')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.value;
  }

  /** Whether the guest id is bound and not claimed by a member. */
  async isLiveGuest(guestId: string): Promise<boolean> {
    const guest = await this.db
      .selectFrom('chat_guests')
      .select('claimed_by')
      .where('guest_id', '=', guestId)
      .executeTakeFirst();
    return guest !== undefined && guest.claimed_by === null;
  }

  member(memberId: bigint): Promise<MemberIdentity> {
    return this.db
      .selectFrom('members')
      .select(['public_id', 'name', 'phone'])
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
  }
}
