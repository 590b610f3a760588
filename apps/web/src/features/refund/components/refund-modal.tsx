import type { BannerItem } from '@member-wallet/contract/banner';
import { PAGE_SIZE } from '@member-wallet/contract/constants';
import type { RefundCheckResponse } from '@member-wallet/contract/refund';
import type { WalletResponse } from '@member-wallet/contract/wallet';
import { Button } from '@member-wallet/ui/button';
import { Spinner } from '@member-wallet/ui/spinner';
import { useId, useState } from 'react';
import { Modal } from '../../../components/modal.tsx';
import { pageCount, SimplePager } from '../../../components/simple-pager.tsx';
import { type TFunction, useTranslation } from '../../../i18n/i18n.ts';
import { type Currency, displayCurrency, formatDate, formatDateTime, formatMoney } from '../../../lib/format.ts';
import { toastError } from '../../../lib/http.ts';
import { sanitizeHtml } from '../../../lib/safe-html.ts';
import { useRefundCheck } from '../api/check-refund.ts';
import { useRefunds } from '../api/get-refunds.ts';
import { useReceiveRefund } from '../api/receive-refund.ts';

/** The period `[from, to)`: its first and its last day. */
function periodTexts(info: RefundCheckResponse['info']) {
  return { from: formatDate(info.from), to: formatDate(Date.parse(info.to) - 1) };
}

/** Why the refund cannot be received, the programme's rule with its figures, and the operator's own text. */
function Conditions({
  check,
  banners,
  currency,
}: {
  check: RefundCheckResponse;
  banners: readonly BannerItem[];
  currency: Currency;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const { info } = check;
  const money = (amount: number) => formatMoney(i18n.language, amount, currency);
  const state = check.bonus ? 'REFUND_CONDITION' : info.state;
  const period = periodTexts(info);
  return (
    <section aria-labelledby={titleId} className="space-y-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <h3 id={titleId} className="font-semibold">
        {t('refund.conditionsTitle')}
      </h3>
      {state === 'OK' || state === 'NO_REFUND' ? null : (
        <p className="font-semibold">{t(`refund.state.${state}`, { amount: money(info.minimum) })}</p>
      )}
      <p>{ruleText(t, info, money)}</p>
      <p>{t('refund.netLoss', { ...period, amount: money(info.netLoss) })}</p>
      {banners.map((banner, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: the operator's texts have no id; their order is fixed
          key={index}
          className="space-y-1 [&_a]:text-brand-800 [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
          data-i18n-exempt=""
          data-testid="refund-operator-conditions"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: operator html, allow-listed by sanitizeHtml
          dangerouslySetInnerHTML={{ __html: sanitizeHtml(banner.html) }}
        />
      ))}
    </section>
  );
}

function ruleText(t: TFunction, info: RefundCheckResponse['info'], money: (amount: number) => string): string {
  const values = { percent: info.percent, cap: money(info.cap) };
  if (info.period === 'week') return t(info.cap > 0 ? 'refund.ruleWeek' : 'refund.ruleWeekNoCap', values);
  return t(info.cap > 0 ? 'refund.ruleDay' : 'refund.ruleDayNoCap', values);
}

function RefundLog({ currency }: { currency: Currency }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const [page, setPage] = useState(1);
  const refunds = useRefunds(page);
  const rows = refunds.data?.refunds ?? [];
  return (
    <section aria-labelledby={titleId} className="space-y-2">
      <h3 id={titleId} className="font-semibold text-slate-900">
        {t('refund.logTitle')}
      </h3>
      {refunds.isPending ? <Spinner /> : null}
      {refunds.isError ? <p className="text-sm text-slate-600">{t('common.loadFailed')}</p> : null}
      {refunds.isSuccess && rows.length === 0 ? <p className="text-sm text-slate-600">{t('refund.logEmpty')}</p> : null}
      {rows.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
          {rows.map((row) => (
            <li key={row.periodFrom} className="flex items-center justify-between gap-3 px-3 py-2">
              <time dateTime={row.createdAt} className="text-sm text-slate-700" data-i18n-exempt="">
                {formatDateTime(row.createdAt)}
              </time>
              <span className="font-semibold text-slate-900" translate="no">
                {formatMoney(i18n.language, row.refundAmount, currency)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <SimplePager page={page} pages={pageCount(refunds.data?.total ?? 0, PAGE_SIZE.refunds)} onChange={setPage} />
    </section>
  );
}

/**
 * The loss refund (spec section 2): the check of the last closed period, a receive button enabled only when a
 * refund exists and no bonus is taken, otherwise the conditions (or 'refund not found'), and the log of
 * refunds 10 a page. A receipt sets the saved flag: the home reads the wallet again when the modal closes.
 */
export function RefundModal({
  wallet,
  banners,
  onClose,
}: {
  wallet: WalletResponse;
  banners: readonly BannerItem[];
  onClose: (saved: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const check = useRefundCheck();
  const receive = useReceiveRefund();
  const [received, setReceived] = useState<number | null>(null);
  const currency = displayCurrency(wallet.wallet.currency);
  const data = check.data;
  const canReceive = data?.result === true && !data.bonus;

  function submit() {
    receive.mutate(undefined, {
      onSuccess: (answer) => setReceived(answer.amount),
      onError: (error) => toastError(error),
    });
  }

  return (
    <Modal open onClose={() => onClose(received !== null)} title={t('refund.title')}>
      <div className="space-y-4">
        {check.isPending ? <Spinner /> : null}
        {check.isError ? <p className="text-slate-600">{t('common.loadFailed')}</p> : null}
        {received !== null ? (
          <p role="status" className="rounded-xl bg-emerald-50 px-3 py-2 font-semibold text-emerald-800">
            {t('refund.received', { amount: formatMoney(i18n.language, received, currency) })}
          </p>
        ) : null}
        {data && canReceive ? (
          <div className="space-y-1 rounded-xl bg-brand-50 px-3 py-2">
            <p className="text-sm text-slate-700">{t('refund.available')}</p>
            <p className="text-2xl font-semibold text-slate-900" translate="no" data-testid="refund-amount">
              {formatMoney(i18n.language, data.refundAmount, currency)}
            </p>
            <p className="text-sm text-slate-700">{t('refund.period', periodTexts(data.info))}</p>
            <p className="text-sm text-slate-700">
              {t('refund.split', { success: data.refundSuccess, fail: data.refundFail })}
            </p>
          </div>
        ) : null}
        {data && !canReceive && received === null && data.info.state === 'NO_REFUND' && !data.bonus ? (
          <p className="rounded-xl bg-slate-100 px-3 py-2 font-semibold text-slate-800">{t('refund.notFound')}</p>
        ) : null}
        {data && !canReceive && received === null && (data.info.state !== 'NO_REFUND' || data.bonus) ? (
          <Conditions check={data} banners={banners} currency={currency} />
        ) : null}
        {check.isSuccess ? (
          <Button block onClick={submit} disabled={!canReceive || received !== null} loading={receive.isPending}>
            {t('refund.receive')}
          </Button>
        ) : null}
        <RefundLog currency={currency} />
      </div>
    </Modal>
  );
}
