import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { OtpChallengesTable } from '../../db/tables/accounts.table.ts';

export type OtpChallenge = Selectable<OtpChallengesTable>;

export interface NewOtpChallenge {
  phone: string;
  token_hash: string;
  ref: string;
  code_hash: string;
  expires_at: Date;
  created_at: Date;
  ip: string;
}

export class OtpRepository {
  constructor(private readonly db: Db) {}

  async create(challenge: NewOtpChallenge): Promise<bigint> {
    const row = await this.db.insertInto('otp_challenges').values(challenge).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async delete(id: bigint): Promise<void> {
    await this.db.deleteFrom('otp_challenges').where('id', '=', id).execute();
  }

  findByTokenHash(tokenHash: string): Promise<OtpChallenge | undefined> {
    return this.db.selectFrom('otp_challenges').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  latestFor(phone: string): Promise<OtpChallenge | undefined> {
    return this.db
      .selectFrom('otp_challenges')
      .selectAll()
      .where('phone', '=', phone)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async countSince(phone: string, since: Date): Promise<number> {
    const row = await this.db
      .selectFrom('otp_challenges')
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .where('phone', '=', phone)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** A verified challenge that no registration has used yet, verified after `since`. */
  findVerifiedUnconsumed(phone: string, since: Date): Promise<OtpChallenge | undefined> {
    return this.db
      .selectFrom('otp_challenges')
      .selectAll()
      .where('phone', '=', phone)
      .where('verified_at', '>', since)
      .where('consumed_at', 'is', null)
      .orderBy('verified_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Counts a wrong try unless the budget is spent; false when it already was. */
  async addAttempt(id: bigint, maxAttempts: number): Promise<boolean> {
    const result = await this.db
      .updateTable('otp_challenges')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('attempts', '<', maxAttempts)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Marks the challenge verified, once: a second (replayed) success finds nothing to update. */
  async markVerified(id: bigint, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('otp_challenges')
      .set({ verified_at: now })
      .where('id', '=', id)
      .where('verified_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async markConsumed(db: Db, id: bigint, now: Date): Promise<boolean> {
    const result = await db
      .updateTable('otp_challenges')
      .set({ consumed_at: now })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
