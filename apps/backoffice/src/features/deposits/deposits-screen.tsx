import {
  type BackofficeDeposit,
  type BackofficeQrCode,
  DEPOSIT_CHANNELS,
  DEPOSIT_STATUSES,
  type DepositChannel,
  QR_CODE_STATUSES,
  type QrCodeStatus,
} from '@member-wallet/contract/backoffice/deposits';
import { LAOS_CURRENCIES } from '@member-wallet/contract/constants';
import { QR_GATEWAYS, type QrGateway } from '@member-wallet/contract/deposit';
import { Button } from '@member-wallet/ui/button';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ExportButtonWithError } from '../../components/export-button.tsx';
import { Pager, pageCount, pageFromParams } from '../../components/pager.tsx';
import { QueryView, type ViewedQuery } from '../../components/query-view.tsx';
import { type TranslationKey, useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime, formatMinor } from '../../lib/format.ts';
import { PAGE_SIZE } from '../../lib/paged-query.ts';
import { downloadDepositsCsv } from './api/download-deposits-csv.ts';
import { downloadQrCodesCsv } from './api/download-qr-codes-csv.ts';
import { type DepositFilters, useDeposits } from './api/get-deposits.ts';
import { type QrFilters, useQrCodes } from './api/get-qr-codes.ts';

const ALL_STATUSES = [...new Set(Object.values(DEPOSIT_STATUSES).flat())];
const SELECT_CLASS = 'min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base';

/** Credited is green, waiting amber, refused or parked red, the rest grey. */
const STATE_TONE: Record<string, string> = {
  paid: 'bg-emerald-100 text-emerald-900',
  credited: 'bg-emerald-100 text-emerald-900',
  matched: 'bg-emerald-100 text-emerald-900',
  SUCCESS: 'bg-emerald-100 text-emerald-900',
  live: 'bg-amber-100 text-amber-900',
  creating: 'bg-amber-100 text-amber-900',
  redeeming: 'bg-amber-100 text-amber-900',
  unknown: 'bg-amber-100 text-amber-900',
  IN_PROGRESS: 'bg-amber-100 text-amber-900',
  unmatched: 'bg-red-100 text-red-900',
  failed: 'bg-red-100 text-red-900',
  FAILED: 'bg-red-100 text-red-900',
};

function pick<T extends string>(value: string | null, options: readonly T[]): T | '' {
  return value !== null && (options as readonly string[]).includes(value) ? (value as T) : '';
}

export function StateBadge({ state }: { state: string }) {
  const { t } = useTranslation();
  const key = `deposits.states.${state}` as TranslationKey;
  const text = t(key);
  return (
    <span
      className={`inline-block rounded-full px-2 text-sm font-semibold ${STATE_TONE[state] ?? 'bg-slate-200 text-slate-800'}`}
    >
      {text === key ? state : text}
    </span>
  );
}

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

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm text-slate-700">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={SELECT_CLASS}>
        {children}
      </select>
    </div>
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

/** A page of rows with its loading, error and empty states, and the pager. */
function Listing<Data extends { total: number }, Row>({
  query,
  rows,
  page,
  onPage,
  render,
}: {
  query: ViewedQuery<Data>;
  rows: (data: Data) => Row[];
  page: number;
  onPage: (page: number) => void;
  render: (row: Row) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <QueryView
      query={query}
      retry={t('common.retry')}
      isEmpty={(data) => rows(data).length === 0}
      empty={t('list.empty')}
    >
      {(data) => {
        const pages = pageCount(data.total, PAGE_SIZE);
        return (
          <>
            <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm">
              {rows(data).map(render)}
            </ul>
            <Pager
              label={t('list.pageOf', { page, pages })}
              summary={`${t('list.total', { count: data.total })} · ${t('list.pageOf', { page, pages })}`}
              page={page}
              pages={pages}
              previous={t('list.previous')}
              next={t('list.next')}
              onPage={onPage}
            />
          </>
        );
      }}
    </QueryView>
  );
}

function MemberCell({ member }: { member: BackofficeDeposit['member'] }) {
  const { t } = useTranslation();
  if (!member) return <p className="text-slate-500 italic">{t('deposits.noMember')}</p>;
  return (
    <div className="min-w-0">
      <p className="truncate font-semibold text-slate-900">{member.name}</p>
      <p className="text-sm text-slate-600">{member.phone}</p>
    </div>
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

function QrCodesPanel() {
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
