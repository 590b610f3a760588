import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/member-icons.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import { paginationRange } from './pagination-range.ts';

// Up to nine buttons and two gaps share one line down to 320 px: each button narrows (never under 28 px at 320 px)
// and keeps its 44 px height.
const ITEM_CLASS = 'min-w-0 max-w-11 flex-1';
const BUTTON_CLASS =
  'inline-flex h-11 w-full items-center justify-center rounded-xl font-semibold focus-visible:outline-3 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:text-slate-400';

/** "…" between page numbers that are not next to each other. */
function Gap() {
  return (
    <li aria-hidden="true" className="flex h-11 flex-none items-center px-0.5 text-slate-500">
      …
    </li>
  );
}

/**
 * Previous, the first page, the pages around the current one, the last page, next, and under them where the
 * member is of how many rows; nothing when everything fits on one page.
 */
export function StatementPagination({
  current,
  pages,
  total,
  onChange,
}: {
  current: number;
  pages: number;
  /** The rows of every page. */
  total: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const around = paginationRange(current, pages);
  const first = around[0] ?? 1;
  const last = around.at(-1) ?? pages;
  const pageButton = (page: number) => (
    <li key={page} className={ITEM_CLASS}>
      <button
        type="button"
        onClick={() => onChange(page)}
        aria-current={page === current ? 'page' : undefined}
        aria-label={t('statement.pagination.page', { page })}
        className={`${BUTTON_CLASS} ${page === current ? 'bg-brand-700 text-white' : 'text-brand-800 hover:bg-brand-50'}`}
      >
        {page}
      </button>
    </li>
  );
  return (
    <nav aria-label={t('statement.pagination.label')} className="space-y-1">
      <ul className="flex items-center justify-center gap-0.5">
        <li className={ITEM_CLASS}>
          <button
            type="button"
            onClick={() => onChange(current - 1)}
            disabled={current <= 1}
            aria-label={t('statement.pagination.previous')}
            title={t('statement.pagination.previous')}
            className={`${BUTTON_CLASS} text-brand-800 hover:bg-brand-50`}
          >
            <ChevronLeftIcon className="size-5" />
          </button>
        </li>
        {first > 1 ? pageButton(1) : null}
        {first > 2 ? <Gap /> : null}
        {around.map(pageButton)}
        {last < pages - 1 ? <Gap /> : null}
        {last < pages ? pageButton(pages) : null}
        <li className={ITEM_CLASS}>
          <button
            type="button"
            onClick={() => onChange(current + 1)}
            disabled={current >= pages}
            aria-label={t('statement.pagination.next')}
            title={t('statement.pagination.next')}
            className={`${BUTTON_CLASS} text-brand-800 hover:bg-brand-50`}
          >
            <ChevronRightIcon className="size-5" />
          </button>
        </li>
      </ul>
      <p className="text-center text-sm text-slate-700" aria-live="polite">
        {t('edges.pager.status', { page: current, pages, total })}
      </p>
    </nav>
  );
}
