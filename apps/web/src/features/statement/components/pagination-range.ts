import { STATEMENT_PAGINATION } from '@member-wallet/contract/constants';

/** The number of pages that `total` rows fill, at least 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The page numbers the pager shows: up to `before` pages ahead of the current one and `after` pages past it
 * (spec section 9), clipped to 1..`pages`. Page 6 of 10 gives 3 to 7.
 */
export function paginationRange(current: number, pages: number, around = STATEMENT_PAGINATION): number[] {
  const first = Math.max(1, current - around.before);
  const last = Math.min(pages, current + around.after);
  const range: number[] = [];
  for (let page = first; page <= last; page += 1) range.push(page);
  return range;
}
