import type { Db } from '../../db/database.ts';

export interface NewSession {
  member_id: bigint;
  token_hash: string;
  remember: boolean;
  created_at: Date;
  expires_at: Date;
  ip: string;
  user_agent: string | null;
  device_nonce: string;
  device_member_id: bigint | null;
  /** A limited session of a member in a time-out or self-exclusion (docs/safer-play.md). */
  limited_by?: 'TIMED_OUT' | 'SELF_EXCLUDED' | null;
}

export class SessionRepository {
  constructor(private readonly db: Db) {}

  async create(session: NewSession): Promise<void> {
    await this.db.insertInto('sessions').values(session).execute();
  }

  /** The member (and their phone, the login) whose sign-in set the device cookie of this nonce. */
  deviceOwner(nonce: string) {
    return this.db
      .selectFrom('sessions')
      .innerJoin('members', 'members.id', 'sessions.member_id')
      .select(['sessions.member_id', 'members.phone'])
      .where('sessions.device_nonce', '=', nonce)
      .executeTakeFirst();
  }

  /** A session that is neither revoked nor expired at `now`, with its member's status and currency. */
  findLive(tokenHash: string, now: Date) {
    return this.db
      .selectFrom('sessions')
      .innerJoin('members', 'members.id', 'sessions.member_id')
      .select([
        'sessions.id',
        'sessions.member_id',
        'sessions.limited_by',
        'sessions.last_seen_at',
        'members.status',
        'members.currency',
      ])
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', now)
      .executeTakeFirst();
  }

  /** Marks the session seen now (the activity statement's time logged in). */
  async touch(id: bigint, now: Date): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
  }

  async revoke(id: bigint, now: Date): Promise<void> {
    await this.db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', id).execute();
  }

  async revokeOthers(memberId: bigint, keepId: bigint, now: Date): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('member_id', '=', memberId)
      .where('id', '!=', keepId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
