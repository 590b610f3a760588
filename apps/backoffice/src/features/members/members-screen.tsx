import type { BackofficeMember } from '@member-wallet/contract/backoffice';
import { Button } from '@member-wallet/ui/button';
import { INPUT_CLASS } from '@member-wallet/ui/field-message';
import { PageSpinner } from '@member-wallet/ui/spinner';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime, formatMinor } from '../../lib/format.ts';
import { errorText } from '../../lib/http.ts';
import { downloadMembersCsv, PAGE_SIZE, useMembers } from './api.ts';

/** The search may not be longer than the server reads (contract memberQuery). */
const QUERY_MAX = 64;

export const STATUS_TONE: Record<BackofficeMember['status'], string> = {
  active: 'bg-emerald-100 text-emerald-900',
  inactive: 'bg-red-100 text-red-900',
};

/**
 * Members (docs/backoffice.md, The app): search by phone, name or bank account, 20 a page from the server,
 * CSV export of the search; each member opens their page. The search and page live in the address.
 */
export function MembersScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const members = useMembers(q, page);
  const [draft, setDraft] = useState(q);
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const searchId = useId();

  const total = members.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

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

  async function exportCsv() {
    setExportError(null);
    setExporting(true);
    try {
      await downloadMembersCsv(q);
    } catch (error) {
      setExportError(errorText(error));
    } finally {
      setExporting(false);
    }
  }

  return (
    <section aria-labelledby="members-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 id="members-title" className="text-2xl font-semibold text-slate-900">
          {t('members.title')}
        </h1>
        <Button variant="secondary" loading={exporting} onClick={() => void exportCsv()}>
          {t('members.exportCsv')}
        </Button>
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
      {exportError ? (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
          {exportError}
        </p>
      ) : null}
      {members.isPending ? (
        <PageSpinner />
      ) : members.isError ? (
        <div role="alert" className="space-y-2 rounded-xl bg-red-50 p-4 text-red-800">
          <p>{errorText(members.error)}</p>
          <Button variant="secondary" onClick={() => void members.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : members.data.members.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-center text-slate-600">{t('members.empty')}</p>
      ) : (
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
            {members.data.members.map((member) => (
              <MemberRow key={member.id} member={member} />
            ))}
          </ul>
        </div>
      )}
      {members.data && total > 0 ? (
        <nav className="flex flex-wrap items-center justify-between gap-2" aria-label={t('members.title')}>
          <span className="text-sm text-slate-600">
            {t('members.total', { count: total })} · {t('members.pageOf', { page, pages })}
          </span>
          <div className="flex gap-2">
            <Button variant="secondary" disabled={page <= 1} onClick={() => show({ page: page - 1 })}>
              {t('members.previous')}
            </Button>
            <Button variant="secondary" disabled={page >= pages} onClick={() => show({ page: page + 1 })}>
              {t('members.next')}
            </Button>
          </div>
        </nav>
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
