import { useTranslation } from '../i18n/i18n.ts';
import { ChevronLeftIcon, ChevronRightIcon } from './member-icons.tsx';

const BUTTON_CLASS =
  'inline-flex size-11 items-center justify-center rounded-xl text-brand-800 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:text-slate-400';

/** Previous, "page x of y", next, for the short lists of the modals (invites, refunds); nothing on one page. */
export function SimplePager({
  page,
  pages,
  onChange,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('pager.label')} className="flex items-center justify-center gap-2">
      <button
        type="button"
        onClick={() => onChange(page - 1)}
        disabled={page <= 1}
        aria-label={t('pager.previous')}
        title={t('pager.previous')}
        className={BUTTON_CLASS}
      >
        <ChevronLeftIcon className="size-5" />
      </button>
      <span className="text-sm text-slate-700" aria-live="polite">
        {t('pager.status', { page, pages })}
      </span>
      <button
        type="button"
        onClick={() => onChange(page + 1)}
        disabled={page >= pages}
        aria-label={t('pager.next')}
        title={t('pager.next')}
        className={BUTTON_CLASS}
      >
        <ChevronRightIcon className="size-5" />
      </button>
    </nav>
  );
}

/** How many pages `total` rows fill at `size` a page; at least 1. */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}
