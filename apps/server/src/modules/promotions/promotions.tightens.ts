import type {
  BonusTerms,
  InviteSettingsValue,
  RefundSettingsValue,
  SpinRulesSetting,
  SpinSettingsResponse,
  SpinWheelSetting,
} from '@member-wallet/contract/backoffice/promotions';
import { type Currency, LAOS_CURRENCIES } from '@member-wallet/contract/constants';
import { toMinor } from '@member-wallet/contract/money';
import type { MoneyCeilingsConfig } from '../../config.ceilings.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Which change of a reward's terms only tightens (applies at once) and which waits for a second admin, and the
 * deployment's ceilings on them (docs/backoffice/four-eyes.md, Reward terms). Pure: each rule reads the terms
 * before and after, nothing else, so the docs' table can say every outcome.
 */

/** A definition as a change holds it: the code and kind it keeps, and every term, minor units as strings. */
export type BonusValue = BonusTerms & { code: string; kind: 'bonus' | 'promotion' };
type RewardCeilings = Pick<MoneyCeilingsConfig, 'rewardMinor' | 'bonusDepositPercent' | 'cashbackPercent'>;

const minor = (value: string | number | null): bigint => BigInt(value ?? 0);
/** A count where null is "no limit": `after` is as strict when it is a limit at or below `before`'s. */
const limitNoLooser = (before: number | null, after: number | null) =>
  after === null ? before === null : before === null || after <= before;

/**
 * A definition's change tightens when it is inactive afterwards (retired, or never active: nobody can receive it),
 * or when it was and stays active with the same type, currency and amount rule and every money term equal or
 * stricter: no more receipts per member or in all, no larger amount, percentage, cap or deposit window, no lower
 * win multiple or percentFail, no higher floor. Texts, banners and the sort order are free.
 */
export function bonusTightens(before: BonusValue | null, after: BonusValue): boolean {
  if (!after.active) return true;
  if (!before?.active) return false;
  if (before.type !== after.type || before.currency !== after.currency || before.amountRule !== after.amountRule) {
    return false;
  }
  const amount =
    after.amountRule === 'fixed'
      ? minor(after.amountMinor) <= minor(before.amountMinor)
      : (after.depositPercent ?? 0) <= (before.depositPercent ?? 0) &&
        minor(after.amountCapMinor) <= minor(before.amountCapMinor) &&
        (after.depositWindowHours ?? 0) <= (before.depositWindowHours ?? 0);
  return (
    amount &&
    after.maxReceived <= before.maxReceived &&
    limitNoLooser(before.totalMax, after.totalMax) &&
    after.winMultiple >= before.winMultiple &&
    after.percentFail >= before.percentFail &&
    minor(after.endBelowMinor) <= minor(before.endBelowMinor)
  );
}

/** Off afterwards, or on before and after with no higher share, no lower collect minimum. */
export function inviteTightens(before: InviteSettingsValue, after: InviteSettingsValue): boolean {
  if (!after.enabled) return true;
  return (
    before.enabled &&
    after.percent <= before.percent &&
    after.successPercent <= before.successPercent &&
    after.collectMinimum >= before.collectMinimum
  );
}

/** Off afterwards, or on before and after with the same period, no higher share or cap, no lower minimum. */
export function refundTightens(before: RefundSettingsValue, after: RefundSettingsValue): boolean {
  if (!after.enabled) return true;
  const cap = after.cap !== 0 && (before.cap === 0 || after.cap <= before.cap);
  return (
    before.enabled &&
    after.period === before.period &&
    after.percent <= before.percent &&
    after.successPercent <= before.successPercent &&
    after.minimum >= before.minimum &&
    cap
  );
}

/** Two JSON values equal whatever the order of their keys. */
export function sameValue(a: unknown, b: unknown): boolean {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([, each]) => each !== undefined)
              .sort(([x], [y]) => (x < y ? -1 : 1))
              .map(([key, each]) => [key, canonical(each)]),
          )
        : value;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

const total = (wheel: SpinWheelSetting) => wheel.slices.reduce((sum, slice) => sum + BigInt(slice.weight), 0n);

/**
 * The wheel tightens when it is unchanged, off afterwards, or on before and after with every cash slice that can
 * be drawn a cash slice of the same code before, no more likely (its weight over the total) and no larger in any
 * currency (none added). So its expected return can only fall; losing and item slices are free.
 */
export function wheelTightens(before: SpinWheelSetting | null, after: SpinWheelSetting | null): boolean {
  if (sameValue(before, after) || !after?.active) return true;
  if (!before?.active) return false;
  const [totalBefore, totalAfter] = [total(before), total(after)];
  return after.slices.every((slice) => {
    if (slice.prize.type !== 'cash' || slice.weight === 0) return true;
    const was = before.slices.find((each) => each.code === slice.code && each.prize.type === 'cash');
    if (!was) return false;
    const noLikelier = BigInt(slice.weight) * totalBefore <= BigInt(was.weight) * totalAfter;
    const amounts = Object.entries(slice.prize.amount ?? {}).every(([currency, amount]) => {
      const previous = was.prize.amount?.[currency];
      return previous !== undefined && amount <= previous;
    });
    return noLikelier && amounts;
  });
}

/**
 * The coin rule tightens when unchanged, or with no coin for less deposit (no currency added, none cheaper), no
 * longer coupon life, and a claimed prize's multiple and percentFail no lower (defaults 1 and 100).
 */
export function rulesTightens(before: SpinRulesSetting | null, after: SpinRulesSetting | null): boolean {
  if (sameValue(before, after) || !after) return true;
  if (!before) return false;
  const coins = Object.entries(after.depositPerCoin).every(([currency, deposit]) => {
    const previous = before.depositPerCoin[currency];
    return previous !== undefined && deposit >= previous;
  });
  return (
    coins &&
    after.couponExpiryHours <= before.couponExpiryHours &&
    (after.prizeWinMultiple ?? 1) >= (before.prizeWinMultiple ?? 1) &&
    (after.prizePercentFail ?? 100) >= (before.prizePercentFail ?? 100)
  );
}

export function spinTightens(before: SpinSettingsResponse, after: SpinSettingsResponse): boolean {
  return wheelTightens(before.wheel, after.wheel) && rulesTightens(before.rules, after.rules);
}

/** 400 CEILING_EXCEEDED naming each field past the deployment's ceiling. */
function refuse(fields: string[]): void {
  if (fields.length === 0) return;
  throw new AppError('CEILING_EXCEEDED', Object.fromEntries(fields.map((field) => [field, 'KEY_INVALID'])));
}

/** A major-unit amount that every currency's reward ceiling holds (the programmes' figures are in any currency). */
const overAnyCurrency = (ceilings: RewardCeilings, major: number) =>
  LAOS_CURRENCIES.some((currency) => toMinor(major) > ceilings.rewardMinor[currency]);

export function checkBonusCeiling(ceilings: RewardCeilings, value: BonusValue): void {
  const ceiling = ceilings.rewardMinor[value.currency as Currency];
  const fields: string[] = [];
  if (value.amountRule === 'fixed' && minor(value.amountMinor) > ceiling) fields.push('amountMinor');
  if (value.amountRule === 'deposit_percent') {
    if ((value.depositPercent ?? 0) > ceilings.bonusDepositPercent) fields.push('depositPercent');
    if (minor(value.amountCapMinor) > ceiling) fields.push('amountCapMinor');
  }
  refuse(fields);
}

export function checkInviteCeiling(ceilings: RewardCeilings, value: InviteSettingsValue): void {
  refuse(value.percent > ceilings.cashbackPercent ? ['percent'] : []);
}

/** A cap of 0 is no cap: past every ceiling. */
export function checkRefundCeiling(ceilings: RewardCeilings, value: RefundSettingsValue): void {
  const fields: string[] = [];
  if (value.percent > ceilings.cashbackPercent) fields.push('percent');
  if (value.cap === 0 || overAnyCurrency(ceilings, value.cap)) fields.push('cap');
  refuse(fields);
}

export function checkSpinCeiling(ceilings: RewardCeilings, value: SpinSettingsResponse): void {
  const fields = (value.wheel?.slices ?? []).flatMap((slice, index) =>
    Object.entries(slice.prize.amount ?? {})
      .filter(
        ([currency, amount]) =>
          (LAOS_CURRENCIES as readonly string[]).includes(currency) &&
          toMinor(amount) > ceilings.rewardMinor[currency as Currency],
      )
      .map(([currency]) => `wheel.slices.${index}.prize.amount.${currency}`),
  );
  refuse(fields);
}
