import type { BackofficeMember } from '@member-wallet/contract/backoffice/members';
import { Button } from '@member-wallet/ui/button';
import { INPUT_CLASS } from '@member-wallet/ui/field-message';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { ExportButton, useCsvExport } from '../../components/export-button.tsx';
import { Pager, pageCount, pageFromParams } from '../../components/pager.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime, formatMinor } from '../../lib/format.ts';
import { PAGE_SIZE } from '../../lib/paged-query.ts';
import { downloadMembersCsv } from './api/download-members-csv.ts';
import { useMembers } from './api/get-members.ts';

/** The search may not be longer than the server reads (contract memberQuery). */
const QUERY_MAX = 64;

export const STATUS_TONE: Record<BackofficeMember['status'], string> = {
  active: 'bg-emerald-100 text-emerald-900',
  inactive: 'bg-red-100 text-red-900',
};

/**
 * Members (docs/backoffice/members.md, In the app): search by phone, name or bank account, 20 a page from the server,
 * CSV export of the search; each member opens their page. The search and page live in the address.
 */
export function MembersScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = pageFromParams(params);
  const members = useMembers(q, page);
  const [draft, setDraft] = useState(q);
  const csv = useCsvExport(() => downloadMembersCsv(q));
  const searchId = useId();

  const total = members.data?.total ?? 0;
  const pages = pageCount(total, PAGE_SIZE);

  function show(next: { q?: string; page?: number }) {
    const query = new URLSearchParams();
    const text = (next.q ?? q).trim();
    if (text) query.set('q', text);
    const nextPage = next.page ?? 1;
    if (nextPage > 1) query.set('page', String(nextPage));
    setParams(query);
  }

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    show({ q: draft });
  }

  return (
    <section aria-labelledby="members-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 id="members-title" className="text-2xl font-semibold text-slate-900">
          {t('members.title')}
        </h1>
        <ExportButton label={t('members.exportCsv')} csv={csv} />
      </div>
      <search>
        <form onSubmit={search} className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1 basis-64">
            <label htmlFor={searchId} className="mb-1 block text-sm text-slate-700">
              {t('members.search')}
            </label>
            <input
              id={searchId}
              type="search"
              name="q"
              maxLength={QUERY_MAX}
              value={draft}
              placeholder={t('members.searchHint')}
              onChange={(event) => setDraft(event.target.value)}
              className={`${INPUT_CLASS} border-slate-300`}
            />
          </div>
          <Button type="submit">{t('members.searchSubmit')}</Button>
        </form>
      </search>
      <ErrorAlert error={csv.error} />
      <QueryView
        query={members}
        retry={t('common.retry')}
        isEmpty={(data) => data.members.length === 0}
        empty={t('members.empty')}
      >
        {(data) => (
          <div className="overflow-hidden rounded-2xl bg-white shadow-sm">
            <div
              aria-hidden="true"
              className="hidden grid-cols-[1.4fr_1fr_1fr_1fr] gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm font-semibold text-slate-600 lg:grid"
            >
              <span>{t('members.member')}</span>
              <span>{t('members.status')}</span>
              <span className="text-right">{t('members.balance')}</span>
              <span>{t('members.createdAt')}</span>
            </div>
            <ul className="divide-y divide-slate-200">
              {data.members.map((member) => (
                <MemberRow key={member.id} member={member} />
              ))}
            </ul>
          </div>
        )}
      </QueryView>
      {members.data && total > 0 ? (
        <Pager
          label={t('members.title')}
          summary={`${t('members.total', { count: total })} · ${t('members.pageOf', { page, pages })}`}
          page={page}
          pages={pages}
          previous={t('members.previous')}
          next={t('members.next')}
          onPage={(next) => show({ page: next })}
        />
      ) : null}
    </section>
  );
}

function MemberRow({ member }: { member: BackofficeMember }) {
  const { t } = useTranslation();
  return (
    <li data-testid="member-row" className="relative hover:bg-brand-50 focus-within:bg-brand-50">
      <div className="grid grid-cols-2 gap-x-3 gap-y-1 px-4 py-3 lg:grid-cols-[1.4fr_1fr_1fr_1fr] lg:items-center">
        <div className="min-w-0">
          <Link
            to={`/members/${encodeURIComponent(member.id)}`}
            className="block min-h-11 truncate font-semibold text-brand-800 underline-offset-2 after:absolute after:inset-0 hover:underline"
          >
            {member.name}
          </Link>
          <p className="text-sm text-slate-600">{member.phone}</p>
        </div>
        <p className="text-right lg:text-left">
          <span className="sr-only">{t('members.status')} </span>
          <span className={`inline-block rounded-full px-2 text-sm font-semibold ${STATUS_TONE[member.status]}`}>
            {t(`members.state.${member.status}`)}
          </span>
        </p>
        <p className="font-semibold text-slate-900 tabular-nums lg:text-right">
          <span className="sr-only">{t('members.balance')} </span>
          {formatMinor(member.walletMinor, member.currency)}
        </p>
        <p className="text-right text-sm text-slate-700 tabular-nums lg:text-left">
          <span className="sr-only">{t('members.createdAt')} </span>
          {formatDateTime(member.createdAt)}
        </p>
      </div>
    </li>
  );
}
