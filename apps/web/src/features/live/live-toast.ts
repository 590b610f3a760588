import type { WalletEvent } from '@member-wallet/contract/live';
import type { TFunction } from '../../i18n/i18n.ts';
import { displayCurrency, formatMoney } from '../../lib/format.ts';
import type { ToastTone } from '../../lib/toast-store.ts';

type Values = { amount: string; balance: string };

/** A credit's or debit's toast by what moved the money: a bonus, a refund, an invite bonus, a prize... */
function moneyToast(t: TFunction, event: WalletEvent, values: Values): string | null {
  if (event.type === 'finish_bonus') {
    return event.amount < 0 ? t('live.toast.bonusEndedTaken', values) : t('live.toast.bonusEnded', values);
  }
  if (event.amount > 0) {
    if (event.type === 'deposit') return t('live.toast.deposit', values);
    if (event.type === 'bonus') return t('live.toast.bonus', values);
    if (event.type === 'refund') return t('live.toast.refund', values);
    if (event.type === 'invite') return t('live.toast.invite', values);
    if (event.type === 'spin') return t('live.toast.prize', values);
    return t('live.toast.credit', values);
  }
  return event.amount < 0 ? t('live.toast.debit', values) : null;
}

/** A withdrawal's or transfer's toast: received, done or failed; null for the tab's own request under way. */
function requestToast(t: TFunction, event: WalletEvent, values: Values, own: boolean): string | null {
  const withdrawal = event.type === 'withdraw';
  if (event.status === 'FAILED')
    return t(withdrawal ? 'live.toast.withdrawFailed' : 'live.toast.transferFailed', values);
  if (event.status === 'IN_PROGRESS') {
    if (own) return null;
    return t(withdrawal ? 'live.toast.withdrawReceived' : 'live.toast.transferPending', values);
  }
  if (withdrawal) return t('live.toast.withdrawPaid', values);
  return own ? null : t('live.toast.transferDone', values);
}

/**
 * The toast of a `wallet` event in the member's language (docs/live.md): every kind of change is said, but for
 * what this tab has just asked for (`own`: its dialog answered it): a withdrawal or transfer while it is under
 * way, and a bonus, prize, refund or invite bonus it took.
 */
export function liveToast(
  t: TFunction,
  language: Parameters<typeof formatMoney>[0],
  event: WalletEvent,
  own: boolean,
): { tone: ToastTone; text: string } | null {
  const currency = displayCurrency(event.currency);
  const values = {
    amount: formatMoney(language, Math.abs(event.amount), currency),
    balance: formatMoney(language, event.balance, currency),
  };
  const request = event.type === 'withdraw' || event.type === 'transfer';
  if (!request && event.status === 'IN_PROGRESS') return null;
  // A bonus, prize, refund or invite bonus this tab has just taken: its dialog said what it gave or took.
  if (!request && own && event.status !== 'FAILED') return null;
  const text = request ? requestToast(t, event, values, own) : moneyToast(t, event, values);
  if (text === null) return null;
  return { tone: event.status === 'FAILED' ? 'error' : 'success', text };
}
