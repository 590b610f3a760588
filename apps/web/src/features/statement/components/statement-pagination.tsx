import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/member-icons.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import { paginationRange } from './pagination-range.ts';

const BUTTON_CLASS =
  'inline-flex size-11 items-center justify-center rounded-xl font-semibold focus-visible:outline-3 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:text-slate-400';

/** Previous, the pages around the current one, next; nothing when everything fits on one page. */
export function StatementPagination({
  current,
  pages,
  onChange,
}: {
  current: number;
  pages: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('statement.pagination.label')}>
      <ul className="flex items-center justify-center gap-0.5">
        <li>
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
        {paginationRange(current, pages).map((page) => (
          <li key={page}>
            <button
              type="button"
              onClick={() => onChange(page)}
              aria-current={page === current ? 'page' : undefined}
              aria-label={t('statement.pagination.page', { page })}
              className={`${BUTTON_CLASS} ${
                page === current ? 'bg-brand-700 text-white' : 'text-brand-800 hover:bg-brand-50'
              }`}
            >
              {page}
            </button>
          </li>
        ))}
        <li>
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
    </nav>
  );
}
