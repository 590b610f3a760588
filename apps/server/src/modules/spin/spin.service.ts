import { randomUUID } from 'node:crypto';
import type { Locale } from '@member-wallet/contract/constants';
import type { ApiErrorBody } from '@member-wallet/contract/error-codes';
import { errorStatus } from '@member-wallet/contract/error-status';
import { toMinor } from '@member-wallet/contract/money';
import type {
  SpinClaimResponse,
  SpinCouponsQuery,
  SpinCouponsResponse,
  SpinErrorCode,
  SpinResultResponse,
  SpinSetupResponse,
} from '@member-wallet/contract/spin';
import type { Member } from '../../core/account/account.repository.ts';
import { type MemberFinder, sessionMember } from '../../core/account/session-member.ts';
import type { LedgerService } from '../../core/ledger/ledger.service.ts';
import type { SettingsService } from '../../core/settings/settings.service.ts';
import type { Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import { type Clock, HOUR_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { ActiveBonusGate, RewardBonuses } from '../bonus/bonus.module.ts';
import { countMovement } from './spin.coins.ts';
import { labelIn, SpinCoupons } from './spin.coupons.ts';
import { drawSlice, type Rng } from './spin.draw.ts';
import type { CoinState, SpinDraw, SpinRepository } from './spin.repository.ts';
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

export { countMovement } from './spin.coins.ts';

/** Deposits turned into coins per accrual pass; a member with more gets the rest on the next read. */
const ACCRUAL_BATCH_MAX = 500;
const GRANT_COINS_MAX = 1000;

/**
 * A refusal of the spin itself (contract spin.ts, SPIN_ERROR_CODES). Its code is outside the general catalogue
 * (the client shows `spin.error.{code}`), so it carries its own body; the status and handling are AppError's.
 */
export class SpinRefusal extends AppError {
  override name = 'SpinRefusal';

  override readonly status: number;

  constructor(readonly spinCode: SpinErrorCode) {
    super('KEY_INVALID');
    this.status = errorStatus(spinCode);
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
  readonly #coupons: SpinCoupons;

  constructor(private readonly deps: SpinServiceDeps) {
    this.#coupons = new SpinCoupons(deps, () => this.rules());
  }

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
    if (!Number.isInteger(coins) || coins < 1 || coins > GRANT_COINS_MAX) throw new AppError('KEY_INVALID');
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
    if (!wheel) throw new SpinRefusal('WHEEL_INACTIVE');
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
      if (coinsAfter === undefined) throw new SpinRefusal('NO_COIN');
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

  /** One page of the member's coupons, claimable ones first (spin.coupons.ts). */
  coupons(memberId: bigint, locale: Locale, paging: SpinCouponsQuery): Promise<SpinCouponsResponse> {
    return this.#coupons.coupons(memberId, locale, paging);
  }

  /** Claims a cash coupon once: credited to the wallet, run as the member's bonus (spin.coupons.ts). */
  claim(memberId: bigint, publicId: string, locale: Locale): Promise<SpinClaimResponse> {
    return this.#coupons.claim(memberId, publicId, locale);
  }

  private member(memberId: bigint): Promise<Member> {
    return sessionMember(this.deps.members, memberId);
  }
}

function prizeMinor(slice: SliceSetting, currency: string): bigint {
  if (slice.prize.type !== 'cash') return 0n;
  const amount = slice.prize.amount?.[currency];
  if (amount === undefined) throw new Error(`spin slice ${slice.code} has no cash amount in ${currency}`);
  return toMinor(amount);
}
