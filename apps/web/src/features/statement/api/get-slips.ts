import { API } from '@member-wallet/contract/api-paths';
import { PAGE_SIZE } from '@member-wallet/contract/constants';
import { type SlipsResponse, slipsResponse } from '@member-wallet/contract/slip';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** One page of the member's uploaded slips, newest first; `page` counts from 1. */
export function getSlips(page: number): Promise<SlipsResponse> {
  return request(API.statementSlips, { method: 'POST', body: { page, limit: PAGE_SIZE.slips }, schema: slipsResponse });
}

/** A failed load hides the spinner silently (spec section 8): a log line, no toast; the modal offers a retry. */
export function slipsQuery(page: number) {
  return queryOptions({
    queryKey: ['member', 'slips', page],
    queryFn: () =>
      getSlips(page).catch((error: unknown) => {
        console.warn('slips: page could not be loaded', page, error);
        throw error;
      }),
    // Slips change as the verifier answers: the list is read afresh each time the modal opens.
    staleTime: 0,
    meta: { silent: true },
  });
}

export function useSlips(page: number) {
  return useQuery({ ...slipsQuery(page), placeholderData: keepPreviousData });
}
