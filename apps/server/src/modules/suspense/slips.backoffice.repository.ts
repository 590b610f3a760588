import { SLIP_REVIEW_REASONS, type SlipReviewCsvQuery } from '@member-wallet/contract/backoffice/slips';
import type { SelectQueryBuilder, Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import type { Slip } from '../slip/slip.module.ts';

/** A refused slip with the names the back-office shows: its member and the reviewing operator. */
export type SlipReviewRow = Slip & {
  member_public_id: string;
  member_phone: string;
  member_name: string;
  reviewer: string | null;
};

type Filtered = SelectQueryBuilder<
  Database & { s: Database['slips']; m: Database['members']; o: Database['operators'] },
  's' | 'm' | 'o',
  object
>;

/** All SQL of the back-office's slips to review (docs/backoffice/deposits.md, Slips to review). */
export class SlipReviewRepository {
  async page(db: Db, query: SlipReviewCsvQuery, offset: number, limit: number) {
    const base = this.filtered(db, query);
    const count = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
    const total = Number(count.total);
    const rows =
      offset < total ? await this.rows(base).orderBy('s.id', 'desc').offset(offset).limit(limit).execute() : [];
    return { total, rows: rows as SlipReviewRow[] };
  }

  /** Keyset paging for the CSV export. */
  async batch(db: Db, query: SlipReviewCsvQuery, beforeId: bigint | null, limit: number) {
    let select = this.rows(this.filtered(db, query));
    if (beforeId !== null) select = select.where('s.id', '<', beforeId);
    return (await select.orderBy('s.id', 'desc').limit(limit).execute()) as SlipReviewRow[];
  }

  async findForBackoffice(db: Db, publicId: string): Promise<SlipReviewRow | undefined> {
    return (await this.rows(this.filtered(db, {})).where('s.public_id', '=', publicId).executeTakeFirst()) as
      | SlipReviewRow
      | undefined;
  }

  lock(trx: Transaction<Database>, publicId: string): Promise<Slip | undefined> {
    return trx.selectFrom('slips').selectAll().where('public_id', '=', publicId).forUpdate().executeTakeFirst();
  }

  markReviewed(
    trx: Transaction<Database>,
    id: bigint,
    review: {
      review: 'credited' | 'dismissed';
      operatorId: bigint;
      note: string | null;
      transferId?: bigint;
      entryId?: bigint;
      now: Date;
    },
  ): Promise<Slip> {
    return trx
      .updateTable('slips')
      .set({
        review: review.review,
        reviewed_by: review.operatorId,
        reviewed_at: review.now,
        review_note: review.note,
        ...(review.transferId === undefined ? {} : { bank_transfer_id: review.transferId }),
        ...(review.entryId === undefined ? {} : { entry_id: review.entryId }),
        updated_at: review.now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Refused slips with a verified amount: the transfer reached the operator's account but was not credited. */
  private filtered(db: Db, query: SlipReviewCsvQuery): Filtered {
    let select = db
      .selectFrom('slips as s')
      .innerJoin('members as m', 'm.id', 's.member_id')
      .leftJoin('operators as o', 'o.id', 's.reviewed_by')
      .where('s.status', '=', 'FAILED')
      .where('s.note', 'in', query.reason ? [query.reason] : [...SLIP_REVIEW_REASONS])
      .where('s.amount_minor', 'is not', null) as unknown as Filtered;
    if (query.review === 'needed') select = select.where('s.review', 'is', null);
    if (query.review === 'done') select = select.where('s.review', 'is not', null);
    return select;
  }

  private rows(select: Filtered) {
    return select
      .selectAll('s')
      .select([
        'm.public_id as member_public_id',
        'm.phone as member_phone',
        'm.name as member_name',
        'o.username as reviewer',
      ]);
  }
}
