import { type Currency, LAOS_CURRENCIES } from '@member-wallet/contract/constants';
import type { Reader } from './config.read.ts';

/** Minor units per currency. */
export type PerCurrency = Readonly<Record<Currency, bigint>>;

/**
 * The deployment's ceilings on what the back-office may set or do (docs/backoffice/four-eyes.md): no change,
 * however many admins approve it, passes them; only the server's environment raises them.
 */
export interface MoneyCeilingsConfig {
  /** The highest adjustment approval amount (`adjustmentApproval`). */
  approvalAbove: PerCurrency;
  /** The highest withdrawal maximum (`withdrawLimits.max`). */
  withdrawMax: PerCurrency;
  /** The highest withdrawal auto-approve amount (`withdrawAutoApprove`). */
  withdrawAutoApprove: PerCurrency;
  /** What one operator may credit alone (under the approval amount) in a site day; beyond it credits wait. */
  aloneCreditDaily: PerCurrency;
  /**
   * The most money one reward can give (docs/backoffice/four-eyes.md, Reward terms): a bonus's fixed amount or its
   * deposit-percent cap, a wheel's cash prize, the loss refund's cap.
   */
  rewardMinor: PerCurrency;
  /** The highest deposit percent of a bonus (`deposit_percent`; the contract allows up to 1,000). */
  bonusDepositPercent: number;
  /** The highest share of the invite commission (`percent`) and of the loss refund (`percent`), in percent. */
  cashbackPercent: number;
}

/** Each variable with its default: 10x and 4x the amounts the site starts with, so a fresh site is well inside. */
export const CEILING_VARIABLES = {
  approvalAbove: { name: 'CEILING_ADJUSTMENT_APPROVAL_MINOR', default: 'BAHT:1000000,LAK:300000000' },
  withdrawMax: { name: 'CEILING_WITHDRAW_MAX_MINOR', default: 'BAHT:20000000,LAK:10000000000' },
  withdrawAutoApprove: { name: 'CEILING_WITHDRAW_AUTO_APPROVE_MINOR', default: 'BAHT:2000000,LAK:1000000000' },
  aloneCreditDaily: { name: 'ADJUSTMENT_ALONE_DAILY_MINOR', default: 'BAHT:2000000,LAK:600000000' },
  /** 50,000 baht: ten times the largest reward a fresh site gives (the refund cap of 5,000); kip at 300 a baht. */
  rewardMinor: { name: 'CEILING_REWARD_MINOR', default: 'BAHT:5000000,LAK:1500000000' },
} as const;

/** The percentages' ceilings (whole percents, the same in every currency): twice and five times the demo's. */
export const PERCENT_CEILING_VARIABLES = {
  bonusDepositPercent: { name: 'CEILING_BONUS_DEPOSIT_PERCENT', default: 200, max: 1000 },
  cashbackPercent: { name: 'CEILING_CASHBACK_PERCENT', default: 25, max: 100 },
} as const;

/** At most 15 digits: the largest amount an operator's form can send (`amountMinor`, 15 digits). */
const AMOUNT = /^\d{1,15}$/;

/** `CURRENCY:minor,...` with every currency named once, else null. */
function parsePerCurrency(value: string): PerCurrency | null {
  const amounts = new Map<string, bigint>();
  for (const pair of value.split(',')) {
    const [currency, amount] = pair.split(':').map((part) => part.trim());
    if (!currency || !amount || !AMOUNT.test(amount) || amounts.has(currency)) return null;
    amounts.set(currency, BigInt(amount));
  }
  const complete =
    amounts.size === LAOS_CURRENCIES.length && LAOS_CURRENCIES.every((currency) => amounts.has(currency));
  return complete
    ? (Object.fromEntries(LAOS_CURRENCIES.map((currency) => [currency, amounts.get(currency)])) as PerCurrency)
    : null;
}

/** A variable's amounts; a bad value fails start-up naming the variable. */
function perCurrency(read: Reader, name: string, fallback: string): PerCurrency {
  const value = read.raw(name);
  const parsed = parsePerCurrency(value ?? fallback);
  if (parsed) return parsed;
  read.fail(name, `CURRENCY:minor units for each of ${LAOS_CURRENCIES.join(', ')}`, value ?? '');
  return parsePerCurrency(fallback) as PerCurrency;
}

export function readMoneyCeilings(read: Reader): MoneyCeilingsConfig {
  const entries = Object.entries(CEILING_VARIABLES).map(([key, variable]) => [
    key,
    perCurrency(read, variable.name, variable.default),
  ]);
  const percents = Object.entries(PERCENT_CEILING_VARIABLES).map(([key, variable]) => [
    key,
    read.integer(variable.name, variable.default, 0, variable.max),
  ]);
  return Object.fromEntries([...entries, ...percents]) as unknown as MoneyCeilingsConfig;
}
