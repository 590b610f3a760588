import type { WatchListQuery, WatchRule } from '@member-wallet/contract/backoffice/safer-play';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** A member the watch rules raise, with the figures the rule saw (minor units as strings). */
export interface WatchCandidate {
  memberId: bigint;
  detail: Record<string, unknown>;
}

const DAY_SECONDS = 86_400;

/** The SQL of the operators' side of safer play (issue 23, Operator side): reads, the watch rules, the watch list. */
export class SaferPlayBackofficeRepository {
  memberByPublicId(db: Db, publicId: string) {
    return db.selectFrom('members').select(['id', 'currency']).where('public_id', '=', publicId).executeTakeFirst();
  }

  settings(db: Db, memberId: bigint) {
    return db.selectFrom('safer_play').selectAll().where('member_id', '=', memberId).executeTakeFirst();
  }

  limits(db: Db, memberId: bigint) {
    return db.selectFrom('safer_play_limits').selectAll().where('member_id', '=', memberId).execute();
  }

  async history(db: Db, memberId: bigint, page: number, limit: number) {
    const [count, rows] = await Promise.all([
      db
        .selectFrom('safer_play_events')
        .where('member_id', '=', memberId)
        .select(sql<string>`count(*)`.as('count'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('safer_play_events')
        .selectAll()
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
    ]);
    return { total: Number(count.count), rows };
  }

  /** The watch list's items of a state, newest first, with each member's public id, phone and name. */
  async watchPage(db: Db, query: WatchListQuery) {
    const base = watchBase(db).where('w.state', '=', query.state);
    const [count, rows] = await Promise.all([
      base.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
      this.watchRows(base)
        .orderBy('w.id', 'desc')
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute(),
    ]);
    return { total: Number(count.count), rows };
  }

  watchItem(db: Db, id: bigint) {
    return this.watchRows(watchBase(db).where('w.id', '=', id)).executeTakeFirst();
  }

  private watchRows(query: WatchBase) {
    return query
      .innerJoin('members as m', 'm.id', 'w.member_id')
      .leftJoin('operators as o', 'o.id', 'w.closed_by')
      .select([
        'w.id',
        'w.rule',
        'w.detail',
        'w.raised_at',
        'w.state',
        'w.note',
        'w.closed_at',
        'm.public_id',
        'm.phone',
        'm.name',
        'o.username as closed_by',
      ]);
  }

  lockItem(db: Db, id: bigint) {
    return db.selectFrom('watch_list').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  async close(db: Db, id: bigint, note: string, operatorId: bigint, now: Date): Promise<void> {
    await db
      .updateTable('watch_list')
      .set({ state: 'closed', note, closed_by: operatorId, closed_at: now })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Raises an item per candidate; a member with an open item of the rule keeps it (the partial unique index). The
   * index's predicate is a literal: with a parameter, a prepared statement's generic plan cannot tell the index.
   */
  async raise(db: Db, rule: WatchRule, candidates: readonly WatchCandidate[], now: Date): Promise<number> {
    if (candidates.length === 0) return 0;
    const inserted = await db
      .insertInto('watch_list')
      .values(
        candidates.map((candidate) => ({
          member_id: candidate.memberId,
          rule,
          detail: JSON.stringify(candidate.detail),
          raised_at: now,
          state: 'open' as const,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['member_id', 'rule']).where(sql.ref('state'), '=', sql.lit('open')).doNothing(),
      )
      .returning('id')
      .execute();
    return inserted.length;
  }

  /**
   * `deposit_surge`: members whose deposits of [now - 24 h, now] are at least `factor` times their daily average
   * of the 30 days before, and at least `minimumMinor`.
   */
  async depositSurges(db: Db, now: Date, factor: number, minimumMinor: bigint): Promise<WatchCandidate[]> {
    const dayAgo = new Date(now.getTime() - DAY_SECONDS * 1000);
    const monthBefore = new Date(dayAgo.getTime() - 30 * DAY_SECONDS * 1000);
    const rows = await walletPostings(db, monthBefore, now)
      .where('e.type', '=', 'deposit')
      .where('e.status', '=', 'completed')
      .where('p.amount', '>', 0n)
      .select([
        'e.member_id',
        sql<string>`coalesce(sum(p.amount) filter (where e.created_at >= ${dayAgo}), 0)`.as('last_day'),
        sql<string>`coalesce(sum(p.amount) filter (where e.created_at < ${dayAgo}), 0)`.as('before'),
      ])
      .groupBy('e.member_id')
      .having(sql<boolean>`coalesce(sum(p.amount) filter (where e.created_at >= ${dayAgo}), 0) >= ${minimumMinor}`)
      .execute();
    return rows.flatMap((row) => {
      const lastDay = BigInt(row.last_day);
      const before = BigInt(row.before);
      // lastDay >= factor * before / 30, in integers.
      if (lastDay * 30n < BigInt(factor) * before || row.member_id === null) return [];
      return [
        {
          memberId: row.member_id,
          detail: { lastDayMinor: String(lastDay), dailyAverageMinor: String(before / 30n) },
        },
      ];
    });
  }

  /**
   * `chasing_losses`: members with at least `count` deposits in [now - 24 h, now] each made within `withinMs`
   * after one of their transfers into a game account (a completed or pending wallet debit).
   */
  async chasingLosses(db: Db, now: Date, count: number, withinMs: number): Promise<WatchCandidate[]> {
    const dayAgo = new Date(now.getTime() - DAY_SECONDS * 1000);
    const within = `${Math.floor(withinMs / 1000)} seconds`;
    const rows = await walletPostings(db, dayAgo, now)
      .where('e.type', '=', 'deposit')
      .where('e.status', '=', 'completed')
      .where('p.amount', '>', 0n)
      .where(({ exists }) =>
        exists(
          intoGames(db, new Date(dayAgo.getTime() - withinMs), now)
            .select('t.id')
            // Correlated with the deposit: the same member, before it and at most `within` before.
            .where(
              sql<boolean>`t.member_id = e.member_id and t.created_at < e.created_at
                and t.created_at >= e.created_at - ${within}::interval`,
            ),
        ),
      )
      .select(['e.member_id', sql<string>`count(distinct e.id)`.as('deposits')])
      .groupBy('e.member_id')
      .having(sql<boolean>`count(distinct e.id) >= ${count}`)
      .execute();
    return rows.flatMap((row) =>
      row.member_id === null ? [] : [{ memberId: row.member_id, detail: { deposits: Number(row.deposits) } }],
    );
  }

  /**
   * `night_play`: members with transfers into game accounts between `fromHour` and `toHour` (site time, the zone's
   * offset `offsetSeconds`: both site zones keep one offset all year) on at least `nights` of the last 7 nights.
   */
  async nightPlay(db: Db, now: Date, offsetSeconds: number, hours: [number, number], nights: number) {
    const weekAgo = new Date(now.getTime() - 7 * DAY_SECONDS * 1000);
    const local = sql<number>`(extract(epoch from t.created_at)::bigint + ${offsetSeconds})`;
    const hour = sql<number>`((${local} % ${DAY_SECONDS}) / 3600)`;
    const rows = await intoGames(db, weekAgo, now)
      .where(hour, '>=', hours[0])
      .where(hour, '<', hours[1])
      .select(['t.member_id', sql<string>`count(distinct ${local} / ${DAY_SECONDS})`.as('nights')])
      .groupBy('t.member_id')
      .having(sql<boolean>`count(distinct ${local} / ${DAY_SECONDS}) >= ${nights}`)
      .execute();
    return rows.flatMap((row) =>
      row.member_id === null ? [] : [{ memberId: row.member_id, detail: { nights: Number(row.nights) } }],
    );
  }
}

type WatchBase = ReturnType<typeof watchBase>;
function watchBase(db: Db) {
  return db.selectFrom('watch_list as w');
}

/** Entries of [from, to] with their postings on the member's own wallet. */
function walletPostings(db: Db, from: Date, to: Date) {
  return db
    .selectFrom('journal_entries as e')
    .innerJoin('postings as p', 'p.entry_id', 'e.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .where('a.kind', '=', 'member_wallet')
    .whereRef('a.member_id', '=', 'e.member_id')
    .where('e.created_at', '>=', from)
    .where('e.created_at', '<=', to);
}

/** Transfers into game accounts of [from, to]: a transfer entry taking from the member's wallet, not undone. */
function intoGames(db: Db, from: Date, to: Date) {
  return db
    .selectFrom('journal_entries as t')
    .innerJoin('postings as tp', 'tp.entry_id', 't.id')
    .innerJoin('ledger_accounts as ta', 'ta.id', 'tp.account_id')
    .where('ta.kind', '=', 'member_wallet')
    .whereRef('ta.member_id', '=', 't.member_id')
    .where('t.type', '=', 'transfer')
    .where('t.status', 'in', ['pending', 'completed'])
    .where('t.reversal_of', 'is', null)
    .where('tp.amount', '<', 0n)
    .where('t.created_at', '>=', from)
    .where('t.created_at', '<=', to);
}
