import {
  type BackofficeQrCode,
  QR_CODE_STATUSES,
  type QrCodeStatus,
} from '@member-wallet/contract/backoffice/deposits';
import { QR_GATEWAYS, type QrGateway } from '@member-wallet/contract/deposit';
import { useSearchParams } from 'react-router';
import { ExportButtonWithError } from '../../components/export-button.tsx';
import { pageFromParams } from '../../components/pager.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime, formatMinor } from '../../lib/format.ts';
import { downloadQrCodesCsv } from './api/download-qr-codes-csv.ts';
import { type QrFilters, useQrCodes } from './api/get-qr-codes.ts';
import { Listing, MemberCell, pick, Select, StateBadge } from './deposit-parts.tsx';

/** The QR codes tab of the deposits screen (docs/backoffice/deposits.md). */

export function QrCodesPanel() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters: QrFilters = {
    status: pick<QrCodeStatus>(params.get('status'), QR_CODE_STATUSES),
    gateway: pick<QrGateway>(params.get('gateway'), QR_GATEWAYS),
  };
  const page = pageFromParams(params);
  const qrCodes = useQrCodes(filters, page);

  function show(next: Partial<QrFilters> & { page?: number }) {
    const merged = { ...filters, ...next };
    const query = new URLSearchParams({ tab: 'qr' });
    if (merged.status) query.set('status', merged.status);
    if (merged.gateway) query.set('gateway', merged.gateway);
    if ((next.page ?? 1) > 1) query.set('page', String(next.page));
    setParams(query);
  }

  return (
    <>
      <fieldset className="grid grid-cols-2 items-end gap-2 rounded-2xl bg-white p-3 shadow-sm md:grid-cols-[1fr_1fr_auto]">
        <legend className="sr-only">{t('list.filters')}</legend>
        <Select
          label={t('deposits.status')}
          value={filters.status}
          onChange={(value) => show({ status: value as QrCodeStatus })}
        >
          <option value="">{t('list.all')}</option>
          {QR_CODE_STATUSES.map((option) => (
            <option key={option} value={option}>
              {t(`deposits.states.${option}`)}
            </option>
          ))}
        </Select>
        <Select
          label={t('deposits.gateway')}
          value={filters.gateway}
          onChange={(value) => show({ gateway: value as QrGateway })}
        >
          <option value="">{t('list.all')}</option>
          {QR_GATEWAYS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Select>
        <ExportButtonWithError label={t('list.exportCsv')} download={() => downloadQrCodesCsv(filters)} />
      </fieldset>
      <Listing
        query={qrCodes}
        rows={(data) => data.qrCodes}
        page={page}
        onPage={(next) => show({ page: next })}
        render={(qr) => <QrRow key={qr.id} qr={qr} />}
      />
    </>
  );
}

function QrRow({ qr }: { qr: BackofficeQrCode }) {
  const { t } = useTranslation();
  return (
    <li
      data-testid="qr-row"
      className="grid grid-cols-2 gap-x-3 gap-y-1 px-4 py-3 lg:grid-cols-[1.2fr_1.3fr_1.2fr_1.3fr] lg:items-center"
    >
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">{qr.gateway}</p>
        <p className="truncate font-mono text-xs text-slate-600" title={qr.id}>
          {qr.id}
        </p>
        <p className="text-sm text-slate-600 tabular-nums">{formatDateTime(qr.createdAt)}</p>
      </div>
      <MemberCell member={qr.member} />
      <div className="text-right tabular-nums lg:text-left">
        <p className="font-semibold text-slate-900">
          <span className="sr-only">{t('deposits.asked')} </span>
          {formatMinor(qr.amountMinor, qr.currency)}
        </p>
        {qr.paidAmountMinor !== null ? (
          <p className="text-sm text-slate-700">
            {t('deposits.paidAmount', { amount: formatMinor(qr.paidAmountMinor, qr.currency) })}
          </p>
        ) : null}
      </div>
      <div className="text-sm">
        <StateBadge state={qr.status} />
        <p className="text-slate-600">
          {qr.paidAt
            ? t('deposits.paidAt', { time: formatDateTime(qr.paidAt) })
            : t('deposits.expiresAt', { time: formatDateTime(qr.expiresAt) })}
        </p>
        {qr.entryId ? <p className="text-slate-500">{t('deposits.entry', { id: qr.entryId })}</p> : null}
      </div>
    </li>
  );
}
