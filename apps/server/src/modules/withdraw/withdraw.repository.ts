import type { Insertable, Selectable, Transaction } from 'kysely';
import type { Database, Db, WithdrawalStatus, WithdrawalsTable } from '../../db/database.ts';

export type Withdrawal = Selectable<WithdrawalsTable>;
export type NewWithdrawal = Insertable<WithdrawalsTable>;

export interface SettledChanges {
  status: Exclude<WithdrawalStatus, 'IN_PROGRESS'>;
  failureReason: string | null;
  payoutReference: string | null;
  settleEntryId: bigint;
  now: Date;
}

/** All SQL of withdrawals. Writes that must go with a ledger entry take the entry's `Transaction`. */
export class WithdrawalRepository {
  insert(trx: Transaction<Database>, withdrawal: NewWithdrawal): Promise<Withdrawal> {
    return trx.insertInto('withdrawals').values(withdrawal).returningAll().executeTakeFirstOrThrow();
  }

  findByEntry(db: Db, entryId: bigint): Promise<Withdrawal | undefined> {
    return db.selectFrom('withdrawals').selectAll().where('entry_id', '=', entryId).executeTakeFirst();
  }

  findByPublicId(db: Db, publicId: string): Promise<Withdrawal | undefined> {
    return db.selectFrom('withdrawals').selectAll().where('public_id', '=', publicId).executeTakeFirst();
  }

  /** Locks the withdrawal, so that a webhook and the settler settle it one at a time. */
  lock(trx: Transaction<Database>, publicId: string): Promise<Withdrawal | undefined> {
    return trx.selectFrom('withdrawals').selectAll().where('public_id', '=', publicId).forUpdate().executeTakeFirst();
  }

  async markSettled(trx: Transaction<Database>, id: bigint, changes: SettledChanges): Promise<Withdrawal> {
    return trx
      .updateTable('withdrawals')
      .set({
        status: changes.status,
        failure_reason: changes.failureReason,
        payout_reference: changes.payoutReference,
        settle_entry_id: changes.settleEntryId,
        settled_at: changes.now,
        updated_at: changes.now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Records one more look at the payout party; only while the withdrawal is still in progress. */
  async recordCheck(
    db: Db,
    id: bigint,
    changes: { nextCheckAt: Date; payoutReference: string | null; now: Date },
  ): Promise<void> {
    await db
      .updateTable('withdrawals')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        next_check_at: changes.nextCheckAt,
        payout_reference: eb.fn.coalesce(eb.val(changes.payoutReference), eb.ref('payout_reference')),
        updated_at: changes.now,
      }))
      .where('id', '=', id)
      .where('status', '=', 'IN_PROGRESS')
      .execute();
  }

  /** Withdrawals still in progress whose next check is due, oldest first, at most `limit`. */
  listDue(db: Db, now: Date, limit: number): Promise<Withdrawal[]> {
    return db
      .selectFrom('withdrawals')
      .selectAll()
      .where('status', '=', 'IN_PROGRESS')
      .where('next_check_at', '<=', now)
      .orderBy('next_check_at')
      .limit(limit)
      .execute();
  }

  async webhookEventSeen(db: Db, eventId: string): Promise<boolean> {
    const row = await db
      .selectFrom('payout_webhook_events')
      .select('event_id')
      .where('event_id', '=', eventId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async recordWebhookEvent(db: Db, eventId: string, now: Date): Promise<void> {
    await db
      .insertInto('payout_webhook_events')
      .values({ event_id: eventId, received_at: now })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .execute();
  }

  /** Forgets events older than the signature window allows anyway; one bounded batch. */
  async deleteWebhookEventsBefore(db: Db, before: Date, limit: number): Promise<void> {
    await db
      .deleteFrom('payout_webhook_events')
      .where(
        'event_id',
        'in',
        db.selectFrom('payout_webhook_events').select('event_id').where('received_at', '<', before).limit(limit),
      )
      .execute();
  }
}
