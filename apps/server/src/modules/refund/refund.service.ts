import { toMajor, toMinor } from '@member-wallet/contract/money';
import type {
  RefundCheckResponse,
  RefundListRequest,
  RefundListResponse,
  RefundReceiveResponse,
  RefundState,
} from '@member-wallet/contract/refund';
import type { Member } from '../../core/account/account.repository.ts';
import { type MemberFinder, sessionMember } from '../../core/account/session-member.ts';
import type { LedgerService } from '../../core/ledger/ledger.service.ts';
import type { SettingsService } from '../../core/settings/settings.service.ts';
import type { Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { ActiveBonusGate, BonusHistory, TimeSpan } from '../bonus/bonus.module.ts';
import { basisPoints } from '../invite/invite.module.ts';
import { bonusFreeSpans, lastClosedPeriod, type Period } from './refund.period.ts';
import type { RefundRepository } from './refund.repository.ts';
import { type RefundSettings, readRefundSettings } from './refund.settings.ts';

const BASIS = 10_000n;
/** The statement's description of a refund (spec section 3: the `refund` source). */
export const REFUND_DESCRIPTION = 'Loss refund';

/**
 * The member's stakes and winnings of the bets placed in these stretches of time (each `[from, to)`), across all
 * their game accounts (the providers' records).
 */
export interface BetRecords {
  totals(memberId: bigint, spans: readonly TimeSpan[]): Promise<{ stakeMinor: bigint; winMinor: bigint }>;
}

export interface RefundServiceDeps {
  db: Db;
  repository: RefundRepository;
  ledger: LedgerService;
  settings: SettingsService;
  members: MemberFinder;
  bets: BetRecords;
  /** Whether a bonus runs now (refunds wait), and when bonuses ran (their bets are not refunded). */
  bonuses: ActiveBonusGate & BonusHistory;
  clock: Clock;
  timeZone: string;
}

/** A period's figures: its net loss, the refund it earns, and what of it reaches the wallet. */
interface Quote {
  netLoss: bigint;
  refund: bigint;
  paid: bigint;
  state: RefundState;
}

/** The refund a net loss earns: its percentage, floored to the minor unit, within the cap (0: none). */
export function refundFor(netLossMinor: bigint, settings: RefundSettings): bigint {
  if (netLossMinor <= 0n) return 0n;
  const refund = (netLossMinor * basisPoints(settings.percent)) / BASIS;
  const cap = toMinor(settings.cap);
  return cap > 0n && refund > cap ? cap : refund;
}

/**
 * Loss refunds (docs/promotions/refunds.md): a percentage of the last closed period's net loss, by the providers' bet
 * records of the bets placed while no bonus of the member ran, paid at most once per member and period (a unique
 * claim per period, and the ledger key `refund:<period start>`), never while a bonus is active.
 */
export class RefundService {
  constructor(private readonly deps: RefundServiceDeps) {}

  settings(): Promise<RefundSettings> {
    return readRefundSettings(this.deps.settings);
  }

  async check(memberId: bigint): Promise<RefundCheckResponse> {
    const settings = await this.settings();
    const member = await this.member(memberId);
    const period = lastClosedPeriod(this.deps.clock.now(), settings.period, this.deps.timeZone);
    const bonus = await this.deps.bonuses.hasActiveBonus(memberId);
    const claim = await this.deps.repository.findClaim(memberId, period.from);
    let quote: Quote;
    if (claim)
      quote = {
        netLoss: claim.net_loss_minor,
        refund: claim.refund_minor,
        paid: claim.paid_minor,
        state: 'REFUND_SUCCESS',
      };
    else if (!settings.enabled) quote = { netLoss: 0n, refund: 0n, paid: 0n, state: 'REFUND_INACTIVE' };
    else {
      quote = await this.quote(member, period, settings);
      if (quote.state === 'OK' && bonus) quote.state = 'REFUND_CONDITION';
    }
    return {
      result: quote.state === 'OK',
      bonus,
      info: {
        state: quote.state,
        period: settings.period,
        from: period.from.toISOString(),
        to: period.to.toISOString(),
        netLoss: toMajor(quote.netLoss),
        percent: settings.percent,
        minimum: settings.minimum,
        cap: settings.cap,
      },
      refundAmount: toMajor(quote.refund),
      refundSuccess: settings.successPercent,
      refundFail: 100 - settings.successPercent,
    };
  }

  /** `GET /api/refund/receive` (and its alias `addWallet`): the last closed period's refund, into the wallet. */
  async receive(memberId: bigint): Promise<RefundReceiveResponse> {
    const { db, repository, ledger, clock } = this.deps;
    const settings = await this.settings();
    if (!settings.enabled) throw new AppError('REFUND_INACTIVE');
    if (await this.deps.bonuses.hasActiveBonus(memberId)) throw new AppError('REFUND_CONDITION');
    const member = await this.member(memberId);
    const period = lastClosedPeriod(clock.now(), settings.period, this.deps.timeZone);
    if (await repository.findClaim(memberId, period.from)) throw new AppError('NO_REFUND');
    const quote = await this.quote(member, period, settings);
    if (quote.state === 'NO_REFUND') throw new AppError('NO_REFUND');
    if (quote.state === 'REFUND_MINIMUM') throw new AppError('REFUND_MINIMUM');
    // Named before the transaction: on PGlite's single connection nothing may run beside it.
    const wallet = await ledger.memberWallet(db, member.id, member.currency);
    const expense = await ledger.ensureAccount(db, {
      kind: 'refund_expense',
      memberId: null,
      providerCode: null,
      currency: member.currency,
    });
    await transactionWithRetry(db, async (trx) => {
      const claim = await repository.insertClaim(trx, {
        member_id: member.id,
        period_start: period.from,
        period_end: period.to,
        currency: member.currency,
        net_loss_minor: quote.netLoss,
        refund_minor: quote.refund,
        paid_minor: quote.paid,
        created_at: clock.now(),
      });
      // A concurrent request of the member claimed the period first: it pays, this one does not.
      if (!claim) throw new AppError('NO_REFUND');
      const posted = await ledger.creditReward(trx, {
        memberId: member.id,
        idempotencyKey: `refund:${period.from.toISOString()}`,
        reference: {
          refund: { description: REFUND_DESCRIPTION },
          period: { from: period.from.toISOString(), to: period.to.toISOString() },
        },
        from: expense.id,
        to: wallet.id,
        amountMinor: quote.paid,
      });
      await repository.setEntry(trx, claim.id, posted.entry.id);
    });
    return {
      message: 'REFUND_SUCCESS',
      amount: toMajor(quote.paid),
      wallet: { amount: toMajor(await ledger.balanceOf(db, wallet.id)) },
    };
  }

  async list(memberId: bigint, request: RefundListRequest): Promise<RefundListResponse> {
    const { total, rows } = await this.deps.repository.page(
      memberId,
      (request.page - 1) * request.limit,
      request.limit,
    );
    return {
      total,
      refunds: rows.map((row) => ({
        refundAmount: toMajor(row.paid_minor),
        createdAt: row.created_at.toISOString(),
        periodFrom: row.period_start.toISOString(),
        periodTo: row.period_end.toISOString(),
      })),
    };
  }

  private async quote(member: Member, period: Period, settings: RefundSettings): Promise<Quote> {
    // Bets made while a bonus ran were made with the operator's money, or to play it through: never refunded.
    const running = await this.deps.bonuses.runningSpans(member.id, period.from, period.to);
    const totals = await this.deps.bets.totals(member.id, bonusFreeSpans(period, running));
    const netLoss = totals.stakeMinor - totals.winMinor;
    const refund = refundFor(netLoss, settings);
    const paid = (refund * basisPoints(settings.successPercent)) / BASIS;
    if (netLoss <= 0n) return { netLoss, refund: 0n, paid: 0n, state: 'NO_REFUND' };
    const state = refund <= toMinor(settings.minimum) || paid <= 0n ? 'REFUND_MINIMUM' : 'OK';
    return { netLoss, refund, paid, state };
  }

  private member(memberId: bigint): Promise<Member> {
    return sessionMember(this.deps.members, memberId);
  }
}
