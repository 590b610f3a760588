import { type Insertable, type Selectable, sql, type Transaction } from 'kysely';
import type { JsonValue } from '../../core/ledger/ledger.service.ts';
import type { Database, Db } from '../../db/database.ts';
import type { BonusesTable, MemberBonusesTable, MemberBonusStatus } from '../../db/tables/bonus.table.ts';
import { OPEN_TRANSFER_STATES } from '../../db/tables/games.table.ts';
import type { BonusRun } from './bonus.spans.ts';

export type BonusDefinition = Selectable<BonusesTable>;
export type MemberBonus = Selectable<MemberBonusesTable>;
export type NewBonusDefinition = Insertable<BonusesTable>;

/** A deposit that may be the base of a percentage bonus: its journal entry and what it put in the wallet. */
export interface QualifyingDeposit {
  entryId: bigint;
  amountMinor: bigint;
}

/** All SQL of bonuses and promotion codes (docs/promotions/bonuses.md). */
export class BonusRepository {
  /** Inserts a definition, or leaves an existing one of the same code as it is (demo seeding runs each start). */
  async insertDefinitionIfAbsent(db: Db, row: NewBonusDefinition): Promise<void> {
    await db
      .insertInto('bonuses')
      .values(row)
      .onConflict((conflict) => conflict.column('code').doNothing())
      .execute();
  }

  listDefinitions(db: Db, kind: 'bonus' | 'promotion', currency: string): Promise<BonusDefinition[]> {
    return db
      .selectFrom('bonuses')
      .selectAll()
      .where('kind', '=', kind)
      .where('currency', '=', currency)
      .where('active', '=', true)
      .orderBy('sort_order')
      .orderBy('code')
      .execute();
  }

  findDefinition(db: Db, code: string): Promise<BonusDefinition | undefined> {
    return db.selectFrom('bonuses').selectAll().where('code', '=', code).where('active', '=', true).executeTakeFirst();
  }

  /** A definition by code, retired or not (the system's reward definitions are never active). */
  findDefinitionOfAnyState(db: Db, code: string): Promise<BonusDefinition | undefined> {
    return db.selectFrom('bonuses').selectAll().where('code', '=', code).executeTakeFirst();
  }

  findDefinitionById(db: Db, id: bigint): Promise<BonusDefinition | undefined> {
    return db.selectFrom('bonuses').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Locks a definition's row: the lock every activation of it takes, so counts cannot race past its limits. */
  async lockDefinition(trx: Transaction<Database>, id: bigint): Promise<void> {
    await trx.selectFrom('bonuses').select('id').where('id', '=', id).forUpdate().execute();
  }

  findActive(db: Db, memberId: bigint): Promise<MemberBonus | undefined> {
    return db
      .selectFrom('member_bonuses')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('status', '=', 'active')
      .executeTakeFirst();
  }

  lockActive(trx: Transaction<Database>, memberId: bigint): Promise<MemberBonus | undefined> {
    return trx
      .selectFrom('member_bonuses')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('status', '=', 'active')
      .forUpdate()
      .executeTakeFirst();
  }

  /**
   * The member's bonuses that ran at some moment of `[from, to)`, oldest activation first, at most `limit`: when
   * each began and until when it ran (null while it runs). A bonus runs until it ends; a cancelled one that still
   * owes runs until the last of its debt is taken (docs/promotions/refunds.md), since its money is at the
   * games meanwhile.
   */
  listRunsBetween(db: Db, memberId: bigint, from: Date, to: Date, limit: number): Promise<BonusRun[]> {
    const until = sql<Date | null>`case
      when status = 'active' or owed_minor > 0 then null
      else greatest(ended_at, debt_paid_at) end`;
    return db
      .selectFrom('member_bonuses')
      .select(['activated_at', until.as('until')])
      .where('member_id', '=', memberId)
      .where('activated_at', '<', to)
      .where((eb) => eb.or([eb(until, 'is', null), eb(until, '>', from)]))
      .orderBy('activated_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** The member's activations of these bonuses, newest first. */
  listReceived(db: Db, memberId: bigint, bonusIds: readonly bigint[]): Promise<MemberBonus[]> {
    if (bonusIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('member_bonuses')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('bonus_id', 'in', bonusIds)
      .orderBy('activated_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** The receipts of the bonus by any of the accounts (one person's) since `since`, cancelled and cleared ones too. */
  async countReceived(db: Db, memberIds: readonly bigint[], bonusId: bigint, since: Date | null): Promise<number> {
    let query = db
      .selectFrom('member_bonuses')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', 'in', [...memberIds])
      .where('bonus_id', '=', bonusId);
    if (since) query = query.where('activated_at', '>=', since);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  async countAll(db: Db, bonusId: bigint): Promise<number> {
    const row = await db
      .selectFrom('member_bonuses')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('bonus_id', '=', bonusId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * The member's newest completed deposit since `since` that no bonus has used, with what it credited to the
   * wallet (`walletId`); reversed and failed deposits never qualify.
   */
  async findQualifyingDeposit(
    db: Db,
    memberId: bigint,
    walletId: bigint,
    since: Date,
  ): Promise<QualifyingDeposit | undefined> {
    const row = await db
      .selectFrom('journal_entries as e')
      .innerJoin('postings as p', (join) => join.onRef('p.entry_id', '=', 'e.id').on('p.account_id', '=', walletId))
      .select(['e.id', 'p.amount'])
      .where('e.member_id', '=', memberId)
      .where('e.type', '=', 'deposit')
      .where('e.status', '=', 'completed')
      .where('e.reversal_of', 'is', null)
      .where('e.created_at', '>=', since)
      .where('p.amount', '>', 0n)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('member_bonuses as b').select('b.id').whereRef('b.deposit_entry_id', '=', 'e.id'))),
      )
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? { entryId: row.id, amountMinor: row.amount } : undefined;
  }

  /** The new running bonus, or undefined when the member already has one (the unique partial index). */
  insertActive(trx: Transaction<Database>, row: Insertable<MemberBonusesTable>): Promise<MemberBonus | undefined> {
    return (
      trx
        .insertInto('member_bonuses')
        .values(row)
        // The literal matches the partial index's predicate, which PostgreSQL needs to pick that index.
        .onConflict((conflict) =>
          conflict.column('member_id').where(sql.ref('status'), '=', sql.lit('active')).doNothing(),
        )
        .returningAll()
        .executeTakeFirst()
    );
  }

  markEnded(
    trx: Transaction<Database>,
    id: bigint,
    change: {
      status: Exclude<MemberBonusStatus, 'active'>;
      endEntryId: bigint | null;
      takenBackMinor: bigint;
      /** What is still to be taken from money coming back from game accounts. */
      owedMinor: bigint;
      now: Date;
    },
  ): Promise<MemberBonus> {
    return trx
      .updateTable('member_bonuses')
      .set({
        status: change.status,
        end_entry_id: change.endEntryId,
        taken_back_minor: change.takenBackMinor,
        owed_minor: change.owedMinor,
        ended_at: change.now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The member's cancelled bonuses that still owe, oldest first, locked: the order their debts are paid in. */
  lockOwed(trx: Transaction<Database>, memberId: bigint): Promise<MemberBonus[]> {
    return trx
      .selectFrom('member_bonuses')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('owed_minor', '>', 0n)
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  /** `paid` of a bonus's debt has been taken back at `now`; the instant the last of it is taken is kept. */
  async payOwed(trx: Transaction<Database>, id: bigint, paid: bigint, now: Date): Promise<void> {
    await trx
      .updateTable('member_bonuses')
      .set((eb) => ({
        owed_minor: eb('owed_minor', '-', paid),
        taken_back_minor: sql<bigint>`coalesce(taken_back_minor, 0) + ${paid}`,
        debt_paid_at: sql<Date | null>`case when owed_minor = ${paid} then ${now}::timestamptz else debt_paid_at end`,
      }))
      .where('id', '=', id)
      .execute();
  }

  /** The reference of a journal entry: a debt's payments describe themselves as the bonus's own entry did. */
  async entryReference(db: Db, entryId: bigint): Promise<Record<string, JsonValue>> {
    const row = await db.selectFrom('journal_entries').select('reference').where('id', '=', entryId).executeTakeFirst();
    return (row?.reference ?? {}) as Record<string, JsonValue>;
  }

  /**
   * The money of the member's transfers still under way between the wallet and the game accounts, and how many
   * transfers the member has made: a new transfer, or one that ends, changes one or the other.
   */
  async transfersUnderWay(db: Db, memberId: bigint): Promise<{ openMinor: bigint; count: number }> {
    const row = await db
      .selectFrom('game_transfers')
      .select((eb) => [
        eb.fn
          .coalesce(
            eb.fn.sum<bigint>(
              eb
                .case()
                .when('state', 'in', [...OPEN_TRANSFER_STATES])
                .then(eb.ref('amount_minor'))
                .end(),
            ),
            sql<bigint>`0`,
          )
          .as('open'),
        eb.fn.countAll<bigint>().as('count'),
      ])
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return { openMinor: BigInt(row.open), count: Number(row.count) };
  }

  /** The member's active game accounts with their provider rows: where the bet records and balances live. */
  listGameAccounts(db: Db, memberId: bigint) {
    return db
      .selectFrom('game_accounts as a')
      .innerJoin('game_providers as p', 'p.code', 'a.provider_code')
      .selectAll('p')
      .select('a.username')
      .where('a.member_id', '=', memberId)
      .where('a.status', '=', 'active')
      .orderBy('p.code')
      .execute();
  }
}
