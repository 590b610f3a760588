import { API } from '@member-wallet/contract/api-paths';
import { type Locale, PAGE_SIZE } from '@member-wallet/contract/constants';
import { type StatementResponse, statementResponse } from '@member-wallet/contract/statement';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { currentLocale, useTranslation } from '../../../i18n/i18n.ts';
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
 * screen offers a retry. The rows' descriptions are in the request's language, so each language has its pages.
 */
export function statementQuery(page: number, locale: Locale = currentLocale()) {
  return queryOptions({
    queryKey: ['member', 'statement', locale, page],
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
  const { i18n } = useTranslation();
  return useQuery({ ...statementQuery(page, i18n.language), placeholderData: keepPreviousData });
}
