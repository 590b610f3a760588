import type { InviteReviewCsvQuery, InviteReviewQuery } from '@member-wallet/contract/backoffice/invite-reviews';
import { type Selectable, sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import type { InviteAccrualState, InviteReviewsTable } from '../../db/tables/promotions.table.ts';

export type InviteReview = Selectable<InviteReviewsTable>;

/** The sum of the invitee's accruals in `state` that were never collected. */
function uncollected(state: InviteAccrualState) {
  return sql<bigint>`(select coalesce(sum(a.amount_minor), 0) from invite_accruals a
    where a.invitee_id = r.invitee_id and a.state = ${state} and a.collection_id is null)::bigint`;
}

/** The back-office's SQL of invite links held for review (docs/backoffice/invite-reviews.md). */
export class InviteReviewRepository {
  /** Reviews with both members, the deciding operator and what the invitee's accruals stand at. */
  private shown(db: Db) {
    return db
      .selectFrom('invite_reviews as r')
      .innerJoin('members as invitee', 'invitee.id', 'r.invitee_id')
      .innerJoin('members as inviter', 'inviter.id', 'r.inviter_id')
      .leftJoin('operators as decider', 'decider.id', 'r.decided_by')
      .select([
        'r.invitee_id as id',
        'r.reasons',
        'r.status',
        'r.held_at',
        'r.decided_at',
        'r.note',
        'decider.username as decided_by',
        'invitee.currency',
        'inviter.public_id as inviter_public_id',
        'inviter.phone as inviter_phone',
        'inviter.name as inviter_name',
        'inviter.bank_code as inviter_bank_code',
        'inviter.bank_account_no as inviter_bank_account_no',
        'inviter.bank_account_name as inviter_bank_account_name',
        'inviter.registration_ip as inviter_registration_ip',
        'invitee.public_id as invitee_public_id',
        'invitee.phone as invitee_phone',
        'invitee.name as invitee_name',
        'invitee.bank_code as invitee_bank_code',
        'invitee.bank_account_no as invitee_bank_account_no',
        'invitee.bank_account_name as invitee_bank_account_name',
        'invitee.registration_ip as invitee_registration_ip',
        uncollected('held').as('held_minor'),
        uncollected('forfeited').as('forfeited_minor'),
        uncollected('open').as('open_minor'),
      ]);
  }

  /** Newest invitee first; `status` filters. */
  async page(db: Db, query: InviteReviewQuery) {
    let count = db.selectFrom('invite_reviews');
    let rows = this.shown(db);
    if (query.status) {
      count = count.where('status', '=', query.status);
      rows = rows.where('r.status', '=', query.status);
    }
    const [total, page] = await Promise.all([
      count.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      rows
        .orderBy('r.invitee_id', 'desc')
        .offset((query.page - 1) * query.limit)
        .limit(query.limit)
        .execute(),
    ]);
    return { total: Number(total.total), rows: page };
  }

  /** Newest invitee first, `limit` at a time after `beforeId` (keyset paging for the CSV export). */
  batch(db: Db, query: InviteReviewCsvQuery, beforeId: bigint | null, limit: number) {
    let rows = this.shown(db);
    if (query.status) rows = rows.where('r.status', '=', query.status);
    if (beforeId !== null) rows = rows.where('r.invitee_id', '<', beforeId);
    return rows.orderBy('r.invitee_id', 'desc').limit(limit).execute();
  }

  findShown(db: Db, inviteeId: bigint) {
    return this.shown(db).where('r.invitee_id', '=', inviteeId).executeTakeFirst();
  }

  /** The link of the invitee with this public id: the invitee's id and its inviter's id and registration time. */
  findLink(db: Db, inviteePublicId: string) {
    return db
      .selectFrom('invite_reviews as r')
      .innerJoin('members as invitee', 'invitee.id', 'r.invitee_id')
      .innerJoin('members as inviter', 'inviter.id', 'r.inviter_id')
      .select(['r.invitee_id', 'inviter.id as inviter_id', 'inviter.created_at as inviter_created_at'])
      .where('invitee.public_id', '=', inviteePublicId)
      .executeTakeFirst();
  }

  lock(trx: Transaction<Database>, inviteeId: bigint): Promise<InviteReview> {
    return trx
      .selectFrom('invite_reviews')
      .selectAll()
      .where('invitee_id', '=', inviteeId)
      .forUpdate()
      .executeTakeFirstOrThrow();
  }

  decide(
    trx: Transaction<Database>,
    inviteeId: bigint,
    decision: Pick<InviteReview, 'status' | 'decided_by' | 'decided_at' | 'note'>,
  ): Promise<InviteReview> {
    return trx
      .updateTable('invite_reviews')
      .set(decision)
      .where('invitee_id', '=', inviteeId)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The invitee's uncollected accruals by state, in minor units. */
  async uncollectedByState(trx: Transaction<Database>, inviteeId: bigint): Promise<Record<InviteAccrualState, bigint>> {
    const rows = await trx
      .selectFrom('invite_accruals')
      .select(['state', sql<bigint>`sum(amount_minor)::bigint`.as('total')])
      .where('invitee_id', '=', inviteeId)
      .where('collection_id', 'is', null)
      .groupBy('state')
      .execute();
    const sums: Record<InviteAccrualState, bigint> = { open: 0n, held: 0n, forfeited: 0n };
    for (const row of rows) sums[row.state] = row.total;
    return sums;
  }
}
