import type { BankNameChangeCsvQuery, BankNameChangeQuery } from '@member-wallet/contract/backoffice/bank-name-changes';
import type { Insertable, Selectable } from 'kysely';
import type { Member } from '../../core/account/account.repository.ts';
import type { Db } from '../../db/database.ts';
import type { BankNameChangesTable } from '../../db/tables/accounts.table.ts';

export type BankNameChange = Selectable<BankNameChangesTable>;

/**
 * The SQL of bank account name changes that wait for an operator (docs/backoffice/bank-name-changes.md). Each
 * method takes the connection or transaction to run on: a change of a member's name, filed or decided, runs under
 * that member's row lock (`lockMember`), so the member's own calls and the operators' decisions take turns.
 */
export class BankNameRepository {
  /** The member's row, locked until the transaction ends. */
  lockMember(trx: Db, memberId: bigint): Promise<Member | undefined> {
    return trx.selectFrom('members').selectAll().where('id', '=', memberId).forUpdate().executeTakeFirst();
  }

  async setMemberName(trx: Db, memberId: bigint, name: string, now: Date): Promise<void> {
    await trx
      .updateTable('members')
      .set({ bank_account_name: name, updated_at: now })
      .where('id', '=', memberId)
      .execute();
  }

  pendingOf(db: Db, memberId: bigint): Promise<BankNameChange | undefined> {
    return db
      .selectFrom('bank_name_changes')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
  }

  async file(trx: Db, request: Insertable<BankNameChangesTable>): Promise<void> {
    await trx.insertInto('bank_name_changes').values(request).execute();
  }

  find(db: Db, id: bigint): Promise<BankNameChange | undefined> {
    return db.selectFrom('bank_name_changes').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Decides a pending request; undefined when it is no longer pending (another operator decided first). */
  decide(
    trx: Db,
    id: bigint,
    decision: Pick<BankNameChange, 'status' | 'decided_by' | 'decided_at' | 'reason'>,
  ): Promise<BankNameChange | undefined> {
    return trx
      .updateTable('bank_name_changes')
      .set(decision)
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
  }

  /** Requests with their member and the deciding operator. */
  private shown(db: Db) {
    return db
      .selectFrom('bank_name_changes as r')
      .innerJoin('members as m', 'm.id', 'r.member_id')
      .leftJoin('operators as decider', 'decider.id', 'r.decided_by')
      .select([
        'r.id',
        'r.bank_code',
        'r.name_from',
        'r.name_to',
        'r.status',
        'r.requested_at',
        'r.decided_at',
        'r.reason',
        'decider.username as decided_by',
        'm.public_id as member_public_id',
        'm.phone as member_phone',
        'm.name as member_name',
        'm.bank_code as member_bank_code',
        'm.bank_account_no as member_bank_account_no',
        'm.bank_account_name as member_bank_account_name',
      ]);
  }

  /** Newest request first; `status` filters. */
  async page(db: Db, query: BankNameChangeQuery) {
    let count = db.selectFrom('bank_name_changes');
    let rows = this.shown(db);
    if (query.status) {
      count = count.where('status', '=', query.status);
      rows = rows.where('r.status', '=', query.status);
    }
    const [total, page] = await Promise.all([
      count.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      rows
        .orderBy('r.id', 'desc')
        .offset((query.page - 1) * query.limit)
        .limit(query.limit)
        .execute(),
    ]);
    return { total: Number(total.total), rows: page };
  }

  /** Newest request first, `limit` at a time after `beforeId` (keyset paging for the CSV export). */
  batch(db: Db, query: BankNameChangeCsvQuery, beforeId: bigint | null, limit: number) {
    let rows = this.shown(db);
    if (query.status) rows = rows.where('r.status', '=', query.status);
    if (beforeId !== null) rows = rows.where('r.id', '<', beforeId);
    return rows.orderBy('r.id', 'desc').limit(limit).execute();
  }

  findShown(db: Db, id: bigint) {
    return this.shown(db).where('r.id', '=', id).executeTakeFirst();
  }
}

export type ShownBankNameChange = NonNullable<Awaited<ReturnType<BankNameRepository['findShown']>>>;
