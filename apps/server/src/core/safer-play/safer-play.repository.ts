import type { LimitKind, LimitPeriod } from '@member-wallet/contract/safer-play';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SaferPlayLimitsTable, SaferPlayTable } from '../../db/tables/safer-play.table.ts';

export type SaferPlayRow = Selectable<SaferPlayTable>;
export type LimitRow = Selectable<SaferPlayLimitsTable>;

/** What a member's wallet counted since three instants: deposits credited, and money moved into games net. */
export interface PeriodSums {
  deposits: Record<LimitPeriod, bigint>;
  /** Into game accounts minus back out of them (negative when more came back). */
  intoGames: Record<LimitPeriod, bigint>;
}

export type PeriodStarts = Record<LimitPeriod, Date>;

/**
 * A posting that counts as a deposit (docs/safer-play.md, What counts): a deposit entry, or an operator's credit,
 * paid as cash (`adjustment`) or as a bonus (a `bonus` entry whose reference names the adjustment).
 */
const DEPOSIT_CREDIT = sql<boolean>`(e.type = 'deposit' or (p.amount > 0 and (e.type = 'adjustment'
  or (e.type = 'bonus' and e.reference ->> 'adjustment' is not null))))`;

/** The postings on the member's own wallet, with their entries (`e`) and account (`a`). */
function walletPostings(db: Db, memberId: bigint) {
  return db
    .selectFrom('journal_entries as e')
    .innerJoin('postings as p', 'p.entry_id', 'e.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .where('e.member_id', '=', memberId)
    .where('a.kind', '=', 'member_wallet')
    .where('a.member_id', '=', memberId);
}

/** The SQL of safer play (docs/safer-play.md). */
export class SaferPlayRepository {
  /** The member's row, locked until the transaction ends: deposits and transfers of one member take turns here. */
  lock(db: Db, memberId: bigint): Promise<SaferPlayRow | undefined> {
    return db.selectFrom('safer_play').selectAll().where('member_id', '=', memberId).forUpdate().executeTakeFirst();
  }

  find(db: Db, memberId: bigint): Promise<SaferPlayRow | undefined> {
    return db.selectFrom('safer_play').selectAll().where('member_id', '=', memberId).executeTakeFirst();
  }

  /** Creates the member's row when absent, then locks it. */
  async ensureLocked(db: Db, memberId: bigint, now: Date): Promise<SaferPlayRow> {
    await db
      .insertInto('safer_play')
      .values({ member_id: memberId, updated_at: now })
      .onConflict((conflict) => conflict.column('member_id').doNothing())
      .execute();
    const row = await this.lock(db, memberId);
    if (!row) throw new Error(`safer play row of member ${memberId} vanished`);
    return row;
  }

  async update(db: Db, memberId: bigint, values: Partial<Omit<SaferPlayRow, 'member_id'>>): Promise<SaferPlayRow> {
    return db
      .updateTable('safer_play')
      .set(values)
      .where('member_id', '=', memberId)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  limits(db: Db, memberId: bigint, kind?: LimitKind): Promise<LimitRow[]> {
    let query = db.selectFrom('safer_play_limits').selectAll().where('member_id', '=', memberId);
    if (kind) query = query.where('kind', '=', kind);
    return query.execute();
  }

  async saveLimit(db: Db, row: LimitRow): Promise<void> {
    await db
      .insertInto('safer_play_limits')
      .values(row)
      .onConflict((conflict) =>
        conflict.columns(['member_id', 'kind', 'period']).doUpdateSet({
          amount_minor: row.amount_minor,
          pending_amount_minor: row.pending_amount_minor,
          pending_from: row.pending_from,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }

  async recordEvent(db: Db, memberId: bigint, action: string, detail: Record<string, unknown>, at: Date) {
    await db
      .insertInto('safer_play_events')
      .values({ member_id: memberId, action, detail: JSON.stringify(detail), at })
      .execute();
  }

  /**
   * One read of the member's wallet postings since the earliest start: deposits credited (deposit entries, and
   * operators' credits) and the net of transfers between the wallet and game accounts, per period.
   */
  async sums(db: Db, memberId: bigint, starts: PeriodStarts): Promise<PeriodSums> {
    const earliest = new Date(Math.min(starts.day.getTime(), starts.week.getTime(), starts.month.getTime()));
    const sum = (kind: 'deposit' | 'transfer', from: Date) =>
      kind === 'deposit'
        ? sql<string>`coalesce(sum(p.amount) filter (where ${DEPOSIT_CREDIT} and e.created_at >= ${from}), 0)`
        : sql<string>`coalesce(-sum(p.amount) filter (where e.type = 'transfer' and e.created_at >= ${from}), 0)`;
    const row = await walletPostings(db, memberId)
      .where('e.created_at', '>=', earliest)
      .select([
        sum('deposit', starts.day).as('deposit_day'),
        sum('deposit', starts.week).as('deposit_week'),
        sum('deposit', starts.month).as('deposit_month'),
        sum('transfer', starts.day).as('transfer_day'),
        sum('transfer', starts.week).as('transfer_week'),
        sum('transfer', starts.month).as('transfer_month'),
      ])
      .executeTakeFirstOrThrow();
    return {
      deposits: { day: BigInt(row.deposit_day), week: BigInt(row.deposit_week), month: BigInt(row.deposit_month) },
      intoGames: { day: BigInt(row.transfer_day), week: BigInt(row.transfer_week), month: BigInt(row.transfer_month) },
    };
  }

  /** Ends every session of the member (a block begins). */
  async endSessions(db: Db, memberId: bigint, now: Date): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('member_id', '=', memberId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async sessionStart(db: Db, sessionId: bigint): Promise<Date> {
    const row = await db
      .selectFrom('sessions')
      .select('created_at')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    return row.created_at;
  }

  /** A month of the activity statement: money through the wallet in [from, to), and minutes of its sessions. */
  async monthFigures(db: Db, memberId: bigint, from: Date, to: Date) {
    const money = await walletPostings(db, memberId)
      .where('e.created_at', '>=', from)
      .where('e.created_at', '<', to)
      .select([
        sql<string>`coalesce(sum(p.amount) filter (where ${DEPOSIT_CREDIT}), 0)`.as('deposits'),
        sql<string>`coalesce(-sum(p.amount) filter (where e.type = 'withdraw'), 0)`.as('withdrawals'),
        sql<string>`coalesce(-sum(p.amount) filter (where e.type = 'transfer'), 0)`.as('into_games'),
      ])
      .executeTakeFirstOrThrow();
    // A session counts from its start to when it was last seen (or ended, if that was earlier).
    const time = await db
      .selectFrom('sessions')
      .where('member_id', '=', memberId)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .select(
        sql<string>`coalesce(sum(extract(epoch from (least(coalesce(last_seen_at, created_at), coalesce(revoked_at, expires_at), expires_at) - created_at))), 0)`.as(
          'seconds',
        ),
      )
      .executeTakeFirstOrThrow();
    return {
      deposits: BigInt(money.deposits),
      withdrawals: BigInt(money.withdrawals),
      intoGames: BigInt(money.into_games),
      minutesLoggedIn: Math.max(0, Math.floor(Number(time.seconds) / 60)),
    };
  }
}
