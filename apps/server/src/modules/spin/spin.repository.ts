import type { ExpressionBuilder, Insertable, Selectable, Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import type { SpinCouponsTable, SpinDrawsTable } from '../../db/tables/promotions.table.ts';

export type SpinDraw = Selectable<SpinDrawsTable>;
export type SpinCouponRow = Selectable<SpinCouponsTable>;

/** A deposit or withdrawal entry of a member not yet counted for coins: what it moved in (+) or out (-) of the wallet. */
export interface UncountedMovement {
  entryId: bigint;
  currency: string;
  amountMinor: bigint;
}

/** A member's coins (docs/promotions/wheel.md, Coins). */
export interface CoinState {
  /** Coins to spin. */
  coins: number;
  /** Net deposited minor units not yet worth a whole coin. */
  remainderMinor: bigint;
  /** Coins deposits earned that withdrawals have not taken back. */
  depositCoins: number;
  /** Coins taken back after they were spun. */
  coinDebt: number;
}

/** All SQL of the prize wheel (docs/promotions/wheel.md). */
export class SpinRepository {
  async coinsOf(db: Db, memberId: bigint): Promise<number> {
    const row = await db.selectFrom('spin_coins').select('coins').where('member_id', '=', memberId).executeTakeFirst();
    return row?.coins ?? 0;
  }

  /**
   * The member's deposit and withdrawal entries (originals and reversals, whatever their state: the wallet moved
   * when each was posted) that no coin accrual has counted yet, oldest first, with what each moved in (+) or out
   * (-) of the member's wallet.
   */
  async uncountedMovements(db: Db, memberId: bigint, limit: number): Promise<UncountedMovement[]> {
    const rows = await db
      .selectFrom('journal_entries as entry')
      .innerJoin('postings as posting', 'posting.entry_id', 'entry.id')
      .innerJoin('ledger_accounts as account', 'account.id', 'posting.account_id')
      .select(['entry.id as entryId', 'account.currency as currency'])
      .select((eb) => eb.fn.sum<string>('posting.amount').as('amountMinor'))
      .where('entry.member_id', '=', memberId)
      .where('entry.type', 'in', ['deposit', 'withdraw'])
      .where('account.kind', '=', 'member_wallet')
      .where('account.member_id', '=', memberId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('spin_coin_deposits as counted')
              .select('counted.entry_id')
              .whereRef('counted.entry_id', '=', 'entry.id'),
          ),
        ),
      )
      .groupBy(['entry.id', 'account.currency'])
      .orderBy('entry.id')
      .limit(limit)
      .execute();
    return rows
      .map((row) => ({ entryId: row.entryId, currency: row.currency, amountMinor: BigInt(row.amountMinor) }))
      .filter((row) => row.amountMinor !== 0n);
  }

  /** The member's coin row, created at zero on first use, locked for the rest of the transaction. */
  async lockCoins(trx: Transaction<Database>, memberId: bigint) {
    await trx
      .insertInto('spin_coins')
      .values({ member_id: memberId })
      .onConflict((conflict) => conflict.column('member_id').doNothing())
      .execute();
    return trx
      .selectFrom('spin_coins')
      .selectAll()
      .where('member_id', '=', memberId)
      .forUpdate()
      .executeTakeFirstOrThrow();
  }

  /** Records deposits as counted; answers the entry ids newly recorded (a racer's are left out). */
  async recordCounted(
    trx: Transaction<Database>,
    memberId: bigint,
    deposits: readonly UncountedMovement[],
    now: Date,
  ): Promise<Set<bigint>> {
    if (deposits.length === 0) return new Set();
    const rows = await trx
      .insertInto('spin_coin_deposits')
      .values(
        deposits.map((deposit) => ({
          entry_id: deposit.entryId,
          member_id: memberId,
          amount_minor: deposit.amountMinor,
          created_at: now,
        })),
      )
      .onConflict((conflict) => conflict.column('entry_id').doNothing())
      .returning('entry_id')
      .execute();
    return new Set(rows.map((row) => row.entry_id));
  }

  async setCoins(trx: Transaction<Database>, memberId: bigint, change: CoinState & { now: Date }): Promise<void> {
    await trx
      .updateTable('spin_coins')
      .set({
        coins: change.coins,
        deposit_remainder_minor: change.remainderMinor,
        deposit_coins: change.depositCoins,
        coin_debt: change.coinDebt,
        updated_at: change.now,
      })
      .where('member_id', '=', memberId)
      .execute();
  }

  /** Records a grant once per (member, key); answers whether it was new. */
  async insertGrant(
    trx: Transaction<Database>,
    grant: { memberId: bigint; key: string; coins: number; now: Date },
  ): Promise<boolean> {
    const row = await trx
      .insertInto('spin_coin_grants')
      .values({ member_id: grant.memberId, grant_key: grant.key, coins: grant.coins, created_at: grant.now })
      .onConflict((conflict) => conflict.columns(['member_id', 'grant_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Takes one coin if the member has one, in one conditional statement (concurrent spins queue on the row and
   * each sees the count the one before left). Answers the coins left, or undefined when there was none.
   */
  async takeCoin(trx: Transaction<Database>, memberId: bigint, now: Date): Promise<number | undefined> {
    const row = await trx
      .updateTable('spin_coins')
      .set((eb) => ({ coins: eb('coins', '-', 1), updated_at: now }))
      .where('member_id', '=', memberId)
      .where('coins', '>', 0)
      .returning('coins')
      .executeTakeFirst();
    return row?.coins;
  }

  /** Inserts a draw, or answers undefined when the member's request key already has one. */
  insertDraw(trx: Transaction<Database>, row: Insertable<SpinDrawsTable>) {
    return trx
      .insertInto('spin_draws')
      .values(row)
      .onConflict((conflict) => conflict.columns(['member_id', 'request_key']).doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  findDrawByKey(db: Db, memberId: bigint, requestKey: string) {
    return db
      .selectFrom('spin_draws')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('request_key', '=', requestKey)
      .executeTakeFirst();
  }

  insertCoupon(trx: Transaction<Database>, row: Insertable<SpinCouponsTable>) {
    return trx.insertInto('spin_coupons').values(row).returningAll().executeTakeFirstOrThrow();
  }

  findCouponOfDraw(db: Db, drawId: bigint) {
    return db.selectFrom('spin_coupons').selectAll().where('draw_id', '=', drawId).executeTakeFirst();
  }

  /**
   * One page of the member's coupons (docs/promotions/wheel.md, Coupons): those claimable at `now` first, then the
   * others, each group newest first, ties broken by id (the later-made first), so the order is total and a page
   * boundary never splits or repeats a coupon between two reads at the same `now`. Offset paging: the claimable
   * flag moves with time and claims, so there is no fixed key to continue from.
   */
  listCouponsPage(db: Db, memberId: bigint, page: { now: Date; offset: number; limit: number }) {
    return db
      .selectFrom('spin_coupons')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy((eb) => claimableAt(eb, page.now), 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
  }

  /** How many coupons the member has, and how many of them are claimable at `now`. */
  async countCoupons(db: Db, memberId: bigint, now: Date): Promise<{ total: number; claimable: number }> {
    const row = await db
      .selectFrom('spin_coupons')
      .select((eb) => [
        eb.fn.countAll<string>().as('total'),
        eb.fn
          .countAll<string>()
          .filterWhere((filter) => claimableAt(filter, now))
          .as('claimable'),
      ])
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), claimable: Number(row.claimable) };
  }

  /** The member's own coupon by its public id: another member's answers as if it did not exist. */
  findCoupon(db: Db, memberId: bigint, publicId: string) {
    return db
      .selectFrom('spin_coupons')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('public_id', '=', publicId)
      .executeTakeFirst();
  }

  lockCoupon(trx: Transaction<Database>, id: bigint) {
    return trx.selectFrom('spin_coupons').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
  }

  markClaimed(trx: Transaction<Database>, id: bigint, entryId: bigint, now: Date) {
    return trx
      .updateTable('spin_coupons')
      .set({ claimed_at: now, entry_id: entryId })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}

/**
 * A coupon the member can claim at `now`: not claimed, cash, not expired. The same rule as the service's
 * `claimable` flag and its claim checks (spin.service.ts).
 */
function claimableAt(eb: ExpressionBuilder<Database, 'spin_coupons'>, now: Date) {
  return eb.and([eb('claimed_at', 'is', null), eb('prize_type', '=', 'cash'), eb('expires_at', '>', now)]);
}
