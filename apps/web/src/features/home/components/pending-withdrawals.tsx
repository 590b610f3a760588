import { useTranslation } from '../../../i18n/i18n.ts';
import { displayCurrency, formatDateTime, formatMoney } from '../../../lib/format.ts';
import { usePendingWithdrawals } from '../api/get-pending-withdrawals.ts';

/**
 * Home's withdrawals still in progress (issue 21): amount, time and state, each until it is paid or given back.
 * Live events refetch the list, so a withdrawal leaves it without a reload. Nothing shows when there is none.
 */
export function PendingWithdrawals() {
  const { t, i18n } = useTranslation();
  const pending = usePendingWithdrawals();
  const withdrawals = pending.data?.withdrawals ?? [];
  if (withdrawals.length === 0) return null;
  return (
    <section aria-labelledby="pending-withdrawals" className="rounded-2xl bg-amber-50 px-4 py-3">
      <h2 id="pending-withdrawals" className="font-semibold text-amber-950">
        {t('live.pendingTitle')}
      </h2>
      <ul className="mt-2 divide-y divide-amber-200">
        {withdrawals.map((withdrawal) => (
          <li key={withdrawal.id} className="flex items-center justify-between gap-3 py-2">
            <div>
              <p className="font-semibold text-slate-900" translate="no">
                {formatMoney(i18n.language, withdrawal.amount, displayCurrency(withdrawal.currency))}
              </p>
              <p className="text-slate-600 text-sm">
                <time dateTime={withdrawal.createdAt}>{formatDateTime(withdrawal.createdAt)}</time>
              </p>
            </div>
            <span className="rounded-full bg-amber-200 px-3 py-1 text-amber-950 text-sm">
              {withdrawal.review ? t('live.review') : t('live.paying')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
