import type { AuditEntry } from '@member-wallet/contract/backoffice';
import { Button } from '@member-wallet/ui/button';
import { PageSpinner } from '@member-wallet/ui/spinner';
import { TextField } from '@member-wallet/ui/text-field';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime } from '../../lib/format.ts';
import { errorText } from '../../lib/http.ts';
import { type AuditFilters, downloadAuditCsv, PAGE_SIZE, useAudit } from './api.ts';

/** Monospace for the layout, then the bundled Thai face: operator texts in the JSON are often Thai. */
const JSON_FONT = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace, "Noto Sans Thai"' };

/** A state as people read it: indented JSON, or `(nothing)`. */
function StateBlock({ label, value }: { label: string; value: unknown }) {
  const { t } = useTranslation();
  return (
    <div>
      <p className="text-sm font-semibold text-slate-700">{label}</p>
      {value === null || value === undefined ? (
        <p className="rounded-lg bg-white p-2 text-sm text-slate-500">{t('audit.nothing')}</p>
      ) : (
        <pre style={JSON_FONT} className="overflow-x-auto rounded-lg bg-white p-2 text-xs">
          {JSON.stringify(value, null, 2)}
        </pre>
      )}
    </div>
  );
}

/**
 * The audit log (admins; docs/backoffice.md, The audit log): newest first, 20 a page from the server, filtered by
 * exact action and actor; before and after pretty-printed in a details element; CSV of the filters.
 */
export function AuditScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = { action: params.get('action') ?? '', actor: params.get('actor') ?? '' };
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const audit = useAudit(filters, page);
  const [draft, setDraft] = useState(filters);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const total = audit.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  function show(next: AuditFilters, nextPage = 1) {
    const query = new URLSearchParams();
    if (next.action.trim()) query.set('action', next.action.trim());
    if (next.actor.trim()) query.set('actor', next.actor.trim().toLowerCase());
    if (nextPage > 1) query.set('page', String(nextPage));
    setParams(query);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    show(draft);
  }

  async function exportCsv() {
    setExportError(null);
    setExporting(true);
    try {
      await downloadAuditCsv(filters);
    } catch (error) {
      setExportError(errorText(error));
    } finally {
      setExporting(false);
    }
  }

  return (
    <section aria-labelledby="audit-title" className="space-y-4">
      <h1 id="audit-title" className="text-2xl font-semibold text-slate-900">
        {t('audit.title')}
      </h1>
      <form
        onSubmit={submit}
        aria-label={t('list.filters')}
        className="grid items-end gap-2 rounded-2xl bg-white p-3 shadow-sm md:grid-cols-[1fr_1fr_auto_auto]"
      >
        <TextField
          label={t('audit.action')}
          name="action"
          maxLength={64}
          hint={t('audit.actionHint')}
          value={draft.action}
          onChange={(event) => setDraft({ ...draft, action: event.target.value })}
        />
        <TextField
          label={t('audit.actor')}
          name="actor"
          maxLength={32}
          hint={t('audit.actorHint')}
          value={draft.actor}
          onChange={(event) => setDraft({ ...draft, actor: event.target.value })}
        />
        <Button type="submit" className="md:mb-6">
          {t('list.apply')}
        </Button>
        <Button variant="secondary" className="md:mb-6" loading={exporting} onClick={() => void exportCsv()}>
          {t('list.exportCsv')}
        </Button>
      </form>
      {exportError ? (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
          {exportError}
        </p>
      ) : null}
      {audit.isPending ? (
        <PageSpinner />
      ) : audit.isError ? (
        <div role="alert" className="space-y-2 rounded-xl bg-red-50 p-4 text-red-800">
          <p>{errorText(audit.error)}</p>
          <Button variant="secondary" onClick={() => void audit.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : audit.data.entries.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-center text-slate-600">{t('list.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm">
          {audit.data.entries.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      {audit.data && total > 0 ? (
        <nav className="flex flex-wrap items-center justify-between gap-2" aria-label={t('audit.title')}>
          <span className="text-sm text-slate-600">
            {t('list.total', { count: total })} · {t('list.pageOf', { page, pages })}
          </span>
          <div className="flex gap-2">
            <Button variant="secondary" disabled={page <= 1} onClick={() => show(filters, page - 1)}>
              {t('list.previous')}
            </Button>
            <Button variant="secondary" disabled={page >= pages} onClick={() => show(filters, page + 1)}>
              {t('list.next')}
            </Button>
          </div>
        </nav>
      ) : null}
    </section>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  return (
    <li data-testid="audit-row" className="space-y-1 px-4 py-3">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-mono font-semibold text-slate-900">{entry.action}</span>
        <span className="text-slate-700">{entry.actor}</span>
        <span className="break-all font-mono text-sm text-slate-600">{entry.target}</span>
        <span className="ml-auto text-sm text-slate-600 tabular-nums">{formatDateTime(entry.at)}</span>
      </div>
      {entry.ip ? <p className="text-sm text-slate-500">{t('audit.ip', { ip: entry.ip })}</p> : null}
      <details className="rounded-xl bg-slate-50 px-3">
        <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-brand-800">
          {t('audit.details')}
        </summary>
        <div className="grid gap-2 pb-3 md:grid-cols-2">
          <StateBlock label={t('audit.before')} value={entry.before} />
          <StateBlock label={t('audit.after')} value={entry.after} />
        </div>
      </details>
    </li>
  );
}
