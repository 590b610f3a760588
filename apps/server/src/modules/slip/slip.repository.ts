import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import type { SlipsTable } from '../../db/tables/deposits.table.ts';

export type Slip = Selectable<SlipsTable>;
export type NewSlip = Insertable<SlipsTable>;

/** All SQL of slips (docs/deposits/slips.md); the bank transfer rows are the bank feed repository's. */
export class SlipRepository {
  async insert(db: Db | Transaction<Database>, slip: NewSlip): Promise<Slip> {
    return db.insertInto('slips').values(slip).returningAll().executeTakeFirstOrThrow();
  }

  async count(db: Db | Transaction<Database>, memberId: bigint): Promise<number> {
    const row = await db
      .selectFrom('slips')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** One page of the member's slips, newest first (by id: uploads are numbered in order). */
  page(db: Db | Transaction<Database>, memberId: bigint, offset: number, limit: number): Promise<Slip[]> {
    return db
      .selectFrom('slips')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  /** The member's newest slip with this reference whose picture was stored. */
  byReference(db: Db, memberId: bigint, reference: string): Promise<Slip | undefined> {
    return db
      .selectFrom('slips')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('reference', '=', reference)
      .where('file_name', 'is not', null)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Sets a waiting slip's outcome, only while it still waits: undefined when another pass settled it. */
  settleWaiting(
    db: Db | Transaction<Database>,
    id: bigint,
    outcome: Updateable<SlipsTable>,
  ): Promise<Slip | undefined> {
    return db
      .updateTable('slips')
      .set(outcome)
      .where('id', '=', id)
      .where('status', '=', 'IN_PROGRESS')
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Claims the waiting slips that are due (at most `limit`), moving them `leaseMs` on so that no other pass
   * (another node) takes them meanwhile; a pass that dies leaves them due again after the lease.
   */
  claimDue(db: Db, now: Date, leaseMs: number, limit: number): Promise<Slip[]> {
    return db
      .updateTable('slips')
      .set({ next_check_at: new Date(now.getTime() + leaseMs) })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('slips')
          .select('id')
          .where('status', '=', 'IN_PROGRESS')
          .where('next_check_at', '<=', now)
          .orderBy('next_check_at')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .execute();
  }

  byPublicId(db: Db, publicId: string): Promise<Slip | undefined> {
    return db.selectFrom('slips').selectAll().where('public_id', '=', publicId).executeTakeFirst();
  }
}
