import type { Locale } from '@member-wallet/contract/constants';
import { toMajor } from '@member-wallet/contract/money';
import type {
  SpinClaimResponse,
  SpinCoupon,
  SpinCouponsQuery,
  SpinCouponsResponse,
} from '@member-wallet/contract/spin';
import type { LedgerService } from '../../core/ledger/ledger.service.ts';
import type { Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { ActiveBonusGate, RewardBonuses } from '../bonus/bonus.module.ts';
import type { SpinCouponRow, SpinRepository } from './spin.repository.ts';
import type { RulesSetting } from './spin.settings.ts';

export interface SpinCouponsDeps {
  db: Db;
  repository: SpinRepository;
  ledger: LedgerService;
  bonusGate: ActiveBonusGate;
  /** A claimed cash prize runs as the member's bonus. */
  rewards: RewardBonuses;
  clock: Clock;
}

/**
 * The coupons of won prizes (docs/promotions/wheel.md, Coupons): listed claimable ones first, and claimed once each: a
 * cash coupon is credited from `spin_prizes` to the wallet and runs as the member's bonus.
 */
export class SpinCoupons {
  constructor(
    private readonly deps: SpinCouponsDeps,
    /** The wheel's rules (spin.settings.ts): a prize's bonus terms. */
    private readonly rules: () => Promise<RulesSetting>,
  ) {}

  /**
   * One page of the member's coupons, claimable ones first (docs/promotions/wheel.md, Coupons). The page, its flags
   * and the counts are judged at one `now`, so they agree (a claim landing between the two reads aside).
   */
  async coupons(memberId: bigint, locale: Locale, paging: SpinCouponsQuery): Promise<SpinCouponsResponse> {
    const { db, repository } = this.deps;
    const now = this.deps.clock.now();
    const offset = (paging.page - 1) * paging.limit;
    const counts = await repository.countCoupons(db, memberId, now);
    const rows =
      offset < counts.total ? await repository.listCouponsPage(db, memberId, { now, offset, limit: paging.limit }) : [];
    return {
      coupons: rows.map((row) => couponView(row, locale, now)),
      total: counts.total,
      claimableTotal: counts.claimable,
    };
  }

  /**
   * Claims a coupon: a cash coupon of the member's, not claimed, not expired, while no bonus is active, is
   * credited from `spin_prizes` to the wallet once (the coupon row is locked, and the ledger key is the coupon's).
   */
  async claim(memberId: bigint, publicId: string, locale: Locale): Promise<SpinClaimResponse> {
    const { db, repository, ledger, clock } = this.deps;
    const found = await repository.findCoupon(db, memberId, publicId);
    if (!found) throw new AppError('INVALID_CODE');
    checkClaimable(found, clock.now());
    // Read before the transaction: the gate is another module's query (docs/promotions/wheel.md, Claiming).
    if (await this.deps.bonusGate.hasActiveBonus(memberId)) {
      // The active bonus may be this very coupon's, credited by a twin claim since the read above: the documented
      // order puts "claimed" first, so the coupon is read again before the gate's refusal is given.
      const again = await repository.findCoupon(db, memberId, publicId);
      if (again) checkClaimable(again, clock.now());
      throw new AppError('BONUS_REMAINING');
    }
    // Named before the transaction: on PGlite's single connection nothing may run beside it.
    const wallet = await ledger.memberWallet(db, memberId, found.currency);
    const prizes = await ledger.ensureAccount(db, {
      kind: 'spin_prizes',
      memberId: null,
      providerCode: null,
      currency: found.currency,
    });
    const rules = await this.rules();
    const { id: definitionId } = await this.deps.rewards.rewardDefinition('luckydraw', found.currency);
    const claimed = await transactionWithRetry(db, async (trx) => {
      const coupon = await repository.lockCoupon(trx, found.id);
      const now = clock.now();
      checkClaimable(coupon, now);
      const posted = await ledger.creditReward(trx, {
        memberId,
        idempotencyKey: `spin-coupon:${coupon.public_id}`,
        reference: {
          luckydraw: {
            description: labelIn(coupon.labels, locale),
            coupon: coupon.public_id,
            slice: coupon.slice_code,
          },
        },
        from: prizes.id,
        to: wallet.id,
        amountMinor: coupon.amount_minor,
      });
      // The prize is bonus money (docs/promotions/wheel.md): it runs as the member's bonus from this moment. A bonus
      // started since the gate above was asked makes this refuse, and the credit rolls back with it.
      await this.deps.rewards.startRewardIn(trx, {
        definitionId,
        memberId,
        currency: coupon.currency,
        amountMinor: coupon.amount_minor,
        entryId: posted.entry.id,
        terms: { winMultiple: rules.prizeWinMultiple ?? 1, percentFail: rules.prizePercentFail ?? 100 },
      });
      return repository.markClaimed(trx, coupon.id, posted.entry.id, now);
    });
    const balance = await ledger.balanceOf(db, wallet.id);
    return {
      message: 'SUCCESS',
      coupon: couponView(claimed, locale, clock.now()),
      wallet: { amount: toMajor(balance) },
    };
  }
}

/** The order of refusals is the documented one: claimed, then type, then expiry. */
function checkClaimable(coupon: SpinCouponRow, now: Date): void {
  if (coupon.claimed_at !== null) throw new AppError('NO_CLAIMABLE_COUPON');
  if (coupon.prize_type !== 'cash') throw new AppError('INVALID_COUPON_TYPE');
  if (coupon.expires_at.getTime() <= now.getTime()) throw new AppError('COUPON_EXPIRED');
}

export function labelIn(labels: Record<string, string>, locale: Locale): string {
  return labels[locale] ?? labels.th ?? '';
}

function couponView(row: SpinCouponRow, locale: Locale, now: Date): SpinCoupon {
  const claimable = row.claimed_at === null && row.prize_type === 'cash' && row.expires_at.getTime() > now.getTime();
  return {
    id: row.public_id,
    prize: { slice: row.slice_code, name: labelIn(row.labels, locale) },
    type: row.prize_type,
    amount: toMajor(row.amount_minor),
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    claimedAt: row.claimed_at?.toISOString() ?? null,
    claimable,
  };
}
