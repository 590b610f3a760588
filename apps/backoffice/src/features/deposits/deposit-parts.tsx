import type { BackofficeDeposit } from '@member-wallet/contract/backoffice/deposits';
import { type ReactNode, useId } from 'react';
import { Pager, pageCount } from '../../components/pager.tsx';
import { QueryView, type ViewedQuery } from '../../components/query-view.tsx';
import { type TranslationKey, useTranslation } from '../../i18n/i18n.ts';
import { PAGE_SIZE } from '../../lib/paged-query.ts';

/**
 * What the deposits screen's tabs share: the filters' select, the paged listing, the state badge and the member
 * cell.
 */

export const SELECT_CLASS = 'min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base';

/** Credited is green, waiting amber, refused or parked red, the rest grey. */
export const STATE_TONE: Record<string, string> = {
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

export function pick<T extends string>(value: string | null, options: readonly T[]): T | '' {
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

export function Select({
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

/** A page of rows with its loading, error and empty states, and the pager. */
export function Listing<Data extends { total: number }, Row>({
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

export function MemberCell({ member }: { member: BackofficeDeposit['member'] }) {
  const { t } = useTranslation();
  if (!member) return <p className="text-slate-500 italic">{t('deposits.noMember')}</p>;
  return (
    <div className="min-w-0">
      <p className="truncate font-semibold text-slate-900">{member.name}</p>
      <p className="text-sm text-slate-600">{member.phone}</p>
    </div>
  );
}
