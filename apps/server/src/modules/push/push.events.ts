import type { WalletEvent } from '@member-wallet/contract/live';
import { toMinor } from '@member-wallet/contract/money';
import type { PushMessage } from './push.texts.ts';

/**
 * The notification a committed wallet change is worth (docs/app.md, Notifications), or null: a deposit credited
 * by any channel (QR, bank transfer, slip, gift link), a withdrawal paid, a withdrawal failed with the money back.
 * Everything else the member sees in the app, live.
 */
export function pushFor(event: WalletEvent): PushMessage | null {
  const params = { amountMinor: toMinor(Math.abs(event.amount)), currency: event.currency };
  if (event.type === 'deposit' && event.status === 'SUCCESS' && event.amount > 0)
    return { kind: 'deposit-credited', params };
  if (event.type === 'withdraw' && event.status === 'SUCCESS') return { kind: 'withdrawal-paid', params };
  if (event.type === 'withdraw' && event.status === 'FAILED') return { kind: 'withdrawal-failed', params };
  return null;
}
