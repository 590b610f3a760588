import { PAGE_SIZE } from '@member-wallet/contract/constants';
import { SLIP_REASON_MESSAGE } from '@member-wallet/contract/error-codes';
import type { SlipItem } from '@member-wallet/contract/slip';
import { statusTone } from '@member-wallet/contract/statuses';
import { Button } from '@member-wallet/ui/button';
import { Spinner } from '@member-wallet/ui/spinner';
import { useId, useState } from 'react';
import { Modal } from '../../../components/modal.tsx';
import { TableHead } from '../../../components/table-head.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import { type Currency, formatAmount, formatDateTime, formatMoney } from '../../../lib/format.ts';
import { toastError } from '../../../lib/http.ts';
import { safeImageUrl } from '../../../lib/safe-url.ts';
import { getSlipReference } from '../api/get-slip-reference.ts';
import { useSlips } from '../api/get-slips.ts';
import { pageCount } from './pagination-range.ts';
import { StatementPagination } from './statement-pagination.tsx';
import { STATUS_TONE_CLASS } from './statement-row.tsx';

const LINK_CLASS =
  'inline-flex min-h-11 min-w-11 items-center justify-center font-semibold text-brand-800 underline hover:text-brand-900 focus-visible:outline-3 focus-visible:outline-brand-500';

/**
 * The slip's picture in a new window: its `link` when it has one, else the url the server gives for its
 * reference. The window opens during the click, so that a url fetched afterwards is not blocked as a pop-up.
 */
function ViewSlip({ slip }: { slip: SlipItem }) {
  const { t } = useTranslation();
  const link = slip.link ? safeImageUrl(slip.link) : undefined;
  if (link) {
    return (
      <a href={link} target="_blank" rel="noopener noreferrer" className={LINK_CLASS}>
        {t('slips.view')}
      </a>
    );
  }
  const reference = slip.reference;
  if (!reference) return null;
  async function open(reference: string) {
    const tab = window.open('', '_blank');
    try {
      const url = safeImageUrl(await getSlipReference(reference));
      if (!url) throw new Error('slip reference: not an http(s) or same-site url');
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener,noreferrer');
      }
    } catch (error) {
      tab?.close();
      toastError(error);
    }
  }
  return (
    <button type="button" className={LINK_CLASS} onClick={() => void open(reference)}>
      {t('slips.view')}
    </button>
  );
}

/**
 * A slip the sandbox verifier answered (the sandbox label): a small tag under its status, on a line of its own so the
 * row grows no wider on a phone; its meaning is told to screen readers.
 */
function SandboxTag() {
  const { t } = useTranslation();
  const noteId = useId();
  return (
    <>
      <span
        aria-describedby={noteId}
        title={t('slips.sandboxNote')}
        className="mt-1 block w-fit rounded-sm bg-yellow-300 px-1.5 text-xs font-semibold text-slate-950 ring-1 ring-slate-900"
      >
        {t('slips.sandboxTag')}
      </span>
      <span id={noteId} className="sr-only">
        {t('slips.sandboxNote')}
      </span>
    </>
  );
}

function SlipRow({ slip, currency }: { slip: SlipItem; currency: Currency | undefined }) {
  const { t, i18n } = useTranslation();
  const tone = statusTone(slip.status);
  const time = Date.parse(slip.createdAt);
  const amount =
    slip.amount === 0 ? '-' : currency ? formatMoney(i18n.language, slip.amount, currency) : formatAmount(slip.amount);
  const reason = slip.status === 'FAILED' && slip.note ? t(`slipReason.${SLIP_REASON_MESSAGE[slip.note]}`) : null;
  return (
    <tr className="border-b border-slate-100 align-top last:border-b-0">
      <td className="py-2 pr-2 text-sm text-slate-700">
        {Number.isFinite(time) ? (
          <time dateTime={slip.createdAt} data-i18n-exempt="">
            {formatDateTime(time)}
          </time>
        ) : null}
      </td>
      <td className="py-2 pr-2 text-right font-semibold text-slate-900" translate="no">
        {amount}
      </td>
      <td className="py-2 pr-2">
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONE_CLASS[tone]}`} data-tone={tone}>
          {t(`statement.status.${tone}`)}
        </span>
        {slip.sandbox ? <SandboxTag /> : null}
        {reason ? <p className="mt-1 text-xs text-red-800">{reason}</p> : null}
      </td>
      <td className="py-2">
        <ViewSlip slip={slip} />
      </td>
    </tr>
  );
}

/** The member's uploaded slips, 10 a page (spec section 2, Statement): date, amount, status with reason, view. */
export function SlipModal({ currency, onClose }: { currency: Currency | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const slips = useSlips(page);

  let body = <Spinner />;
  if (slips.isError) {
    body = (
      <div className="space-y-3 text-center">
        <p className="text-slate-600">{t('common.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void slips.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (slips.data && slips.data.slips.length === 0) {
    body = <p className="text-center text-slate-600">{t('slips.empty')}</p>;
  } else if (slips.data) {
    body = (
      <div className="space-y-3">
        <div className="-mx-1 overflow-x-auto px-1">
          <table
            aria-busy={slips.isPlaceholderData || undefined}
            className={`w-full text-left ${slips.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            <TableHead
              caption={t('slips.title')}
              rowClassName="border-b border-slate-200 text-sm text-slate-600"
              cellClassName="py-2 font-semibold"
              columns={[
                { label: t('slips.date'), className: 'pr-2' },
                { label: t('slips.amount'), className: 'pr-2 text-right' },
                { label: t('slips.status'), className: 'pr-2' },
                { label: t('slips.view'), hidden: true },
              ]}
            />
            <tbody>
              {slips.data.slips.map((slip) => (
                <SlipRow key={slip.id} slip={slip} currency={currency} />
              ))}
            </tbody>
          </table>
        </div>
        <StatementPagination
          current={page}
          pages={pageCount(slips.data.total, PAGE_SIZE.slips)}
          total={slips.data.total}
          onChange={setPage}
        />
      </div>
    );
  }

  return (
    <Modal open onClose={onClose} title={t('slips.title')}>
      <div className="mb-2 flex justify-end">
        <button type="button" className={LINK_CLASS} disabled={slips.isFetching} onClick={() => void slips.refetch()}>
          {t('slips.refresh')}
        </button>
      </div>
      {body}
    </Modal>
  );
}
