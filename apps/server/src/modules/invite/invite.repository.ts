import { type Insertable, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import type { InviteAccrualState, InviteAccrualsTable, InviteReviewsTable } from '../../db/tables/promotions.table.ts';
import type { LinkReview, ScreenedInvitee } from './invite.screening.ts';

export type InviteAccrual = Selectable<InviteAccrualsTable>;

/** One invitee's net deposits (deposits minus withdrawals, through the wallet) on one local day. */
export interface InviteeDay {
  inviteeId: bigint;
  /** Days since 1970-01-01 in the site's time zone. */
  dayNumber: bigint;
  netMinor: bigint;
}

/** A list of text as a PostgreSQL `text[]` (written out, so both drivers bind the same parameters). */
function textArray<T extends string>(values: readonly T[]) {
  return sql<T[]>`array[${sql.join(values)}]::text[]`;
}

/** All SQL of the invite programme (docs/promotions/invite.md). */
export class InviteRepository {
  constructor(private readonly db: Db) {}

  async accruedUntil(db: Db, inviterId: bigint): Promise<Date | undefined> {
    const row = await db
      .selectFrom('invite_accrual_cursors')
      .select('accrued_until')
      .where('inviter_id', '=', inviterId)
      .executeTakeFirst();
    return row?.accrued_until;
  }

  /** Starts an inviter's cursor at `start` unless it has one (the demo's inviter, whose invitee played yesterday). */
  async startCursor(inviterId: bigint, start: Date): Promise<void> {
    await this.db
      .insertInto('invite_accrual_cursors')
      .values({ inviter_id: inviterId, accrued_until: start })
      .onConflict((conflict) => conflict.column('inviter_id').doNothing())
      .execute();
  }

  /** The inviter's cursor, created at `start` on first use, locked until the transaction ends. */
  async lockCursor(trx: Transaction<Database>, inviterId: bigint, start: Date): Promise<Date> {
    await trx
      .insertInto('invite_accrual_cursors')
      .values({ inviter_id: inviterId, accrued_until: start })
      .onConflict((conflict) => conflict.column('inviter_id').doNothing())
      .execute();
    const row = await trx
      .selectFrom('invite_accrual_cursors')
      .select('accrued_until')
      .where('inviter_id', '=', inviterId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    return row.accrued_until;
  }

  async moveCursor(trx: Transaction<Database>, inviterId: bigint, until: Date): Promise<void> {
    await trx
      .updateTable('invite_accrual_cursors')
      .set({ accrued_until: until })
      .where('inviter_id', '=', inviterId)
      .execute();
  }

  /**
   * Net deposits per (invitee, local day) over [from, to) of the inviter's invitees in `currency`: the sum of
   * their wallet postings of deposit and withdraw entries (a failed withdrawal's compensation counts back).
   * `offsetSeconds` is the site zone's offset from UTC, which turns instants into local day numbers.
   */
  async inviteeDays(
    trx: Transaction<Database>,
    query: { inviterId: bigint; currency: string; from: Date; to: Date; offsetSeconds: number },
  ): Promise<InviteeDay[]> {
    const rows = await this.inviteeMovements(trx, query)
      .where('entry.created_at', '>=', query.from)
      .where('entry.created_at', '<', query.to)
      .select([
        'entry.member_id as inviteeId',
        sql<bigint>`floor((extract(epoch from entry.created_at) + ${query.offsetSeconds}) / 86400)::bigint`.as(
          'dayNumber',
        ),
        sql<bigint>`sum(posting.amount)::bigint`.as('netMinor'),
      ])
      .groupBy(['entry.member_id', 'dayNumber'])
      .execute();
    return rows.map((row) => ({
      inviteeId: row.inviteeId as bigint,
      dayNumber: row.dayNumber,
      netMinor: row.netMinor,
    }));
  }

  /** The wallet postings of the deposit and withdraw entries of the inviter's invitees in `currency`. */
  private inviteeMovements(trx: Transaction<Database>, query: { inviterId: bigint; currency: string }) {
    return trx
      .selectFrom('journal_entries as entry')
      .innerJoin('members as invitee', 'invitee.id', 'entry.member_id')
      .innerJoin('postings as posting', 'posting.entry_id', 'entry.id')
      .innerJoin('ledger_accounts as account', 'account.id', 'posting.account_id')
      .where('invitee.inviter_id', '=', query.inviterId)
      .where('invitee.currency', '=', query.currency)
      .where('account.kind', '=', 'member_wallet')
      .where('entry.type', 'in', ['deposit', 'withdraw']);
  }

  /**
   * Each invitee's net deposits (deposits minus withdrawals through the wallet) of every entry created before
   * `before`: where their cumulative stood when the first day of a pass began.
   */
  async inviteeNetBefore(
    trx: Transaction<Database>,
    query: { inviterId: bigint; currency: string; before: Date },
  ): Promise<Map<bigint, bigint>> {
    const rows = await this.inviteeMovements(trx, query)
      .where('entry.created_at', '<', query.before)
      .select(['entry.member_id as inviteeId', sql<bigint>`sum(posting.amount)::bigint`.as('netMinor')])
      .groupBy('entry.member_id')
      .execute();
    return new Map(rows.map((row) => [row.inviteeId as bigint, row.netMinor]));
  }

  /**
   * Each invitee's high-water mark: the cumulative net deposits already accrued on, the sum of the bases of their
   * accruals (whatever became of them: collected, held or forfeited).
   */
  async paidOn(trx: Transaction<Database>, inviterId: bigint): Promise<Map<bigint, bigint>> {
    const rows = await trx
      .selectFrom('invite_accruals')
      .where('inviter_id', '=', inviterId)
      .select(['invitee_id', sql<bigint>`sum(net_deposit_minor)::bigint`.as('markMinor')])
      .groupBy('invitee_id')
      .execute();
    return new Map(rows.map((row) => [row.invitee_id, row.markMinor]));
  }

  async insertAccruals(trx: Transaction<Database>, rows: Insertable<InviteAccrualsTable>[]): Promise<void> {
    if (rows.length === 0) return;
    await trx
      .insertInto('invite_accruals')
      .values(rows)
      .onConflict((conflict) => conflict.columns(['invitee_id', 'day_start']).doNothing())
      .execute();
  }

  /** Inviters whose cursor is behind `target` (or who have none), for the background accrual pass. */
  async invitersBehind(target: Date, limit: number): Promise<bigint[]> {
    const rows = await this.db
      .selectFrom('members as invitee')
      .leftJoin('invite_accrual_cursors as cursor', 'cursor.inviter_id', 'invitee.inviter_id')
      .where('invitee.inviter_id', 'is not', null)
      .where((eb) => eb.or([eb('cursor.accrued_until', 'is', null), eb('cursor.accrued_until', '<', target)]))
      .select('invitee.inviter_id')
      .distinct()
      .limit(limit)
      .execute();
    return rows.flatMap((row) => (row.inviter_id === null ? [] : [row.inviter_id]));
  }

  /**
   * The collectable accruals of an inviter (open, uncollected), locked: a concurrent collection waits, then finds
   * them taken; a hold waiting on them then finds them collected.
   */
  lockUncollected(trx: Transaction<Database>, inviterId: bigint, currency: string) {
    return trx
      .selectFrom('invite_accruals')
      .select(['id', 'amount_minor'])
      .where('inviter_id', '=', inviterId)
      .where('currency', '=', currency)
      .where('collection_id', 'is', null)
      .where('state', '=', 'open')
      .forUpdate()
      .execute();
  }

  /** What the member may collect now: open, uncollected accruals (held ones are not counted). */
  async uncollectedMinor(db: Db, inviterId: bigint, currency: string): Promise<bigint> {
    const row = await db
      .selectFrom('invite_accruals')
      .select(sql<bigint>`coalesce(sum(amount_minor), 0)::bigint`.as('total'))
      .where('inviter_id', '=', inviterId)
      .where('currency', '=', currency)
      .where('collection_id', 'is', null)
      .where('state', '=', 'open')
      .executeTakeFirstOrThrow();
    return row.total;
  }

  async hasAccruals(db: Db, inviterId: bigint, state?: InviteAccrualState): Promise<boolean> {
    let query = db.selectFrom('invite_accruals').select('id').where('inviter_id', '=', inviterId);
    if (state) query = query.where('state', '=', state);
    return (await query.limit(1).executeTakeFirst()) !== undefined;
  }

  /**
   * The inviter's invitees of `currency` with what the self-referral screening compares, and whether one of the
   * two ever signed in on a device carrying the other's genuine device cookie (sessions, migration 0028).
   */
  async screenedInvitees(trx: Transaction<Database>, inviterId: bigint, currency: string): Promise<ScreenedInvitee[]> {
    const rows = await trx
      .selectFrom('members as invitee')
      .where('invitee.inviter_id', '=', inviterId)
      .where('invitee.currency', '=', currency)
      .select([
        'invitee.id',
        'invitee.public_id',
        'invitee.bank_account_name',
        'invitee.bank_account_no',
        'invitee.registration_ip',
      ])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('sessions as session')
              .select('session.id')
              .where((where) =>
                where.or([
                  where.and([
                    where('session.member_id', '=', where.ref('invitee.id')),
                    where('session.device_member_id', '=', inviterId),
                  ]),
                  where.and([
                    where('session.member_id', '=', inviterId),
                    where('session.device_member_id', '=', where.ref('invitee.id')),
                  ]),
                ]),
              ),
          )
          .as('shared_device'),
      )
      .execute();
    return rows.map((row) => ({ ...row, shared_device: row.shared_device === true }));
  }

  /** The reviews of the inviter's links, by invitee. */
  async reviews(trx: Transaction<Database>, inviterId: bigint): Promise<Map<bigint, LinkReview>> {
    const rows = await trx
      .selectFrom('invite_reviews')
      .select(['invitee_id', 'status', 'reasons'])
      .where('inviter_id', '=', inviterId)
      .execute();
    return new Map(rows.map((row) => [row.invitee_id, { status: row.status, reasons: row.reasons }]));
  }

  /**
   * Holds a link with `reasons` (all the kinds found so far): a new row, or an existing one held again (a released
   * link's decision is cleared; the audit log keeps it). `held_at` stays the first hold's while the link stays held.
   */
  async hold(
    trx: Transaction<Database>,
    row: Pick<InviteReviewsTable, 'invitee_id' | 'inviter_id' | 'reasons' | 'held_at'>,
  ) {
    await trx
      .insertInto('invite_reviews')
      .values({ ...row, reasons: textArray(row.reasons), status: 'held' })
      .onConflict((conflict) =>
        conflict.column('invitee_id').doUpdateSet({
          reasons: sql`excluded.reasons`,
          status: 'held',
          held_at: sql`case when invite_reviews.status = 'held' then invite_reviews.held_at else excluded.held_at end`,
          decided_by: null,
          decided_at: null,
          note: null,
        }),
      )
      .execute();
  }

  /**
   * Moves the invitee's uncollected accruals in state `from` to `to`: held when their link is held, open when it is
   * released, forfeited when it is rejected. A collected accrual never moves.
   */
  async moveAccruals(trx: Transaction<Database>, inviteeId: bigint, from: InviteAccrualState, to: InviteAccrualState) {
    await trx
      .updateTable('invite_accruals')
      .set({ state: to })
      .where('invitee_id', '=', inviteeId)
      .where('state', '=', from)
      .where('collection_id', 'is', null)
      .execute();
  }

  async insertCollection(
    trx: Transaction<Database>,
    row: {
      member_id: bigint;
      currency: string;
      accrued_minor: bigint;
      paid_minor: bigint;
      forfeited_minor: bigint;
      created_at: Date;
    },
  ): Promise<bigint> {
    const inserted = await trx.insertInto('invite_collections').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }

  async finishCollection(trx: Transaction<Database>, collectionId: bigint, accrualIds: bigint[], entryId: bigint) {
    await trx.updateTable('invite_collections').set({ entry_id: entryId }).where('id', '=', collectionId).execute();
    await trx
      .updateTable('invite_accruals')
      .set({ collection_id: collectionId })
      .where('id', 'in', accrualIds)
      .where('collection_id', 'is', null)
      .execute();
  }

  /** One page of the inviter's accruals, newest day first, with the invitee's name; and their count. */
  async page(inviterId: bigint, offset: number, limit: number) {
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const counted = await trx
          .selectFrom('invite_accruals')
          .select(sql<bigint>`count(*)::bigint`.as('total'))
          .where('inviter_id', '=', inviterId)
          .executeTakeFirstOrThrow();
        const total = Number(counted.total);
        const rows =
          offset < total
            ? await trx
                .selectFrom('invite_accruals as accrual')
                .innerJoin('members as invitee', 'invitee.id', 'accrual.invitee_id')
                .select([
                  'invitee.name',
                  'accrual.amount_minor',
                  'accrual.day_start',
                  'accrual.collection_id',
                  'accrual.state',
                ])
                .where('accrual.inviter_id', '=', inviterId)
                .orderBy('accrual.day_start', 'desc')
                .orderBy('accrual.id', 'desc')
                .offset(offset)
                .limit(limit)
                .execute()
            : [];
        return { total, rows };
      });
  }
}
