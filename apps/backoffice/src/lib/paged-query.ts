import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request, type Schema } from './http.ts';

/** Rows a page of a back-office list shows. */
export const PAGE_SIZE = 20;

export interface PagedQueryOptions<T> {
  queryKey: readonly unknown[];
  /** The list's endpoint, without a query. */
  path: string;
  /** The filters; page and limit are added. */
  query: URLSearchParams;
  page: number;
  limit?: number;
  schema: Schema<T>;
}

/** One page of a server list (`pageQuery`); the page shown stays on screen while the next one loads. */
export function usePagedQuery<T>({ queryKey, path, query, page, limit = PAGE_SIZE, schema }: PagedQueryOptions<T>) {
  return useQuery({
    queryKey,
    queryFn: () => {
      const search = new URLSearchParams(query);
      search.set('page', String(page));
      search.set('limit', String(limit));
      return request(`${path}?${search}`, { schema });
    },
    placeholderData: keepPreviousData,
  });
}
