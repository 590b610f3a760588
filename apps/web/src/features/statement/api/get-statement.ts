import { API } from '@member-wallet/contract/api-paths';
import { PAGE_SIZE } from '@member-wallet/contract/constants';
import { type StatementResponse, statementResponse } from '@member-wallet/contract/statement';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** One page of the member's statement, newest first; `page` counts from 1. */
export function getStatement(page: number): Promise<StatementResponse> {
  return request(API.statement, {
    method: 'POST',
    body: { page, limit: PAGE_SIZE.statement },
    schema: statementResponse,
  });
}

/**
 * A failed statement load hides the spinner silently (spec section 8): no toast, only a log line, and the
 * screen offers a retry.
 */
export function statementQuery(page: number) {
  return queryOptions({
    queryKey: ['member', 'statement', page],
    queryFn: () =>
      getStatement(page).catch((error: unknown) => {
        console.warn('statement: page could not be loaded', page, error);
        throw error;
      }),
    meta: { silent: true },
  });
}

/** Keeps the page on screen while the next one loads, so the list does not blank between pages. */
export function useStatement(page: number) {
  return useQuery({ ...statementQuery(page), placeholderData: keepPreviousData });
}
