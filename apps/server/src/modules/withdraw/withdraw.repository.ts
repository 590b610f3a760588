import type { WithdrawalCsvQuery, WithdrawalQuery } from '@member-wallet/contract/backoffice/withdrawals';
import type { Insertable, Selectable, Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import type { WithdrawalStatus, WithdrawalsTable } from '../../db/tables/withdrawals.table.ts';

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

  /** The back-office's list, newest first, with each member's phone and name, filtered by review and status. */
  async page(db: Db, query: WithdrawalQuery) {
    let select = db.selectFrom('withdrawals').innerJoin('members', 'members.id', 'withdrawals.member_id');
    if (query.review) select = select.where('withdrawals.review', '=', query.review);
    if (query.status) select = select.where('withdrawals.status', '=', query.status);
    const [count, rows] = await Promise.all([
      select.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      select
        .leftJoin('operators', 'operators.id', 'withdrawals.reviewed_by')
        .selectAll('withdrawals')
        .select(['members.phone', 'members.name', 'operators.username as reviewer'])
        .orderBy('withdrawals.id', 'desc')
        .offset((query.page - 1) * query.limit)
        .limit(query.limit)
        .execute(),
    ]);
    return { total: Number(count.total), rows };
  }

  /**
   * The back-office's rows of a filter, newest first, `limit` at a time after `beforeId` (keyset paging, for the
   * CSV export: rows added meanwhile neither shift nor repeat a batch).
   */
  batch(db: Db, query: WithdrawalCsvQuery, beforeId: bigint | null, limit: number) {
    let select = db
      .selectFrom('withdrawals')
      .innerJoin('members', 'members.id', 'withdrawals.member_id')
      .leftJoin('operators', 'operators.id', 'withdrawals.reviewed_by')
      .selectAll('withdrawals')
      .select(['members.phone', 'members.name', 'operators.username as reviewer']);
    if (query.review) select = select.where('withdrawals.review', '=', query.review);
    if (query.status) select = select.where('withdrawals.status', '=', query.status);
    if (beforeId !== null) select = select.where('withdrawals.id', '<', beforeId);
    return select.orderBy('withdrawals.id', 'desc').limit(limit).execute();
  }

  /** One withdrawal as the back-office shows it. */
  findForBackoffice(db: Db, publicId: string) {
    return db
      .selectFrom('withdrawals')
      .innerJoin('members', 'members.id', 'withdrawals.member_id')
      .leftJoin('operators', 'operators.id', 'withdrawals.reviewed_by')
      .selectAll('withdrawals')
      .select(['members.phone', 'members.name', 'operators.username as reviewer'])
      .where('withdrawals.public_id', '=', publicId)
      .executeTakeFirst();
  }

  /** Records an operator's review of a withdrawal that was waiting for one; the row as it is now. */
  async markReviewed(
    trx: Transaction<Database>,
    id: bigint,
    changes: { review: 'approved' | 'rejected'; operatorId: bigint; nextCheckAt?: Date; now: Date },
  ): Promise<Withdrawal> {
    return trx
      .updateTable('withdrawals')
      .set({
        review: changes.review,
        reviewed_by: changes.operatorId,
        reviewed_at: changes.now,
        updated_at: changes.now,
        ...(changes.nextCheckAt ? { next_check_at: changes.nextCheckAt } : {}),
      })
      .where('id', '=', id)
      .where('review', '=', 'awaiting')
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** A member's withdrawals still in progress, newest first, at most `limit` (withdrawals_member_created_idx). */
  listInProgress(db: Db, memberId: bigint, limit: number): Promise<Withdrawal[]> {
    return db
      .selectFrom('withdrawals')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('status', '=', 'IN_PROGRESS')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * Withdrawals still in progress whose next check is due, oldest first, at most `limit`. One waiting for an
   * operator's review has not been sent to the payout party: there is nothing to ask it.
   */
  listDue(db: Db, now: Date, limit: number): Promise<Withdrawal[]> {
    return db
      .selectFrom('withdrawals')
      .selectAll()
      .where('status', '=', 'IN_PROGRESS')
      .where('review', '!=', 'awaiting')
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
