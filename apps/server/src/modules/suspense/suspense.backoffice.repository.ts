import type { BankTransferCsvQuery, BankTransferFilter } from '@member-wallet/contract/backoffice/suspense';
import type { SelectQueryBuilder, Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import type { BankTransfer } from '../bank-feed/bank-feed.module.ts';

/** A transfer in suspense with the names the back-office shows: the assigned member and the settling operator. */
export type SuspenseRow = BankTransfer & {
  member_public_id: string | null;
  member_phone: string | null;
  member_name: string | null;
  held_public_id: string | null;
  held_phone: string | null;
  held_name: string | null;
  settler: string | null;
};

export interface SuspenseMember {
  id: bigint;
  public_id: string;
  status: 'active' | 'inactive';
  currency: string;
}

type Filtered = SelectQueryBuilder<
  Database & {
    t: Database['bank_transfers'];
    m: Database['members'];
    h: Database['members'];
    o: Database['operators'];
  },
  't' | 'm' | 'h' | 'o',
  object
>;

/** All SQL of the back-office's bank transfers in suspense (docs/backoffice/deposits.md, Bank transfers in suspense). */
export class SuspenseRepository {
  async page(db: Db, filter: BankTransferFilter | undefined, offset: number, limit: number) {
    const base = this.filtered(db, filter);
    const count = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
    const total = Number(count.total);
    const rows =
      offset < total ? await this.rows(base).orderBy('t.id', 'desc').offset(offset).limit(limit).execute() : [];
    return { total, rows: rows as SuspenseRow[] };
  }

  /** Keyset paging for the CSV export: rows added meanwhile neither shift nor repeat. */
  async batch(db: Db, query: BankTransferCsvQuery, beforeId: bigint | null, limit: number) {
    let select = this.rows(this.filtered(db, query.status));
    if (beforeId !== null) select = select.where('t.id', '<', beforeId);
    return (await select.orderBy('t.id', 'desc').limit(limit).execute()) as SuspenseRow[];
  }

  async findForBackoffice(db: Db, id: bigint): Promise<SuspenseRow | undefined> {
    return (await this.rows(this.filtered(db, undefined)).where('t.id', '=', id).executeTakeFirst()) as
      | SuspenseRow
      | undefined;
  }

  find(db: Db, id: bigint): Promise<BankTransfer | undefined> {
    return db.selectFrom('bank_transfers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  lock(trx: Transaction<Database>, id: bigint): Promise<BankTransfer | undefined> {
    return trx.selectFrom('bank_transfers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  memberByPublicId(db: Db, publicId: string): Promise<SuspenseMember | undefined> {
    return db
      .selectFrom('members')
      .select(['id', 'public_id', 'status', 'currency'])
      .where('public_id', '=', publicId)
      .executeTakeFirst();
  }

  async update(trx: Transaction<Database> | Db, id: bigint, values: Partial<SettlementColumns>, now: Date) {
    return trx
      .updateTable('bank_transfers')
      .set({ ...values, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Refunds in flight whose next look at the payout party is due, oldest first. */
  refundsDue(db: Db, now: Date, limit: number): Promise<BankTransfer[]> {
    return db
      .selectFrom('bank_transfers')
      .selectAll()
      .where('refund_status', '=', 'pending')
      .where('refund_next_check_at', '<=', now)
      .orderBy('refund_next_check_at')
      .limit(limit)
      .execute();
  }

  async postponeRefund(db: Db, id: bigint, nextCheckAt: Date, now: Date): Promise<void> {
    await db
      .updateTable('bank_transfers')
      .set({ refund_next_check_at: nextCheckAt, updated_at: now })
      .where('id', '=', id)
      .where('refund_status', '=', 'pending')
      .execute();
  }

  byRefundReference(db: Db, reference: string): Promise<BankTransfer | undefined> {
    return db.selectFrom('bank_transfers').selectAll().where('refund_reference', '=', reference).executeTakeFirst();
  }

  private filtered(db: Db, filter: BankTransferFilter | undefined): Filtered {
    let select = db
      .selectFrom('bank_transfers as t')
      .leftJoin('members as m', 'm.id', 't.settled_member_id')
      // An unmatched transfer names a member only when it was held for their own limit or block.
      .leftJoin('members as h', 'h.id', 't.member_id')
      .leftJoin('operators as o', 'o.id', 't.settled_by')
      .where('t.status', '=', 'unmatched') as unknown as Filtered;
    if (filter === 'open') select = select.where('t.settled_as', 'is', null);
    if (filter === 'refunding') select = select.where('t.refund_status', '=', 'pending');
    if (filter === 'settled') select = select.where('t.settled_at', 'is not', null);
    return select;
  }

  private rows(select: Filtered) {
    return select
      .selectAll('t')
      .select([
        'm.public_id as member_public_id',
        'm.phone as member_phone',
        'm.name as member_name',
        'h.public_id as held_public_id',
        'h.phone as held_phone',
        'h.name as held_name',
        'o.username as settler',
      ]);
  }
}

export interface SettlementColumns {
  settled_as: 'assign' | 'refund' | null;
  settled_by: bigint | null;
  settled_at: Date | null;
  settled_member_id: bigint | null;
  settled_entry_id: bigint | null;
  settle_note: string | null;
  refund_status: 'pending' | 'paid' | null;
  refund_attempts: number;
  refund_reference: string | null;
  refund_account_no: string | null;
  refund_next_check_at: Date | null;
}
