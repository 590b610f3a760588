import type { LimitKind, LimitPeriod } from '@member-wallet/contract/safer-play';
import type { Db } from '../../db/database.ts';
import type { HeldReason } from '../../db/tables/deposits.table.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { localDayStart, localMonthStart, localWeekStart } from '../../lib/local-calendar.ts';
import type { PersonRepository } from '../person/person.repository.ts';
import type { LimitRow, PeriodStarts, PeriodSums, SaferPlayRepository, SaferPlayRow } from './safer-play.repository.ts';

const PERIODS: readonly LimitPeriod[] = ['day', 'week', 'month'];
const MINOR_PER_MAJOR = 100n;

/** Net losses the game providers recorded in each period (minor units). */
export type PeriodLosses = Record<LimitPeriod, bigint>;

/**
 * Thrown by the check of a transfer into a game account when the member has a loss limit and the providers' records
 * were not read: the caller reads them outside its transaction (never a provider call while rows are locked) and
 * runs the reserve again with them.
 */
export class RecordsWanted extends Error {
  override name = 'RecordsWanted';
}

/** Why a deposit or a transfer into a game account is refused (docs/safer-play.md). */
export type Refusal =
  | { code: 'DEPOSIT_LIMIT_REACHED' | 'LOSS_LIMIT_REACHED'; leftMinor: bigint }
  | { code: 'TIMED_OUT' | 'SELF_EXCLUDED'; until: Date | null };

/** A time-out or a self-exclusion in force (or ended but not reopened), and its end (null: for good). */
export type Block = { code: 'TIMED_OUT' | 'SELF_EXCLUDED'; until: Date | null };

/** The block of a row as it stands at `now`: in force (or ended but not reopened), or none. */
export function blockAt(row: SaferPlayRow | undefined, now: Date): Block | null {
  if (!row?.block_kind) return null;
  if (row.reopens_at !== null && row.reopens_at.getTime() <= now.getTime()) return null;
  return { code: row.block_kind === 'timeout' ? 'TIMED_OUT' : 'SELF_EXCLUDED', until: row.block_ends_at };
}

/** The block that weighs most of several: a self-exclusion before a time-out, the later end (or none) first. */
export function strongestBlock(rows: readonly SaferPlayRow[], now: Date): Block | null {
  let strongest: Block | null = null;
  for (const row of rows) {
    const block = blockAt(row, now);
    if (block && (!strongest || weight(block) > weight(strongest))) strongest = block;
  }
  return strongest;
}

function weight(block: Block): number {
  const end = block.until === null ? Number.MAX_SAFE_INTEGER / 2 : block.until.getTime();
  return (block.code === 'SELF_EXCLUDED' ? Number.MAX_SAFE_INTEGER / 2 : 0) + end;
}

/** A limit's amount in force at `now`: the pending one once its cooling-off has passed. */
export function limitInForce(row: LimitRow, now: Date): bigint | null {
  if (row.pending_from !== null && row.pending_from.getTime() <= now.getTime()) return row.pending_amount_minor;
  return row.amount_minor;
}

/** The refusal's error answer: 403, `detail` the amount left in major units, or when the block ends. */
export function refusalError(refusal: Refusal): AppError {
  if ('leftMinor' in refusal) {
    const left = refusal.leftMinor < 0n ? 0n : refusal.leftMinor;
    const cents = String(left % MINOR_PER_MAJOR).padStart(2, '0');
    return new AppError(refusal.code, undefined, `${left / MINOR_PER_MAJOR}.${cents}`);
  }
  return new AppError(refusal.code, undefined, refusal.until?.toISOString());
}

/** The suspense reason of a deposit held for a refusal. */
export function heldReasonOf(refusal: Refusal): HeldReason {
  if (refusal.code === 'TIMED_OUT') return 'timed_out';
  if (refusal.code === 'SELF_EXCLUDED') return 'self_excluded';
  return 'deposit_limit';
}

export interface SaferPlayGateDeps {
  repository: SaferPlayRepository;
  /** The accounts of one person share their blocks (docs/accounts.md, One person behind the accounts). */
  people: PersonRepository;
  clock: Clock;
  timeZone: string;
}

/**
 * The one check every deposit (through `LedgerService.postDeposit`) and every transfer into a game account makes,
 * in the transaction that moves the money (docs/safer-play.md). A member with no safer-play row costs two reads
 * (theirs, and the blocks of their person's accounts); a member with one has it locked, so their deposits and transfers take turns and none passes a limit by racing.
 */
export class SaferPlayGate {
  constructor(private readonly deps: SaferPlayGateDeps) {}

  /**
   * Why `amountMinor` may not be credited to the member's wallet now; null when it may. `counted`: the deposit is
   * already written in this transaction (the ledger checks after writing, so a replay is never refused), and the
   * refusal rolls it back.
   */
  deposit(db: Db, memberId: bigint, amountMinor: bigint, counted = false): Promise<Refusal | null> {
    return this.check(db, memberId, { amountMinor, counted, kind: 'deposit' });
  }

  /**
   * Why `amountMinor` may not move from the wallet into a game account now (`counted`: as for deposits). With a
   * loss limit, `recorded` (what the providers recorded) is needed: without it, RecordsWanted.
   */
  intoGame(
    db: Db,
    memberId: bigint,
    amountMinor: bigint,
    counted = false,
    recorded?: PeriodLosses,
  ): Promise<Refusal | null> {
    return this.check(db, memberId, { amountMinor, counted, kind: 'loss', recorded });
  }

  /** Throws the refusal of a deposit already written in this transaction (the ledger's deposit check). */
  async assertDeposit(db: Db, memberId: bigint, amountMinor: bigint): Promise<void> {
    const refusal = await this.deposit(db, memberId, amountMinor, true);
    if (refusal) throw refusalError(refusal);
  }

  /** Throws the refusal of a transfer into a game account already written in this transaction. */
  async assertIntoGame(db: Db, memberId: bigint, amountMinor: bigint, recorded?: PeriodLosses): Promise<void> {
    const refusal = await this.intoGame(db, memberId, amountMinor, true, recorded);
    if (refusal) throw refusalError(refusal);
  }

  /** Throws the member's time-out or self-exclusion, if one is in force (promotions and rewards are closed then). */
  async assertOpen(db: Db, memberId: bigint): Promise<void> {
    const block = await this.blockOf(db, memberId);
    if (block) throw refusalError(block);
  }

  /**
   * The time-out or self-exclusion at this moment (ended but not reopened included) of the member or of any
   * account that counts as their person: linked to them, or waiting for an operator's review with them. Null: none.
   */
  async blockOf(db: Db, memberId: bigint): Promise<Block | null> {
    return strongestBlock(await this.deps.people.blockRows(db, memberId), this.deps.clock.now());
  }

  /** Whether any of the members has safer-play settings (a batch of transfers then goes one by one). */
  async anySet(db: Db, memberIds: readonly bigint[]): Promise<boolean> {
    if (memberIds.length === 0) return false;
    const row = await db
      .selectFrom('safer_play')
      .select('member_id')
      .where('member_id', 'in', [...new Set(memberIds)])
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The starts of the day, week and month holding `now`, in the site's calendar. */
  periodStarts(now: Date): PeriodStarts {
    const { timeZone } = this.deps;
    return {
      day: localDayStart(now, timeZone),
      week: localWeekStart(now, timeZone),
      month: localMonthStart(now, timeZone),
    };
  }

  private async check(
    db: Db,
    memberId: bigint,
    check: { amountMinor: bigint; counted: boolean; kind: LimitKind; recorded?: PeriodLosses | undefined },
  ): Promise<Refusal | null> {
    const { amountMinor, counted, kind, recorded } = check;
    const { repository, clock } = this.deps;
    const row = await repository.lock(db, memberId);
    const now = clock.now();
    const block = blockAt(row, now) ?? (await this.blockOf(db, memberId));
    if (block) return block;
    if (!row) return null;
    const limits = (await repository.limits(db, memberId, kind)).flatMap((limit) => {
      const amount = limitInForce(limit, now);
      return amount === null ? [] : [{ period: limit.period, amount }];
    });
    if (limits.length === 0) return null;
    if (kind === 'loss' && recorded === undefined) throw new RecordsWanted();
    const sums = await repository.sums(db, memberId, this.periodStarts(now));
    // The sums before this movement, whether or not they hold it already.
    const before = counted ? less(sums, kind, amountMinor) : sums;
    const judged = judge(
      limits,
      { used: kind === 'deposit' ? before.deposits : before.intoGames, recorded },
      amountMinor,
    );
    if (!judged.refused) return null;
    return { code: kind === 'deposit' ? 'DEPOSIT_LIMIT_REACHED' : 'LOSS_LIMIT_REACHED', leftMinor: judged.left };
  }
}

/**
 * A period's loss is the larger of what went into games net of what came back, and what the providers recorded
 * lost (docs/safer-play.md, What counts): the first counts money at stake, the second play with money that was in
 * a game account before the period.
 */
export function withRecorded(sums: PeriodSums, recorded: PeriodLosses | undefined): PeriodSums {
  if (!recorded) return sums;
  const larger = (period: LimitPeriod) =>
    sums.intoGames[period] > recorded[period] ? sums.intoGames[period] : recorded[period];
  return { ...sums, intoGames: { day: larger('day'), week: larger('week'), month: larger('month') } };
}

function less(sums: PeriodSums, kind: LimitKind, amountMinor: bigint): PeriodSums {
  const minus = (values: Record<LimitPeriod, bigint>) => ({
    day: values.day - amountMinor,
    week: values.week - amountMinor,
    month: values.month - amountMinor,
  });
  return kind === 'deposit'
    ? { ...sums, deposits: minus(sums.deposits) }
    : { ...sums, intoGames: minus(sums.intoGames) };
}

/**
 * Whether a movement of `amountMinor` passes a limit: after it, a period's count (the larger of what was counted
 * plus it, and what the providers recorded, for losses) may not pass the limit. `left`: the least room any limit
 * left before it.
 */
export function judge(
  limits: readonly { period: LimitPeriod; amount: bigint }[],
  counts: { used: Record<LimitPeriod, bigint>; recorded?: PeriodLosses | undefined },
  amountMinor: bigint,
): { refused: boolean; left: bigint } {
  let refused = false;
  let left: bigint | null = null;
  for (const { period, amount } of limits) {
    if (!PERIODS.includes(period)) continue;
    const used = counts.used[period];
    const recorded = counts.recorded?.[period] ?? used;
    const larger = (value: bigint) => (value > recorded ? value : recorded);
    if (larger(used + amountMinor) > amount) refused = true;
    const room = amount - larger(used);
    if (left === null || room < left) left = room;
  }
  return { refused, left: left ?? 0n };
}
