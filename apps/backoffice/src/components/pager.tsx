import { Button } from '@member-wallet/ui/button';

/** The page a list shows, from its address (`?page=`): 1 when absent or not a positive number. */
export function pageFromParams(params: URLSearchParams): number {
  return Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
}

/** How many pages `total` rows fill, at least one. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export interface PagerProps {
  /** The navigation's accessible name. */
  label: string;
  /** The line before the buttons, e.g. "42 in all · page 2 of 3". */
  summary: string;
  page: number;
  pages: number;
  previous: string;
  next: string;
  onPage: (page: number) => void;
}

/** A list's pager: the summary line and previous/next buttons, each disabled at its end. */
export function Pager({ label, summary, page, pages, previous, next, onPage }: PagerProps) {
  return (
    <nav className="flex flex-wrap items-center justify-between gap-2" aria-label={label}>
      <span className="text-sm text-slate-600">{summary}</span>
      <div className="flex gap-2">
        <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {previous}
        </Button>
        <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {next}
        </Button>
      </div>
    </nav>
  );
}
