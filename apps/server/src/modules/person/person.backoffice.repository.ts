import type { PersonMatchCsvQuery, PersonMatchQuery } from '@member-wallet/contract/backoffice/person-matches';
import type { Db } from '../../db/database.ts';

/** One side of a match, by the alias of its members row (`m` the newer account, `o` the other). */
function side(alias: 'm' | 'o', prefix: 'member' | 'other') {
  return [
    `${alias}.public_id as ${prefix}_public_id`,
    `${alias}.phone as ${prefix}_phone`,
    `${alias}.bank_code as ${prefix}_bank_code`,
    `${alias}.bank_account_no as ${prefix}_bank_account_no`,
    `${alias}.bank_account_name as ${prefix}_bank_account_name`,
    `${alias}.registration_ip as ${prefix}_registration_ip`,
  ] as const;
}

/** The SQL of the "possible same person" queue (docs/backoffice/person-matches.md). */
export class PersonBackofficeRepository {
  /** Matches with both accounts, their blocks' kinds and the deciding operator. */
  private shown(db: Db) {
    return db
      .selectFrom('person_matches as pm')
      .innerJoin('members as m', 'm.id', 'pm.member_id')
      .innerJoin('members as o', 'o.id', 'pm.other_member_id')
      .leftJoin('safer_play as mb', 'mb.member_id', 'pm.member_id')
      .leftJoin('safer_play as ob', 'ob.member_id', 'pm.other_member_id')
      .leftJoin('operators as decider', 'decider.id', 'pm.decided_by')
      .select([
        'pm.id',
        'pm.member_id',
        'pm.other_member_id',
        'pm.signals',
        'pm.status',
        'pm.found_at',
        'pm.decided_at',
        'pm.note',
        'decider.username as decided_by',
        ...side('m', 'member'),
        ...side('o', 'other'),
        'mb.block_kind as member_block_kind',
        'mb.block_ends_at as member_block_ends_at',
        'mb.reopens_at as member_reopens_at',
        'ob.block_kind as other_block_kind',
        'ob.block_ends_at as other_block_ends_at',
        'ob.reopens_at as other_reopens_at',
      ]);
  }

  /** Newest match first; `status` filters. */
  async page(db: Db, query: PersonMatchQuery) {
    let count = db.selectFrom('person_matches');
    let rows = this.shown(db);
    if (query.status) {
      count = count.where('status', '=', query.status);
      rows = rows.where('pm.status', '=', query.status);
    }
    const [total, page] = await Promise.all([
      count.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      rows
        .orderBy('pm.id', 'desc')
        .offset((query.page - 1) * query.limit)
        .limit(query.limit)
        .execute(),
    ]);
    return { total: Number(total.total), rows: page };
  }

  /** Newest match first, `limit` at a time after `beforeId` (keyset paging for the CSV export). */
  batch(db: Db, query: PersonMatchCsvQuery, beforeId: bigint | null, limit: number) {
    let rows = this.shown(db);
    if (query.status) rows = rows.where('pm.status', '=', query.status);
    if (beforeId !== null) rows = rows.where('pm.id', '<', beforeId);
    return rows.orderBy('pm.id', 'desc').limit(limit).execute();
  }

  findShown(db: Db, id: bigint) {
    return this.shown(db).where('pm.id', '=', id).executeTakeFirst();
  }

  /** The match, locked until the transaction ends: two decisions of one match take turns. */
  lock(db: Db, id: bigint) {
    return db.selectFrom('person_matches').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  async decide(
    db: Db,
    id: bigint,
    decision: { status: 'linked' | 'dismissed'; by: bigint | null; at: Date; note: string | null },
  ) {
    await db
      .updateTable('person_matches')
      .set({ status: decision.status, decided_by: decision.by, decided_at: decision.at, note: decision.note })
      .where('id', '=', id)
      .execute();
  }
}

export type ShownPersonMatch = NonNullable<Awaited<ReturnType<PersonBackofficeRepository['findShown']>>>;
