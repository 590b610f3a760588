import {
  type BackofficeDeposit,
  DEPOSIT_CHANNELS,
  DEPOSIT_STATUSES,
  type DepositChannel,
} from '@member-wallet/contract/backoffice/deposits';
import { LAOS_CURRENCIES } from '@member-wallet/contract/constants';
import { Button } from '@member-wallet/ui/button';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ExportButtonWithError } from '../../components/export-button.tsx';
import { pageFromParams } from '../../components/pager.tsx';
import { type TranslationKey, useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime, formatMinor } from '../../lib/format.ts';
import { downloadDepositsCsv } from './api/download-deposits-csv.ts';
import { type DepositFilters, useDeposits } from './api/get-deposits.ts';
import { Listing, MemberCell, pick, SELECT_CLASS, Select, StateBadge } from './deposit-parts.tsx';
import { QrCodesPanel } from './qr-codes-panel.tsx';

const ALL_STATUSES = [...new Set(Object.values(DEPOSIT_STATUSES).flat())];

/**
 * Deposits of every channel and the QR codes, with their states (docs/backoffice/deposits.md, Deposits and QR codes):
 * filters in the address, 20 a page from the server, CSV of the filters.
 */
export function DepositsScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'qr' ? 'qr' : 'deposits';
  const tabClass = (active: boolean) =>
    `min-h-11 rounded-xl px-4 font-semibold ${active ? 'bg-brand-700 text-white' : 'bg-white text-brand-800 hover:bg-brand-50'}`;
  return (
    <section aria-labelledby="deposits-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="deposits-title" className="text-2xl font-semibold text-slate-900">
          {t('deposits.title')}
        </h1>
        <div className="flex gap-2">
          <button
            type="button"
            aria-pressed={tab === 'deposits'}
            className={tabClass(tab === 'deposits')}
            onClick={() => setParams(new URLSearchParams())}
          >
            {t('deposits.tabDeposits')}
          </button>
          <button
            type="button"
            aria-pressed={tab === 'qr'}
            className={tabClass(tab === 'qr')}
            onClick={() => setParams(new URLSearchParams({ tab: 'qr' }))}
          >
            {t('deposits.tabQr')}
          </button>
        </div>
      </div>
      {tab === 'qr' ? <QrCodesPanel /> : <DepositsPanel />}
    </section>
  );
}

function DepositsPanel() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const channel = pick(params.get('channel'), DEPOSIT_CHANNELS);
  const statuses: readonly string[] = channel ? DEPOSIT_STATUSES[channel] : ALL_STATUSES;
  const filters: DepositFilters = {
    channel,
    status: pick(params.get('status'), statuses),
    currency: pick(params.get('currency'), LAOS_CURRENCIES),
    q: params.get('q') ?? '',
  };
  const page = pageFromParams(params);
  const deposits = useDeposits(filters, page);
  const [q, setQ] = useState(filters.q);
  const searchId = useId();

  function show(next: Partial<DepositFilters> & { page?: number }) {
    const merged = { ...filters, ...next };
    const query = new URLSearchParams();
    for (const name of ['channel', 'status', 'currency', 'q'] as const) if (merged[name]) query.set(name, merged[name]);
    if ((next.page ?? 1) > 1) query.set('page', String(next.page));
    setParams(query);
  }

  function search(event: FormEvent) {
    event.preventDefault();
    show({ q: q.trim() });
  }

  return (
    <>
      <form
        onSubmit={search}
        aria-label={t('list.filters')}
        className="grid grid-cols-2 items-end gap-2 rounded-2xl bg-white p-3 shadow-sm md:grid-cols-[1fr_1fr_1fr_1.5fr_auto_auto]"
      >
        <Select
          label={t('deposits.channel')}
          value={filters.channel}
          onChange={(value) => show({ channel: value as DepositChannel | '', status: '' })}
        >
          <option value="">{t('list.all')}</option>
          {DEPOSIT_CHANNELS.map((option) => (
            <option key={option} value={option}>
              {t(`deposits.channels.${option}`)}
            </option>
          ))}
        </Select>
        <Select label={t('deposits.status')} value={filters.status} onChange={(value) => show({ status: value })}>
          <option value="">{t('list.all')}</option>
          {statuses.map((option) => (
            <option key={option} value={option}>
              {t(`deposits.states.${option}` as TranslationKey)}
            </option>
          ))}
        </Select>
        <Select label={t('deposits.currency')} value={filters.currency} onChange={(value) => show({ currency: value })}>
          <option value="">{t('list.all')}</option>
          {LAOS_CURRENCIES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Select>
        <div className="col-span-2 md:col-span-1">
          <label htmlFor={searchId} className="mb-1 block text-sm text-slate-700">
            {t('deposits.search')}
          </label>
          <input
            id={searchId}
            type="search"
            inputMode="numeric"
            maxLength={32}
            value={q}
            placeholder={t('deposits.searchHint')}
            onChange={(event) => setQ(event.target.value)}
            className={SELECT_CLASS}
          />
        </div>
        <Button type="submit">{t('list.apply')}</Button>
        <ExportButtonWithError label={t('list.exportCsv')} download={() => downloadDepositsCsv(filters)} />
      </form>
      <Listing
        query={deposits}
        rows={(data) => data.deposits}
        page={page}
        onPage={(next) => show({ page: next })}
        render={(deposit) => <DepositRow key={`${deposit.channel}:${deposit.id}`} deposit={deposit} />}
      />
    </>
  );
}

function reasonText(t: ReturnType<typeof useTranslation>['t'], reason: string): string {
  const key = `deposits.reasons.${reason}` as TranslationKey;
  const text = t(key);
  return text === key ? reason : text;
}

function DepositRow({ deposit }: { deposit: BackofficeDeposit }) {
  const { t } = useTranslation();
  return (
    <li
      data-testid="deposit-row"
      className="grid grid-cols-2 gap-x-3 gap-y-1 px-4 py-3 lg:grid-cols-[1.2fr_1.3fr_1fr_1fr_1.3fr] lg:items-center"
    >
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">{t(`deposits.channels.${deposit.channel}`)}</p>
        <p className="truncate font-mono text-xs text-slate-600" title={deposit.id}>
          {deposit.id}
        </p>
        {deposit.source ? (
          <p className="text-sm text-slate-600">{t('deposits.source', { source: deposit.source })}</p>
        ) : null}
      </div>
      <MemberCell member={deposit.member} />
      <p className="text-right font-semibold text-slate-900 tabular-nums lg:text-left">
        <span className="sr-only">{t('deposits.amount')} </span>
        {deposit.amountMinor !== null && deposit.currency
          ? formatMinor(deposit.amountMinor, deposit.currency)
          : t('deposits.unknownAmount')}
      </p>
      <p className="text-sm text-slate-700 tabular-nums">{formatDateTime(deposit.createdAt)}</p>
      <div className="col-span-2 text-sm lg:col-span-1">
        <StateBadge state={deposit.status} />
        {deposit.reason ? (
          <p className="break-words text-slate-600">
            {t('deposits.reason', { reason: reasonText(t, deposit.reason) })}
          </p>
        ) : null}
        {deposit.entryId ? <p className="text-slate-500">{t('deposits.entry', { id: deposit.entryId })}</p> : null}
      </div>
    </li>
  );
}
