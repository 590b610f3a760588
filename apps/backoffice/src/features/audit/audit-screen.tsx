import type { AuditEntry } from '@member-wallet/contract/backoffice/audit';
import { Button } from '@member-wallet/ui/button';
import { TextField } from '@member-wallet/ui/text-field';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { type CsvExport, ExportButton, useCsvExport } from '../../components/export-button.tsx';
import { Pager, pageCount, pageFromParams } from '../../components/pager.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime } from '../../lib/format.ts';
import { PAGE_SIZE } from '../../lib/paged-query.ts';
import { downloadAuditCsv } from './api/download-audit-csv.ts';
import { type AuditFilters, useAudit } from './api/get-audit.ts';

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
 * The audit log (admins; docs/backoffice/README.md, The audit log): newest first, 20 a page from the server, filtered by
 * exact action, actor and target (`operator:5`, which the operators screen links to); before and after
 * pretty-printed in a details element; CSV of the filters.
 */
export function AuditScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = {
    action: params.get('action') ?? '',
    actor: params.get('actor') ?? '',
    target: params.get('target') ?? '',
  };
  const page = pageFromParams(params);
  const audit = useAudit(filters, page);
  const csv = useCsvExport(() => downloadAuditCsv(filters));
  const total = audit.data?.total ?? 0;
  const pages = pageCount(total, PAGE_SIZE);

  function show(next: AuditFilters, nextPage = 1) {
    const query = new URLSearchParams();
    if (next.action.trim()) query.set('action', next.action.trim());
    if (next.actor.trim()) query.set('actor', next.actor.trim().toLowerCase());
    if (next.target.trim()) query.set('target', next.target.trim());
    if (nextPage > 1) query.set('page', String(nextPage));
    setParams(query);
  }

  return (
    <section aria-labelledby="audit-title" className="space-y-4">
      <h1 id="audit-title" className="text-2xl font-semibold text-slate-900">
        {t('audit.title')}
      </h1>
      <AuditFilterForm initial={filters} csv={csv} onSearch={(next) => show(next)} />
      <ErrorAlert error={csv.error} />
      <QueryView
        query={audit}
        retry={t('common.retry')}
        isEmpty={(data) => data.entries.length === 0}
        empty={t('list.empty')}
      >
        {(data) => (
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm">
            {data.entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
      </QueryView>
      {audit.data && total > 0 ? (
        <Pager
          label={t('audit.title')}
          summary={`${t('list.total', { count: total })} · ${t('list.pageOf', { page, pages })}`}
          page={page}
          pages={pages}
          previous={t('list.previous')}
          next={t('list.next')}
          onPage={(next) => show(filters, next)}
        />
      ) : null}
    </section>
  );
}

/** The filters as typed, applied on search; the CSV button exports what the list shows. */
function AuditFilterForm({
  initial,
  csv,
  onSearch,
}: {
  initial: AuditFilters;
  csv: CsvExport;
  onSearch: (filters: AuditFilters) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(draft);
  }

  return (
    <form
      onSubmit={submit}
      aria-label={t('list.filters')}
      className="grid items-end gap-2 rounded-2xl bg-white p-3 shadow-sm md:grid-cols-3 lg:grid-cols-[1fr_1fr_1fr_auto_auto]"
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
      <TextField
        label={t('audit.target')}
        name="target"
        maxLength={80}
        hint={t('audit.targetHint')}
        value={draft.target}
        onChange={(event) => setDraft({ ...draft, target: event.target.value })}
      />
      <Button type="submit" className="lg:mb-6">
        {t('list.apply')}
      </Button>
      <ExportButton label={t('list.exportCsv')} csv={csv} className="lg:mb-6" />
    </form>
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
