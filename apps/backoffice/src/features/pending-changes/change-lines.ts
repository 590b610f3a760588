import type { PendingChange } from '@member-wallet/contract/backoffice/pending-changes';
import type {
  BonusTerms,
  InviteSettingsValue,
  RefundSettingsValue,
  SpinSettingsResponse,
} from '@member-wallet/contract/backoffice/promotions';
import type { TFunction } from '../../i18n/i18n.ts';
import { formatMinor } from '../../lib/format.ts';

type Value = Record<string, unknown>;

/** An amount of the major unit (the programmes' and the wheel's), with 2 decimals and separators. */
function major(amount: number, currency = ''): string {
  return formatMinor(String(Math.round(amount * 100)), currency).trim();
}

/** A per-currency amount map of the major unit: `500.00 BAHT, 150,000.00 LAK`. */
function amounts(record: Record<string, number> | undefined): string {
  return Object.entries(record ?? {})
    .map(([currency, amount]) => major(amount, currency))
    .join(', ');
}

/** A bonus definition's money terms. */
function bonusLines(value: BonusTerms, t: TFunction): string[] {
  const minor = (amount: string | number | null) => formatMinor(String(amount ?? '0'), value.currency);
  const amount =
    value.amountRule === 'fixed'
      ? t('pendingChanges.reward.fixed', { amount: minor(value.amountMinor) })
      : t('pendingChanges.reward.percent', {
          percent: value.depositPercent ?? 0,
          hours: value.depositWindowHours ?? 0,
          cap: minor(value.amountCapMinor),
        });
  return [
    t(value.active ? 'pendingChanges.reward.active' : 'pendingChanges.reward.inactive'),
    amount,
    t('pendingChanges.reward.received', {
      count: value.maxReceived,
      period: t(`pendingChanges.reward.type.${value.type}`),
    }),
    value.totalMax === null
      ? t('pendingChanges.reward.noTotalMax')
      : t('pendingChanges.reward.totalMax', { count: value.totalMax }),
    t('pendingChanges.reward.winMultiple', { multiple: value.winMultiple }),
    t('pendingChanges.reward.endBelow', { amount: minor(value.endBelowMinor) }),
    t('pendingChanges.reward.percentFail', { percent: value.percentFail }),
  ];
}

function inviteLines(value: InviteSettingsValue, t: TFunction): string[] {
  return [
    t(value.enabled ? 'pendingChanges.reward.on' : 'pendingChanges.reward.off'),
    t('pendingChanges.reward.commission', { percent: value.percent }),
    t('pendingChanges.reward.successPercent', { percent: value.successPercent }),
    t('pendingChanges.reward.collectMinimum', { amount: major(value.collectMinimum) }),
  ];
}

function refundLines(value: RefundSettingsValue, t: TFunction): string[] {
  return [
    t(value.enabled ? 'pendingChanges.reward.on' : 'pendingChanges.reward.off'),
    t('pendingChanges.reward.refundPercent', {
      percent: value.percent,
      period: t(`pendingChanges.reward.period.${value.period}`),
    }),
    value.cap === 0
      ? t('pendingChanges.reward.noCap')
      : t('pendingChanges.reward.refundCap', { amount: major(value.cap) }),
    t('pendingChanges.reward.refundMinimum', { amount: major(value.minimum) }),
    t('pendingChanges.reward.successPercent', { percent: value.successPercent }),
  ];
}

/** The wheel's money: on or off, each cash slice with its chance, and the coin rule. */
function spinLines(value: SpinSettingsResponse, t: TFunction): string[] {
  const { wheel, rules } = value;
  const total = (wheel?.slices ?? []).reduce((sum, slice) => sum + slice.weight, 0);
  const prizes = (wheel?.slices ?? [])
    .filter((slice) => slice.prize.type === 'cash')
    .map((slice) =>
      t('pendingChanges.reward.prize', {
        code: slice.code,
        amounts: amounts(slice.prize.amount),
        chance: total > 0 ? ((slice.weight * 100) / total).toFixed(2) : '0.00',
      }),
    );
  const coinRule = rules
    ? [
        t('pendingChanges.reward.depositPerCoin', { amounts: amounts(rules.depositPerCoin) }),
        t('pendingChanges.reward.couponExpiry', { hours: rules.couponExpiryHours }),
        t('pendingChanges.reward.prizeTerms', {
          multiple: rules.prizeWinMultiple ?? 1,
          percent: rules.prizePercentFail ?? 100,
        }),
      ]
    : [];
  const state = wheel
    ? t(wheel.active ? 'pendingChanges.reward.on' : 'pendingChanges.reward.off')
    : t('pendingChanges.reward.notSet');
  return [state, ...prizes, ...coinRule];
}

/** A change's value as lines an admin reads: amounts in baht or kip, a role by its name, a reward's money terms. */
export function describe(change: PendingChange, value: unknown, t: TFunction): string[] {
  const fields = (value ?? {}) as Value;
  switch (change.kind) {
    case 'operator.role':
      return [t(`shell.role.${String(fields.role) as 'admin'}`)];
    case 'promotions.bonus':
      return bonusLines(value as BonusTerms, t);
    case 'promotions.invite':
      return inviteLines(value as InviteSettingsValue, t);
    case 'promotions.refund':
      return refundLines(value as RefundSettingsValue, t);
    case 'promotions.spin':
      return spinLines(value as SpinSettingsResponse, t);
    default:
      break;
  }
  const currency = String(fields.currency ?? '');
  const amount = (key: string) => formatMinor(String(fields[key] ?? '0'), currency);
  if (change.kind === 'settings.adjustment') {
    return [t('pendingChanges.approvalAbove', { amount: amount('approvalAbove') })];
  }
  return [
    t('pendingChanges.withdrawMin', { amount: amount('min') }),
    t('pendingChanges.withdrawMax', { amount: amount('max') }),
    t('pendingChanges.autoApprove', { amount: amount('autoApprove') }),
  ];
}

/** What a change is about: a setting of a currency, an operator's role, a bonus or a programme. */
export function subject(change: PendingChange, t: TFunction): string {
  const after = (change.after ?? {}) as Value;
  switch (change.kind) {
    case 'operator.role':
      return t('pendingChanges.kind.role', { username: String(after.username ?? change.target) });
    case 'promotions.bonus':
      return t('pendingChanges.kind.bonus', { code: String(after.code ?? change.target.replace(/^bonus:/, '')) });
    case 'promotions.invite':
      return t('pendingChanges.kind.invite');
    case 'promotions.refund':
      return t('pendingChanges.kind.refund');
    case 'promotions.spin':
      return t('pendingChanges.kind.spin');
    case 'settings.adjustment':
      return t('pendingChanges.kind.adjustment', { currency: String(after.currency ?? '') });
    default:
      return t('pendingChanges.kind.withdraw', { currency: String(after.currency ?? '') });
  }
}
