import { SLIP_REVIEW_REASONS } from '@member-wallet/contract/backoffice/slips';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The figures of the back-office dashboard, each one query over the day's rows (docs/backoffice/README.md, Dashboard). */
export class DashboardRepository {
  constructor(private readonly db: Db) {}

  /** Completed deposits credited to members' wallets in [from, to), per currency. */
  deposits(from: Date, to: Date) {
    return this.db
      .selectFrom('journal_entries as e')
      .innerJoin('postings as p', 'p.entry_id', 'e.id')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .where('e.type', '=', 'deposit')
      .where('e.status', '=', 'completed')
      .where('e.created_at', '>=', from)
      .where('e.created_at', '<', to)
      .where('a.kind', '=', 'member_wallet')
      .where('p.amount', '>', 0n)
      .select(['a.currency'])
      .select((eb) => [eb.fn.count<string>('e.id').distinct().as('count'), eb.fn.sum<string>('p.amount').as('amount')])
      .groupBy('a.currency')
      .orderBy('a.currency')
      .execute();
  }

  /** Withdrawals asked for in [from, to), per currency and state. */
  withdrawals(from: Date, to: Date) {
    return this.db
      .selectFrom('withdrawals')
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .select(['currency', 'status'])
      .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.sum<string>('amount_minor').as('amount')])
      .groupBy(['currency', 'status'])
      .orderBy('currency')
      .orderBy('status')
      .execute();
  }

  /** What waits for operators now, whatever its day. */
  async pending() {
    const count = sql<string>`count(*)`.as('count');
    const [awaiting, inProgress, slips, slipsToReview, unmatched, adjustments, held, chats] = await Promise.all([
      this.db.selectFrom('withdrawals').where('review', '=', 'awaiting').select(count).executeTakeFirstOrThrow(),
      this.db
        .selectFrom('withdrawals')
        .where('status', '=', 'IN_PROGRESS')
        .where('review', '!=', 'awaiting')
        .select(count)
        .executeTakeFirstOrThrow(),
      this.db.selectFrom('slips').where('status', '=', 'IN_PROGRESS').select(count).executeTakeFirstOrThrow(),
      // Refused with a verified amount and not reviewed yet (docs/backoffice/deposits.md, Slips to review).
      this.db
        .selectFrom('slips')
        .where('status', '=', 'FAILED')
        .where('note', 'in', [...SLIP_REVIEW_REASONS])
        .where('amount_minor', 'is not', null)
        .where('review', 'is', null)
        .select(count)
        .executeTakeFirstOrThrow(),
      // Waiting: in suspense and not settled by an operator (a refund in flight is settled unless it fails).
      this.db
        .selectFrom('bank_transfers')
        .where('status', '=', 'unmatched')
        .where('settled_as', 'is', null)
        .select(count)
        .executeTakeFirstOrThrow(),
      this.db.selectFrom('adjustments').where('status', '=', 'awaiting').select(count).executeTakeFirstOrThrow(),
      this.db.selectFrom('invite_reviews').where('status', '=', 'held').select(count).executeTakeFirstOrThrow(),
      this.db.selectFrom('chat_conversations').where('operator_unread', '>', 0).select(count).executeTakeFirstOrThrow(),
    ]);
    return {
      withdrawalsAwaitingReview: Number(awaiting.count),
      withdrawalsInProgress: Number(inProgress.count),
      slipsInProgress: Number(slips.count),
      slipsToReview: Number(slipsToReview.count),
      unmatchedTransfers: Number(unmatched.count),
      adjustmentsAwaitingApproval: Number(adjustments.count),
      inviteLinksHeld: Number(held.count),
      chatsUnread: Number(chats.count),
    };
  }

  /** Members holding a live session at `now`. */
  async membersSignedIn(now: Date): Promise<number> {
    const row = await this.db
      .selectFrom('sessions')
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .select(sql<string>`count(distinct member_id)`.as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Safer play now (issue 23): members with a deposit or loss limit in force (a raise or removal past its
   * cooling-off counts as applied), in a time-out or self-excluded until their account reopens, open watch items.
   */
  async saferPlay(now: Date) {
    const row = await this.db
      .selectNoFrom([
        sql<string>`(select count(distinct member_id) from safer_play_limits where
          case when pending_from is not null and pending_from <= ${now} then pending_amount_minor
          else amount_minor end is not null)`.as('limits'),
        sql<string>`(select count(*) from safer_play where block_kind = 'timeout'
          and (reopens_at is null or reopens_at > ${now}))`.as('timed_out'),
        sql<string>`(select count(*) from safer_play where block_kind = 'self_exclusion'
          and (reopens_at is null or reopens_at > ${now}))`.as('excluded'),
        sql<string>`(select count(*) from watch_list where state = 'open')`.as('watch'),
      ])
      .executeTakeFirstOrThrow();
    return {
      membersWithLimit: Number(row.limits),
      membersTimedOut: Number(row.timed_out),
      membersSelfExcluded: Number(row.excluded),
      watchListOpen: Number(row.watch),
    };
  }

  /** Every job that has run on some node, with its last passes (lib/jobs/job-runs.ts). */
  async jobs() {
    return this.db.selectFrom('job_runs').selectAll().execute();
  }
}
