import type { Insertable, Selectable, Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import type { TruelinkRedemptionsTable } from '../../db/tables/deposits.table.ts';

export type TruelinkRedemption = Selectable<TruelinkRedemptionsTable>;

/** All SQL of TrueMoney gift links (docs/deposits/truemoney.md). */
export class TruelinkRepository {
  /** Inserts a claim on a voucher, or answers undefined when the voucher already has a row. */
  insertIfAbsent(trx: Transaction<Database>, row: Insertable<TruelinkRedemptionsTable>) {
    return trx
      .insertInto('truelink_redemptions')
      .values(row)
      .onConflict((conflict) => conflict.column('voucher_hash').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  lockByHash(trx: Transaction<Database>, voucherHash: string) {
    return trx
      .selectFrom('truelink_redemptions')
      .selectAll()
      .where('voucher_hash', '=', voucherHash)
      .forUpdate()
      .executeTakeFirst();
  }

  lock(trx: Transaction<Database>, id: bigint) {
    return trx.selectFrom('truelink_redemptions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  takeOver(trx: Transaction<Database>, id: bigint, requestKey: string, now: Date) {
    return trx
      .updateTable('truelink_redemptions')
      .set({ request_key: requestKey, status: 'redeeming', updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** `requestKey`: the request that credited it (its replays answer success); null keeps the one recorded. */
  markCredited(
    trx: Transaction<Database>,
    id: bigint,
    change: { amountMinor: bigint; entryId: bigint; requestKey: string | null; now: Date },
  ) {
    return trx
      .updateTable('truelink_redemptions')
      .set({
        ...(change.requestKey === null ? {} : { request_key: change.requestKey }),
        status: 'credited',
        amount_minor: change.amountMinor,
        entry_id: change.entryId,
        next_check_at: null,
        updated_at: change.now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The party did not answer: the outcome is unknown until it is asked again at `nextCheckAt`. */
  async markUnknown(db: Db, id: bigint, nextCheckAt: Date, now: Date): Promise<void> {
    await db
      .updateTable('truelink_redemptions')
      .set((eb) => ({
        status: 'unknown',
        next_check_at: nextCheckAt,
        attempts: eb('attempts', '+', 1),
        updated_at: now,
      }))
      .where('id', '=', id)
      .where('status', '!=', 'credited')
      .execute();
  }

  /** Forgets a claim on a voucher we did not redeem (refused, or never reached the party): it may be sent again. */
  async deleteUncredited(db: Db, id: bigint): Promise<void> {
    await db.deleteFrom('truelink_redemptions').where('id', '=', id).where('status', '!=', 'credited').execute();
  }

  listUnknownDue(db: Db, now: Date, limit: number) {
    return db
      .selectFrom('truelink_redemptions')
      .selectAll()
      .where('status', '=', 'unknown')
      .where('next_check_at', '<=', now)
      .orderBy('next_check_at')
      .limit(limit)
      .execute();
  }
}
