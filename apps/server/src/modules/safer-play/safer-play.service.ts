import { randomUUID } from 'node:crypto';
import { toMajor } from '@member-wallet/contract/money';
import {
  type ActivityResponse,
  type BlockKind,
  type BlockResponse,
  type BlockView,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  type LimitsRequest,
  type LimitsResponse,
  REOPEN_WAIT_HOURS,
  type StatusResponse,
} from '@member-wallet/contract/safer-play';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import { blockAt, refusalError, type SaferPlayGate, withRecorded } from '../../core/safer-play/safer-play.gate.ts';
import type { LimitRow, SaferPlayRepository, SaferPlayRow } from '../../core/safer-play/safer-play.repository.ts';
import type { Database, Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import { type Clock, HOUR_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { addLocalDays, localMonth, localMonthStart } from '../../lib/local-calendar.ts';
import type { AuthContext } from '../../lib/route.ts';
import type { RecordedLosses } from '../games/games.module.ts';
import { changeLimit, checkOrder, type LimitState, limitsAnswer, stateOf, wantedMinor } from './safer-play.limits.ts';

const REOPEN_WAIT_MS = REOPEN_WAIT_HOURS * HOUR_MS;
const ACTIVITY_MONTHS = 12;

/** What a block needs of the wallet: every game account's balance back into the wallet. */
export interface GameMoneyReturn {
  transferAll(member: { id: bigint; currency: string }, to: string, key: string): Promise<unknown>;
}

export interface SaferPlayServiceDeps {
  db: Db;
  /** What the providers recorded the member lost (the loss limits' second measure, docs/safer-play.md). */
  recordedLosses?: RecordedLosses;
  repository: SaferPlayRepository;
  gate: SaferPlayGate;
  clock: Clock;
  timeZone: string;
  games: GameMoneyReturn;
  logger: FastifyBaseLogger;
  /** The accounts of the member's person (docs/accounts.md), and their currencies: a block ends all their play. */
  people: {
    accountsOf(db: Db, memberId: bigint): Promise<bigint[]>;
    screenBlock(trx: Transaction<Database>, memberId: bigint): Promise<void>;
  };
  members: { findById(id: bigint): Promise<{ id: bigint; currency: string } | undefined> };
}

/** The block of a member's row as the member and the operators see it; null when none is in force. */
export function blockView(row: SaferPlayRow, now: Date): BlockView | null {
  if (!row.block_kind || !row.block_started_at || !blockAt(row, now)) return null;
  return {
    kind: row.block_kind,
    startedAt: row.block_started_at.toISOString(),
    endsAt: row.block_ends_at?.toISOString() ?? null,
    ended: row.block_ends_at !== null && row.block_ends_at.getTime() <= now.getTime(),
    reopenRequestedAt: row.reopen_requested_at?.toISOString() ?? null,
    reopensAt: row.reopens_at?.toISOString() ?? null,
  };
}

/** Months later, on the same day and time of the month (the last day of a shorter month). */
function addMonths(instant: Date, months: number): Date {
  const later = new Date(instant);
  const day = later.getUTCDate();
  later.setUTCDate(1);
  later.setUTCMonth(later.getUTCMonth() + months);
  const last = new Date(Date.UTC(later.getUTCFullYear(), later.getUTCMonth() + 1, 0)).getUTCDate();
  later.setUTCDate(Math.min(day, last));
  return later;
}

/**
 * A member's own safer-play controls (docs/safer-play.md): limits with their cooling-off, the reality check, a
 * time-out or self-exclusion (which ends every session and brings the game balances back, of every account of the
 * member's person), reopening, and the
 * activity statement. Nobody can lift a block early: no route of the back-office changes any of it.
 */
export class SaferPlayService {
  constructor(private readonly deps: SaferPlayServiceDeps) {}

  async limits(auth: AuthContext): Promise<LimitsResponse> {
    const { db, repository, gate, clock } = this.deps;
    const now = clock.now();
    const rows = await repository.limits(db, auth.memberId);
    const starts = gate.periodStarts(now);
    let sums = await repository.sums(db, auth.memberId, starts);
    const lossLimited = rows.some((row) => row.kind === 'loss' && stateOf(row, now).amount !== null);
    if (lossLimited && this.deps.recordedLosses) {
      sums = withRecorded(sums, await this.deps.recordedLosses(auth.memberId, starts, now));
    }
    const answer = limitsAnswer(rows, sums, auth.currency, now);
    const waiting = LIMIT_KINDS.some((kind) => LIMIT_PERIODS.some((period) => answer[kind][period].pending));
    return { message: waiting ? 'LIMIT_COOLING_OFF' : 'SUCCESS', ...answer };
  }

  async setLimits(auth: AuthContext, request: LimitsRequest): Promise<LimitsResponse> {
    checkOrder(request);
    const { db, repository, clock } = this.deps;
    await transactionWithRetry(db, async (trx) => {
      const now = clock.now();
      await repository.ensureLocked(trx, auth.memberId, now);
      const rows = await repository.limits(trx, auth.memberId);
      for (const kind of LIMIT_KINDS) {
        for (const period of LIMIT_PERIODS) {
          const row = rows.find((item) => item.kind === kind && item.period === period);
          const before = stateOf(row, now);
          const after = changeLimit(before, wantedMinor(request, kind, period), now);
          if (stored(row, after)) continue;
          await repository.saveLimit(trx, {
            member_id: auth.memberId,
            kind,
            period,
            amount_minor: after.amount,
            pending_amount_minor: after.pending?.amount ?? null,
            pending_from: after.pending?.from ?? null,
            updated_at: now,
          });
          if (sameState(before, after)) continue;
          await repository.recordEvent(trx, auth.memberId, 'limit', { kind, period, ...eventOf(before, after) }, now);
        }
      }
    });
    return this.limits(auth);
  }

  async setRealityCheck(
    auth: AuthContext,
    minutes: number | null,
  ): Promise<{ message: 'SUCCESS'; minutes: number | null }> {
    const { db, repository, clock } = this.deps;
    const value = minutes === 0 ? null : minutes;
    await transactionWithRetry(db, async (trx) => {
      const now = clock.now();
      const row = await repository.ensureLocked(trx, auth.memberId, now);
      if (row.reality_check_minutes === value) return;
      await repository.update(trx, auth.memberId, { reality_check_minutes: value, updated_at: now });
      await repository.recordEvent(trx, auth.memberId, 'reality_check', { minutes: value }, now);
    });
    return { message: 'SUCCESS', minutes: value };
  }

  /** A time-out of `days` or a self-exclusion of `months` (0: permanent): in force at once, every session ended. */
  async block(auth: AuthContext, kind: BlockKind, length: number): Promise<BlockResponse> {
    const { db, repository, clock } = this.deps;
    const row = await transactionWithRetry(db, async (trx) => {
      const now = clock.now();
      const current = await repository.ensureLocked(trx, auth.memberId, now);
      const inForce = blockAt(current, now);
      if (inForce) throw refusalError(inForce);
      const endsAt =
        kind === 'timeout'
          ? new Date(now.getTime() + length * 24 * HOUR_MS)
          : length === 0
            ? null
            : addMonths(now, length);
      const updated = await repository.update(trx, auth.memberId, {
        block_kind: kind,
        block_started_at: now,
        block_ends_at: endsAt,
        reopen_requested_at: null,
        reopens_at: null,
        updated_at: now,
      });
      await repository.recordEvent(trx, auth.memberId, kind, { endsAt: endsAt?.toISOString() ?? null }, now);
      // Accounts of the person no registration found (the name in the other script) are found now, and every
      // account of the person stops at once, as the member's own do.
      await this.deps.people.screenBlock(trx, auth.memberId);
      for (const memberId of await this.deps.people.accountsOf(trx, auth.memberId)) {
        await repository.endSessions(trx, memberId, now);
      }
      return updated;
    });
    for (const memberId of await this.deps.people.accountsOf(db, auth.memberId)) {
      const member =
        memberId === auth.memberId
          ? { id: memberId, currency: auth.currency }
          : await this.deps.members.findById(memberId);
      if (member) await this.returnGameMoney(member);
    }
    const view = blockView(row, clock.now());
    if (!view) throw new Error(`the block of member ${auth.memberId} is not in force after it was set`);
    return { message: 'SUCCESS', block: view };
  }

  /**
   * After a block has ended, the member asks to reopen: the account reopens 24 hours later. Asking again keeps the
   * first time; a block still running (or permanent) answers its code with its end.
   */
  async reopen(auth: AuthContext): Promise<BlockResponse> {
    const { db, repository, clock } = this.deps;
    const row = await transactionWithRetry(db, async (trx) => {
      const now = clock.now();
      const current = await repository.lock(trx, auth.memberId);
      const inForce = blockAt(current, now);
      if (!current || !inForce) throw new AppError('NO_DATA');
      if (current.block_ends_at === null || current.block_ends_at.getTime() > now.getTime())
        throw refusalError(inForce);
      if (current.reopen_requested_at) return current;
      const reopensAt = new Date(now.getTime() + REOPEN_WAIT_MS);
      await repository.recordEvent(trx, auth.memberId, 'reopen_requested', { reopensAt: reopensAt.toISOString() }, now);
      return repository.update(trx, auth.memberId, {
        reopen_requested_at: now,
        reopens_at: reopensAt,
        updated_at: now,
      });
    });
    const view = blockView(row, clock.now());
    if (!view) throw new AppError('NO_DATA');
    return { message: 'SUCCESS', block: view };
  }

  async status(auth: AuthContext): Promise<StatusResponse> {
    const { db, repository, clock } = this.deps;
    const now = clock.now();
    const row = await repository.find(db, auth.memberId);
    const startedAt = await repository.sessionStart(db, auth.sessionId);
    const since = { day: startedAt, week: startedAt, month: startedAt };
    const sums = await repository.sums(db, auth.memberId, since);
    return {
      currency: auth.currency,
      realityCheckMinutes: row?.reality_check_minutes ?? null,
      block: row ? blockView(row, now) : null,
      session: { startedAt: startedAt.toISOString(), netResult: toMajor(-sums.intoGames.day) },
    };
  }

  /** The last 12 local months, newest first: deposits, withdrawals, net result and time logged in. */
  async activity(auth: AuthContext): Promise<ActivityResponse> {
    const { db, repository, clock, timeZone } = this.deps;
    let end = addLocalDays(localMonthStart(clock.now(), timeZone), 32, timeZone);
    end = localMonthStart(end, timeZone);
    const months: ActivityResponse['months'] = [];
    for (let index = 0; index < ACTIVITY_MONTHS; index++) {
      const start = localMonthStart(new Date(end.getTime() - 1), timeZone);
      const figures = await repository.monthFigures(db, auth.memberId, start, end);
      months.push({
        month: localMonth(start, timeZone),
        deposits: toMajor(figures.deposits),
        withdrawals: toMajor(figures.withdrawals),
        netResult: toMajor(-figures.intoGames),
        minutesLoggedIn: figures.minutesLoggedIn,
      });
      end = start;
    }
    return { currency: auth.currency, months };
  }

  /** Every game account's balance back into the wallet; what cannot come back now stays for the reconciler. */
  private async returnGameMoney(member: { id: bigint; currency: string }): Promise<void> {
    try {
      await this.deps.games.transferAll(member, 'wallet', `block:${randomUUID()}`);
    } catch (error) {
      if (error instanceof AppError && error.code === 'MONEY_NOT_ENOUGH') return;
      this.deps.logger.warn({ err: error, member: String(member.id) }, 'game balances not all back after a block');
    }
  }
}

/** Whether the stored row says exactly `state` (a passed cooling-off is folded into the amount when it differs). */
function stored(row: LimitRow | undefined, state: LimitState): boolean {
  if (!row) return state.amount === null && state.pending === null;
  return (
    row.amount_minor === state.amount &&
    row.pending_amount_minor === (state.pending?.amount ?? null) &&
    row.pending_from?.getTime() === state.pending?.from.getTime()
  );
}

function sameState(a: LimitState, b: LimitState): boolean {
  return (
    a.amount === b.amount &&
    a.pending?.amount === b.pending?.amount &&
    a.pending?.from.getTime() === b.pending?.from.getTime()
  );
}

function eventOf(before: LimitState, after: LimitState) {
  return {
    from: before.amount === null ? null : String(before.amount),
    to: after.amount === null ? null : String(after.amount),
    pending: after.pending
      ? {
          amount: after.pending.amount === null ? null : String(after.pending.amount),
          from: after.pending.from.toISOString(),
        }
      : null,
  };
}
