import { type ReactNode, useState } from 'react';
import { useTranslation } from '../i18n/i18n.ts';
import { PAGE_SIZE } from '../lib/paged-query.ts';
import { FilterSelect, useFilterParam } from './filter-select.tsx';
import { ListScreen } from './list-screen.tsx';
import type { ViewedQuery } from './query-view.tsx';

/**
 * The queues whose words the catalogue keeps under one key each: `title`, `filter`, `exportCsv`, `empty`,
 * `total`, `pageOf`, `previous` and `next`.
 */
export type QueueTexts =
  | 'withdrawals'
  | 'adjustments'
  | 'bankNameChanges'
  | 'inviteReviews'
  | 'personMatches'
  | 'bankTransfers';

export interface ReviewQueueProps<Filter extends string, Data extends { total: number }, Pending> {
  /** The catalogue key of the queue's words. */
  texts: QueueTexts;
  /** The address parameter that keeps the filter, its options, the one shown first, and each option's name. */
  filter: { param: string; options: readonly Filter[]; first: Filter; label: (option: Filter) => string };
  /** The page of rows for a filter (a TanStack query). */
  useRows: (filter: Filter, page: number) => ViewedQuery<Data>;
  /** The CSV of the filter. */
  download: (filter: Filter) => Promise<void>;
  isEmpty: (data: Data) => boolean;
  /** The page's rows; `open` starts a decision on one of them. */
  children: (data: Data, open: (pending: Pending) => void) => ReactNode;
  /** The dialog of the decision started; `done` closes it and shows its outcome above the rows. */
  dialog: (pending: Pending, close: () => void, done: (notice: string) => void) => ReactNode;
}

/**
 * A review queue of the back-office (withdrawals, adjustments, bank name changes, invite reviews, possible same
 * persons, bank transfers in suspense): a filter kept in the address, 20 rows a page from the server, the CSV of
 * the filter, one decision at a time in its dialog, and the outcome of the last one.
 */
export function ReviewQueue<Filter extends string, Data extends { total: number }, Pending>({
  texts,
  filter: filterOptions,
  useRows,
  download,
  isEmpty,
  children,
  dialog,
}: ReviewQueueProps<Filter, Data, Pending>) {
  const { t } = useTranslation();
  const { filter, page, show } = useFilterParam<Filter>(
    filterOptions.param,
    filterOptions.options,
    filterOptions.first,
  );
  const rows = useRows(filter, page);
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const close = () => setPending(null);
  const done = (text: string) => {
    setPending(null);
    setNotice(text);
  };
  return (
    <ListScreen
      titleId={`${texts}-title`}
      title={t(`${texts}.title`)}
      filters={
        <FilterSelect
          label={t(`${texts}.filter`)}
          value={filter}
          options={filterOptions.options}
          optionLabel={filterOptions.label}
          onChange={(option) => show({ filter: option })}
        />
      }
      exportLabel={t(`${texts}.exportCsv`)}
      download={() => download(filter)}
      notice={notice}
      query={rows}
      retry={t('common.retry')}
      isEmpty={isEmpty}
      empty={t(`${texts}.empty`)}
      pageSize={PAGE_SIZE}
      pager={{
        label: t(`${texts}.title`),
        summary: (total, pages) =>
          `${t(`${texts}.total`, { count: total })} · ${t(`${texts}.pageOf`, { page, pages })}`,
        page,
        previous: t(`${texts}.previous`),
        next: t(`${texts}.next`),
        onPage: (next) => show({ page: next }),
      }}
      dialogs={pending === null ? null : dialog(pending, close, done)}
    >
      {(data) => children(data, setPending)}
    </ListScreen>
  );
}
