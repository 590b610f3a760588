import type { WalletEvent } from '@member-wallet/contract/live';
import type { TFunction } from '../../i18n/i18n.ts';
import { displayCurrency, formatMoney } from '../../lib/format.ts';
import type { ToastTone } from '../../lib/toast-store.ts';

/**
 * The toast of a `wallet` event in the member's language (docs/live.md), or null for the news of the member's own
 * action on this screen (a withdrawal or transfer just asked for, a credit the member's own screen shows).
 */
export function liveToast(
  t: TFunction,
  language: Parameters<typeof formatMoney>[0],
  event: WalletEvent,
): { tone: ToastTone; text: string } | null {
  const currency = displayCurrency(event.currency);
  const values = {
    amount: formatMoney(language, Math.abs(event.amount), currency),
    balance: formatMoney(language, event.balance, currency),
  };
  if (event.status === 'IN_PROGRESS') return null;
  if (event.type === 'withdraw') {
    return event.status === 'SUCCESS'
      ? { tone: 'success', text: t('live.toast.withdrawPaid', values) }
      : { tone: 'error', text: t('live.toast.withdrawFailed', values) };
  }
  if (event.type === 'transfer') {
    return event.status === 'FAILED' ? { tone: 'error', text: t('live.toast.transferFailed', values) } : null;
  }
  if (event.type === 'deposit' && event.amount > 0) return { tone: 'success', text: t('live.toast.deposit', values) };
  if (event.amount > 0) return { tone: 'success', text: t('live.toast.credit', values) };
  if (event.amount < 0) return { tone: 'success', text: t('live.toast.debit', values) };
  return null;
}
