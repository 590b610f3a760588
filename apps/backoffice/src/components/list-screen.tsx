import type { ReactNode } from 'react';
import { ErrorAlert } from './error-alert.tsx';
import { ExportButton, useCsvExport } from './export-button.tsx';
import { Notice } from './notice.tsx';
import { Pager, pageCount } from './pager.tsx';
import { QueryView, type ViewedQuery } from './query-view.tsx';

export interface ListScreenProps<Data extends { total: number }> {
  /** The heading's id, which names the section. */
  titleId: string;
  title: string;
  /** The filters, beside the export button. */
  filters: ReactNode;
  exportLabel: string;
  /** Downloads the CSV of the filters. */
  download: () => Promise<void>;
  /** The outcome of the last action on a row. */
  notice: string | null;
  query: ViewedQuery<Data>;
  retry: string;
  isEmpty: (data: Data) => boolean;
  empty: string;
  /** The rows of a page that has some. */
  children: (data: Data) => ReactNode;
  pageSize: number;
  pager: {
    label: string;
    summary: (total: number, pages: number) => string;
    page: number;
    previous: string;
    next: string;
    onPage: (page: number) => void;
  };
  /** Dialogs opened from a row. */
  dialogs?: ReactNode;
}

/**
 * A work queue of the back-office (withdrawals, adjustments, slips, bank transfers): title, filters and CSV
 * export, the last action's outcome, the page of rows in its query states, the pager, and the row dialogs.
 */
export function ListScreen<Data extends { total: number }>({
  titleId,
  title,
  filters,
  exportLabel,
  download,
  notice,
  query,
  retry,
  isEmpty,
  empty,
  children,
  pageSize,
  pager,
  dialogs,
}: ListScreenProps<Data>) {
  const csv = useCsvExport(download);
  const total = query.data?.total ?? 0;
  const pages = pageCount(total, pageSize);
  return (
    <section aria-labelledby={titleId} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 id={titleId} className="text-2xl font-semibold text-slate-900">
          {title}
        </h1>
        <div className="flex flex-wrap items-end gap-2">
          {filters}
          <ExportButton label={exportLabel} csv={csv} />
        </div>
      </div>
      <ErrorAlert error={csv.error} />
      <Notice text={notice} />
      <QueryView query={query} retry={retry} isEmpty={isEmpty} empty={empty}>
        {children}
      </QueryView>
      {query.data && total > 0 ? (
        <Pager
          label={pager.label}
          summary={pager.summary(total, pages)}
          page={pager.page}
          pages={pages}
          previous={pager.previous}
          next={pager.next}
          onPage={pager.onPage}
        />
      ) : null}
      {dialogs}
    </section>
  );
}
