import { randomUUID } from 'node:crypto';
import type { Locale } from '@member-wallet/contract/constants';
import type { ApiErrorBody } from '@member-wallet/contract/error-codes';
import { toMajor, toMinor } from '@member-wallet/contract/money';
import type {
  SpinClaimResponse,
  SpinCoupon,
  SpinCouponsQuery,
  SpinCouponsResponse,
  SpinErrorCode,
  SpinResultResponse,
  SpinSetupResponse,
} from '@member-wallet/contract/spin';
import type { Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import { type Clock, HOUR_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Member } from '../account/account.repository.ts';
import { type MemberFinder, sessionMember } from '../account/session-member.ts';
import type { ActiveBonusGate, RewardBonuses } from '../bonus/active-bonus.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { drawSlice, type Rng } from './spin.draw.ts';
import type { CoinState, SpinCouponRow, SpinDraw, SpinRepository } from './spin.repository.ts';
import {
  parseSetting,
  type RulesSetting,
  rulesSetting,
  type SliceSetting,
  SPIN_RULES_KEY,
  SPIN_WHEEL_KEY,
  type WheelSetting,
  wheelSetting,
} from './spin.settings.ts';

/** Deposits turned into coins per accrual pass; a member with more gets the rest on the next read. */
const ACCRUAL_BATCH_MAX = 500;
const GRANT_COINS_MAX = 1000;

/**
 * A refusal of the spin itself (contract spin.ts, SPIN_ERROR_CODES). Its code is outside the general catalogue
 * (the client shows `spin.error.{code}`), so it carries its own body; the status and handling are AppError's.
 */
export class SpinRefusal extends AppError {
  override name = 'SpinRefusal';

  constructor(
    readonly spinCode: SpinErrorCode,
    status: number,
  ) {
    super('KEY_INVALID', status);
    this.message = spinCode;
  }

  override body(): ApiErrorBody {
    // The error body's type lists the general catalogue; the spin screen reads these codes on its own.
    return { message: this.spinCode } as unknown as ApiErrorBody;
  }
}

/** Thrown inside a spin's transaction when its Idempotency-Key already has a spin: rolls back, then replays. */
class SpinReplay extends Error {}

export interface SpinServiceDeps {
  db: Db;
  repository: SpinRepository;
  ledger: LedgerService;
  settings: SettingsService;
  members: MemberFinder;
  bonusGate: ActiveBonusGate;
  /** A claimed cash prize runs as the member's bonus. */
  rewards: RewardBonuses;
  clock: Clock;
  rng: Rng;
}

/**
 * The prize wheel (docs/promotions/wheel.md): coins earned from completed deposits, spins drawn on the
 * server by the slices' weights, coupons for won prizes, and claims that credit a cash coupon once.
 */
export class SpinService {
  constructor(private readonly deps: SpinServiceDeps) {}

  /** The wheel if one is configured and switched on; null otherwise. */
  async activeWheel(): Promise<WheelSetting | null> {
    const value = await this.deps.settings.global(SPIN_WHEEL_KEY);
    if (value === undefined || value === null) return null;
    const wheel = parseSetting(wheelSetting, SPIN_WHEEL_KEY, value);
    return wheel.active ? wheel : null;
  }

  async rules(): Promise<RulesSetting> {
    return parseSetting(rulesSetting, SPIN_RULES_KEY, await this.deps.settings.global(SPIN_RULES_KEY));
  }

  /** Replaces the wheel and/or the rules (validated first); for demo seeding, tests and a back-office later. */
  async configure(change: { wheel?: WheelSetting; rules?: RulesSetting }): Promise<void> {
    const { settings } = this.deps;
    if (change.wheel)
      await settings.setGlobal(SPIN_WHEEL_KEY, parseSetting(wheelSetting, SPIN_WHEEL_KEY, change.wheel));
    if (change.rules)
      await settings.setGlobal(SPIN_RULES_KEY, parseSetting(rulesSetting, SPIN_RULES_KEY, change.rules));
  }

  async isActive(): Promise<boolean> {
    return (await this.activeWheel()) !== null;
  }

  /** The member's coins, after turning any completed deposit not yet counted into coins. */
  async coinsOf(memberId: bigint): Promise<number> {
    await this.accrue(memberId);
    return this.deps.repository.coinsOf(this.deps.db, memberId);
  }

  async setup(memberId: bigint, locale: Locale): Promise<SpinSetupResponse> {
    const wheel = await this.activeWheel();
    const userCoin = await this.coinsOf(memberId);
    if (!wheel) return { activeSpinwheel: null, userCoin };
    return {
      activeSpinwheel: {
        name: wheel.name[locale],
        slices: wheel.slices.map((slice) => ({
          code: slice.code,
          label: slice.label[locale],
          bgColor: slice.bgColor,
          textColor: slice.textColor,
          htmlDescription: slice.htmlDescription?.[locale] ?? '',
        })),
      },
      userCoin,
    };
  }

  /**
   * Coin accrual (docs/promotions/wheel.md, Coins): every deposit and withdrawal entry not yet counted moves the member's
   * net deposits (`countMovement`): each whole `depositPerCoin` deposited is a coin, and a withdrawal takes back
   * the coins of what it takes out. Counted entries are recorded by id, so an entry counts once however many
   * requests accrue at the same time, and whatever order the entries commit in.
   */
  async accrue(memberId: bigint): Promise<void> {
    const { db, repository, clock } = this.deps;
    if ((await repository.uncountedMovements(db, memberId, 1)).length === 0) return;
    const rules = await this.rules();
    await transactionWithRetry(db, async (trx) => {
      const row = await repository.lockCoins(trx, memberId);
      const movements = (await repository.uncountedMovements(trx, memberId, ACCRUAL_BATCH_MAX)).filter(
        (movement) => rules.depositPerCoin[movement.currency] !== undefined,
      );
      const counted = await repository.recordCounted(trx, memberId, movements, clock.now());
      let state: CoinState = {
        coins: row.coins,
        remainderMinor: row.deposit_remainder_minor,
        depositCoins: row.deposit_coins,
        coinDebt: row.coin_debt,
      };
      for (const movement of movements) {
        if (!counted.has(movement.entryId)) continue;
        state = countMovement(state, movement.amountMinor, toMinor(rules.depositPerCoin[movement.currency] ?? 0));
      }
      await repository.setCoins(trx, memberId, { ...state, now: clock.now() });
    });
  }

  /** Gives coins by hand, once per (member, key): the demo member's, a sandbox control's. */
  async grantCoins(memberId: bigint, key: string, coins: number): Promise<number> {
    if (!Number.isInteger(coins) || coins < 1 || coins > GRANT_COINS_MAX) throw new AppError('KEY_INVALID', 400);
    const { db, repository, clock } = this.deps;
    await transactionWithRetry(db, async (trx) => {
      const row = await repository.lockCoins(trx, memberId);
      const now = clock.now();
      if (!(await repository.insertGrant(trx, { memberId, key, coins, now }))) return;
      await repository.setCoins(trx, memberId, {
        coins: row.coins + coins,
        remainderMinor: row.deposit_remainder_minor,
        depositCoins: row.deposit_coins,
        coinDebt: row.coin_debt,
        now,
      });
    });
    return this.coinsOf(memberId);
  }

  /**
   * One spin: the slice is drawn by weight, one coin is taken (refused with NO_COIN when none is left), and a
   * won prize becomes a coupon, all in one transaction. With a request key, a retry answers the first spin.
   */
  async spin(memberId: bigint, requestKey: string | null, locale: Locale): Promise<SpinResultResponse> {
    const { db, repository } = this.deps;
    if (requestKey !== null) {
      const earlier = await repository.findDrawByKey(db, memberId, requestKey);
      if (earlier) return this.spinAnswer(earlier, locale);
    }
    const wheel = await this.activeWheel();
    if (!wheel) throw new SpinRefusal('WHEEL_INACTIVE', 409);
    const member = await this.member(memberId);
    await this.accrue(memberId);
    const weights = wheel.slices.map((candidate) => candidate.weight);
    const slice = wheel.slices[drawSlice(weights, this.deps.rng)];
    if (!slice) throw new Error('drawSlice answered an index outside the wheel');
    const expiryHours = (await this.rules()).couponExpiryHours;
    try {
      const draw = await this.recordSpin(member, slice, requestKey, expiryHours);
      return this.spinAnswer(draw, locale);
    } catch (error) {
      if (!(error instanceof SpinReplay) || requestKey === null) throw error;
      const earlier = await repository.findDrawByKey(db, memberId, requestKey);
      if (!earlier) throw new Error(`spin with key ${requestKey} vanished`);
      return this.spinAnswer(earlier, locale);
    }
  }

  private recordSpin(member: Member, slice: SliceSetting, requestKey: string | null, expiryHours: number) {
    const { db, repository, clock } = this.deps;
    const amountMinor = prizeMinor(slice, member.currency);
    return transactionWithRetry(db, async (trx) => {
      const now = clock.now();
      const coinsAfter = await repository.takeCoin(trx, member.id, now);
      if (coinsAfter === undefined) throw new SpinRefusal('NO_COIN', 400);
      const draw = await repository.insertDraw(trx, {
        member_id: member.id,
        request_key: requestKey,
        slice_code: slice.code,
        labels: JSON.stringify(slice.label),
        prize_type: slice.prize.type,
        amount_minor: amountMinor,
        currency: member.currency,
        coins_after: coinsAfter,
        created_at: now,
      });
      // The same key committed a spin while this one waited on it: this one takes nothing.
      if (!draw) throw new SpinReplay();
      if (slice.prize.type !== 'none') {
        await repository.insertCoupon(trx, {
          public_id: randomUUID(),
          member_id: member.id,
          draw_id: draw.id,
          slice_code: slice.code,
          labels: JSON.stringify(slice.label),
          prize_type: slice.prize.type,
          amount_minor: amountMinor,
          currency: member.currency,
          expires_at: new Date(now.getTime() + expiryHours * HOUR_MS),
          created_at: now,
        });
      }
      return draw;
    });
  }

  private async spinAnswer(draw: SpinDraw, locale: Locale): Promise<SpinResultResponse> {
    const coupon = await this.deps.repository.findCouponOfDraw(this.deps.db, draw.id);
    return {
      code: draw.slice_code,
      label: labelIn(draw.labels, locale),
      remainingCoin: draw.coins_after,
      prizeType: draw.prize_type,
      ...(coupon ? { coupon: coupon.public_id } : {}),
    };
  }

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
    if (!found) throw new AppError('INVALID_CODE', 404);
    checkClaimable(found, clock.now());
    // Read before the transaction: the gate is another module's query (docs/promotions/wheel.md, Claiming).
    if (await this.deps.bonusGate.hasActiveBonus(memberId)) throw new AppError('BONUS_REMAINING', 409);
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
      const posted = await ledger.post(trx, {
        memberId,
        type: 'bonus',
        status: 'completed',
        idempotencyKey: `spin-coupon:${coupon.public_id}`,
        reference: {
          luckydraw: {
            description: labelIn(coupon.labels, locale),
            coupon: coupon.public_id,
            slice: coupon.slice_code,
          },
        },
        postings: [
          { account: prizes.id, amount: -coupon.amount_minor },
          { account: wallet.id, amount: coupon.amount_minor },
        ],
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

  private member(memberId: bigint): Promise<Member> {
    return sessionMember(this.deps.members, memberId);
  }
}

/**
 * One deposit (+) or withdrawal (-) counted for coins (docs/promotions/wheel.md, Coins: coins follow net deposits).
 * A deposit adds to the remainder, and each whole `perCoin` of it is a coin, which pays a coin debt first. A
 * withdrawal takes from the remainder; while it is below zero, a coin deposits earned is taken back (an unspun
 * one, else it becomes a debt), never more than deposits earned, and what is still below zero then is forgotten:
 * withdrawn winnings owe no coins.
 */
export function countMovement(state: CoinState, amountMinor: bigint, perCoin: bigint): CoinState {
  let { coins, remainderMinor, depositCoins, coinDebt } = state;
  remainderMinor += amountMinor;
  while (remainderMinor >= perCoin) {
    remainderMinor -= perCoin;
    depositCoins += 1;
    if (coinDebt > 0) coinDebt -= 1;
    else coins += 1;
  }
  while (remainderMinor < 0n && depositCoins > 0) {
    remainderMinor += perCoin;
    depositCoins -= 1;
    if (coins > 0) coins -= 1;
    else coinDebt += 1;
  }
  if (remainderMinor < 0n) remainderMinor = 0n;
  return { coins, remainderMinor, depositCoins, coinDebt };
}

/** The order of refusals is the documented one: claimed, then type, then expiry. */
function checkClaimable(coupon: SpinCouponRow, now: Date): void {
  if (coupon.claimed_at !== null) throw new AppError('NO_CLAIMABLE_COUPON', 409);
  if (coupon.prize_type !== 'cash') throw new AppError('INVALID_COUPON_TYPE', 409);
  if (coupon.expires_at.getTime() <= now.getTime()) throw new AppError('COUPON_EXPIRED', 409);
}

function prizeMinor(slice: SliceSetting, currency: string): bigint {
  if (slice.prize.type !== 'cash') return 0n;
  const amount = slice.prize.amount?.[currency];
  if (amount === undefined) throw new Error(`spin slice ${slice.code} has no cash amount in ${currency}`);
  return toMinor(amount);
}

function labelIn(labels: Record<string, string>, locale: Locale): string {
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
