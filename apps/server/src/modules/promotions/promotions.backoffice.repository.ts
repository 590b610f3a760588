import type { Db } from '../../db/database.ts';
import type { BonusKind } from '../../db/tables/bonus.table.ts';
import type { BonusDefinition, NewBonusDefinition } from '../bonus/bonus.module.ts';

/** What a change may set: every term but the code, the kind and the creation time. */
export type BonusChange = Omit<NewBonusDefinition, 'code' | 'kind' | 'created_at'>;

export interface BonusWithCount extends BonusDefinition {
  received: number;
}

/** The back-office's SQL of bonus definitions (docs/backoffice/promotions.md). */
export class PromotionsBackofficeRepository {
  constructor(private readonly db: Db) {}

  /** One page of definitions, newest first, each with its activations by all members. */
  async list(filter: {
    kind?: BonusKind;
    page: number;
    limit: number;
  }): Promise<{ total: number; rows: BonusWithCount[] }> {
    const base = this.db.selectFrom('bonuses as b').where('b.kind', 'in', operatorKinds(filter.kind));
    const [rows, count] = await Promise.all([
      base
        .selectAll('b')
        .select((eb) =>
          eb
            .selectFrom('member_bonuses as m')
            .select((inner) => inner.fn.countAll<string>().as('n'))
            .whereRef('m.bonus_id', '=', 'b.id')
            .as('received'),
        )
        .orderBy('b.created_at', 'desc')
        .orderBy('b.id', 'desc')
        .limit(filter.limit)
        .offset((filter.page - 1) * filter.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      total: Number(count.n),
      rows: rows.map((row) => ({ ...row, received: Number(row.received ?? 0) })),
    };
  }

  /**
   * Every definition of the filter, newest first, a batch at a time (keyset on creation time and id: rows added
   * meanwhile neither shift nor repeat), for the CSV export.
   */
  async *all(filter: { kind?: BonusKind }, batchSize = 500): AsyncGenerator<BonusWithCount> {
    let after: { created_at: Date; id: bigint } | null = null;
    for (;;) {
      let query = this.db.selectFrom('bonuses as b').where('b.kind', 'in', operatorKinds(filter.kind));
      if (after) {
        const { created_at, id } = after;
        query = query.where((eb) =>
          eb.or([
            eb('b.created_at', '<', created_at),
            eb.and([eb('b.created_at', '=', created_at), eb('b.id', '<', id)]),
          ]),
        );
      }
      const rows = await query
        .selectAll('b')
        .select((eb) =>
          eb
            .selectFrom('member_bonuses as m')
            .select((inner) => inner.fn.countAll<string>().as('n'))
            .whereRef('m.bonus_id', '=', 'b.id')
            .as('received'),
        )
        .orderBy('b.created_at', 'desc')
        .orderBy('b.id', 'desc')
        .limit(batchSize)
        .execute();
      for (const row of rows) yield { ...row, received: Number(row.received ?? 0) };
      const last = rows.at(-1);
      if (!last || rows.length < batchSize) return;
      after = { created_at: last.created_at, id: last.id };
    }
  }

  /** The definition of this code, locked for a change in `trx` (any state: retired ones can be changed too). */
  lockByCode(trx: Db, code: string): Promise<BonusDefinition | undefined> {
    return trx
      .selectFrom('bonuses')
      .selectAll()
      .where('code', '=', code)
      .where('kind', 'in', operatorKinds(undefined))
      .forUpdate()
      .executeTakeFirst();
  }

  /** The new definition, or undefined when the code is taken. */
  insert(trx: Db, row: NewBonusDefinition): Promise<BonusDefinition | undefined> {
    return trx
      .insertInto('bonuses')
      .values(row)
      .onConflict((conflict) => conflict.column('code').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  update(trx: Db, id: bigint, change: BonusChange): Promise<BonusDefinition> {
    return trx.updateTable('bonuses').set(change).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  }

  async received(db: Db, id: bigint): Promise<number> {
    const row = await db
      .selectFrom('member_bonuses')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('bonus_id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

/**
 * The kinds operators see and change: bonuses and promotion codes. The definitions rewards run under (`reward`,
 * docs/promotions/wheel.md) belong to the system.
 */
function operatorKinds(kind: BonusKind | undefined): BonusKind[] {
  return kind ? [kind] : ['bonus', 'promotion'];
}
