import { API } from '@member-wallet/contract/api-paths';
import { PAGE_SIZE } from '@member-wallet/contract/constants';
import { type RefundListResponse, refundListResponse } from '@member-wallet/contract/refund';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const REFUNDS_KEY = ['member', 'refund', 'list'] as const;

/** One page of the member's received refunds, newest first; `page` counts from 1. */
export function getRefunds(page: number): Promise<RefundListResponse> {
  return request(API.refunds, {
    method: 'POST',
    body: { page, limit: PAGE_SIZE.refunds },
    schema: refundListResponse,
  });
}

/** A failed load hides the spinner silently (spec section 8); the page stays on screen while the next loads. */
export function useRefunds(page: number) {
  return useQuery({
    queryKey: [...REFUNDS_KEY, page],
    queryFn: () =>
      getRefunds(page).catch((error: unknown) => {
        console.warn('refund: page could not be loaded', page, error);
        throw error;
      }),
    meta: { silent: true },
    placeholderData: keepPreviousData,
  });
}
