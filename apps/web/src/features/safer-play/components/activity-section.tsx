import type { ActivityMonth } from '@member-wallet/contract/safer-play';
import { Spinner } from '@member-wallet/ui/spinner';
import { TableHead } from '../../../components/table-head.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import { displayCurrency, formatMoney } from '../../../lib/format.ts';
import { useActivity } from '../api/get-activity.ts';
import { formatDuration } from '../reality-check.ts';

/** `2026-03` -> `03/2026`, the month as the app's dates print it. */
export function formatMonth(month: string): string {
  const [year, number] = month.split('-');
  return `${number}/${year}`;
}

function MonthRow({ month, money }: { month: ActivityMonth; money: (value: number) => string }) {
  const { t } = useTranslation();
  return (
    <tr className="border-t border-slate-100 align-top">
      <th scope="row" className="py-2 pe-2 text-start font-semibold text-slate-900" translate="no">
        {formatMonth(month.month)}
      </th>
      <td className="py-2 pe-2 text-end" translate="no">
        {money(month.deposits)}
        <br />
        <span className="text-slate-600">{money(month.withdrawals)}</span>
      </td>
      <td className={`py-2 pe-2 text-end ${month.netResult < 0 ? 'text-red-700' : 'text-emerald-800'}`} translate="no">
        {money(month.netResult)}
      </td>
      <td className="py-2 text-end" translate="no">
        {formatDuration(t, month.minutesLoggedIn)}
      </td>
    </tr>
  );
}

/** The last 12 months: deposits, withdrawals, net result and time logged in (issue 23). */
export function ActivitySection() {
  const { t, i18n } = useTranslation();
  const activity = useActivity();
  const data = activity.data;
  const money = (value: number) => formatMoney(i18n.language, value, displayCurrency(data?.currency ?? 'THB'));
  return (
    <section aria-labelledby="safer-play-activity" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="safer-play-activity" className="text-lg font-semibold text-slate-900">
        {t('saferPlay.activity.title')}
      </h2>
      <p className="mt-1 mb-3 text-sm text-slate-600">{t('saferPlay.activity.intro')}</p>
      {activity.isPending ? <Spinner /> : null}
      {activity.isError ? <p className="text-slate-600">{t('common.loadFailed')}</p> : null}
      {data ? (
        <table className="w-full table-fixed text-sm">
          <TableHead
            caption={t('saferPlay.activity.title')}
            rowClassName="text-slate-600"
            cellClassName="pb-1 font-normal"
            columns={[
              { label: t('saferPlay.activity.month'), className: 'w-[22%] text-start' },
              { label: t('saferPlay.activity.depositsWithdrawals'), className: 'pe-2 text-end' },
              { label: t('saferPlay.activity.net'), className: 'pe-2 text-end' },
              { label: t('saferPlay.activity.time'), className: 'w-[24%] text-end' },
            ]}
          />
          <tbody>
            {data.months.map((month) => (
              <MonthRow key={month.month} month={month} money={money} />
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
