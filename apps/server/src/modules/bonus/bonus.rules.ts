import type { Promotion } from '@member-wallet/contract/bonus';
import { type Country, defaultLocaleFor, type Locale } from '@member-wallet/contract/constants';
import { moneyInvariant } from '../../lib/money-invariant.ts';
import type { RewardSource } from './active-bonus.ts';
import type { BonusDefinition, NewBonusDefinition } from './bonus.repository.ts';

/** Bonus amount from its rule: a fixed amount, or a percentage of the qualifying deposit, floored, capped. */
export function bonusAmount(definition: BonusDefinition, depositMinor: bigint | null): bigint {
  if (definition.amount_rule === 'fixed') return definition.amount_minor ?? 0n;
  const percent = BigInt(definition.deposit_percent ?? 0);
  const raw = ((depositMinor ?? 0n) * percent) / 100n;
  const cap = definition.amount_cap_minor ?? raw;
  return raw < cap ? raw : cap;
}

/**
 * What cancelling takes back (docs/promotions/bonuses.md, "Where the bonus money goes"): `due` (dueOnCancel), at
 * most what the member holds in the wallet and the game accounts together. The wallet pays first; the rest is
 * owed and paid by the money that comes back from the game accounts.
 */
export function takeBack(
  dueMinor: bigint,
  walletMinor: bigint,
  totalMinor: bigint,
): { fromWallet: bigint; owed: bigint } {
  moneyInvariant(dueMinor >= 0n, `a cancel is due a negative ${dueMinor}`);
  const total = min(dueMinor, totalMinor > 0n ? totalMinor : 0n);
  const fromWallet = min(total, walletMinor > 0n ? walletMinor : 0n);
  const owed = total - fromWallet;
  // What is taken back is never more than is due, nor more than the wallet holds, and never a payment to the member.
  moneyInvariant(fromWallet >= 0n && owed >= 0n, `a cancel takes back ${fromWallet} and owes ${owed}`);
  moneyInvariant(fromWallet + owed <= dueMinor, `a cancel takes ${fromWallet + owed} of ${dueMinor} due`);
  moneyInvariant(
    fromWallet <= (walletMinor > 0n ? walletMinor : 0n),
    `a cancel takes ${fromWallet} of a ${walletMinor} wallet`,
  );
  return { fromWallet, owed };
}

/**
 * What cancelling a bonus is due to take back (issue 39): the whole bonus, and percentFail % of what was won
 * with it (the net winnings at the providers since it began, when positive), floored to the minor unit. A bonus
 * cancelled unplayed so never leaves the member more cash than before it, whatever its terms.
 */
export function dueOnCancel(bonusMinor: bigint, percentFail: number, netWinMinor: bigint): bigint {
  moneyInvariant(bonusMinor >= 0n, `a bonus of ${bonusMinor}`);
  moneyInvariant(Number.isInteger(percentFail) && percentFail >= 0 && percentFail <= 100, `percentFail ${percentFail}`);
  const won = netWinMinor > 0n ? netWinMinor : 0n;
  const due = bonusMinor + (won * BigInt(percentFail)) / 100n;
  // The whole bonus, and at most all that was won with it.
  moneyInvariant(due >= bonusMinor && due <= bonusMinor + won, `${due} due on a ${bonusMinor} bonus that won ${won}`);
  return due;
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

/** The names of the definitions rewards run under: what the member's bonus page and statement call them. */
export const REWARD_NAMES: Record<RewardSource, Record<Locale, string>> = {
  luckydraw: { th: 'รางวัลวงล้อนำโชค', lo: 'ລາງວັນວົງລໍ້ນຳໂຊກ', en: 'Lucky wheel prize' },
  adjustment: { th: 'โบนัสจากทีมงาน', lo: 'ໂບນັດຈາກທີມງານ', en: 'Bonus from our team' },
};

/**
 * The definition a reward runs under: never listed, never activated by a code (`active` false), its amount and
 * terms those of each reward's own `member_bonuses` row.
 */
export function rewardDefinition(code: string, currency: string, names: Record<Locale, string>): NewBonusDefinition {
  return {
    code,
    kind: 'reward',
    type: 'limit',
    currency,
    max_received: 10_000,
    total_max: null,
    percent_fail: 100,
    amount_rule: 'fixed',
    amount_minor: 1n,
    deposit_percent: null,
    amount_cap_minor: null,
    deposit_window_hours: null,
    win_multiple: 1,
    end_below_minor: 1n,
    names: JSON.stringify(names),
    descriptions: JSON.stringify({ th: '', lo: '', en: '' }),
    banners: JSON.stringify([]),
    sort_order: 0,
    active: false,
  };
}

export function textIn(texts: Record<string, string>, locale: Locale, fallback: string): string {
  return texts[locale] || texts.th || fallback;
}

/** The statement's description of a bonus's entries: its name in the site's default language. */
export function statementText(definition: BonusDefinition, country: Country): string {
  return textIn(definition.names, defaultLocaleFor(country), definition.code);
}

export function promotionOf(definition: BonusDefinition, locale: Locale): Promotion {
  return {
    code: definition.code,
    percentFail: definition.percent_fail,
    description: textIn(definition.descriptions, locale, textIn(definition.names, locale, definition.code)),
  };
}
