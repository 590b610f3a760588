import { API } from '@member-wallet/contract/api-paths';
import { type Promotion, promotionResponse } from '@member-wallet/contract/bonus';
import type { Locale } from '@member-wallet/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { BONUS_QUERY_KEY } from './get-bonuses.ts';

/** A promotion by its code (upper-cased, spec section 5), or null when there is none. */
export function findPromotion(code: string): Promise<Promotion | null> {
  return request(API.promotionFind(code.trim().toUpperCase()), { schema: promotionResponse });
}

/** Each search asks again (no cache time): a promotion may be switched off between two searches. */
export function promotionQuery(code: string, locale: Locale) {
  return queryOptions({
    queryKey: [...BONUS_QUERY_KEY, 'promotion', code, locale],
    queryFn: () => findPromotion(code),
    staleTime: 0,
    gcTime: 0,
    meta: { silent: true },
  });
}

export function usePromotion(code: string, locale: Locale) {
  return useQuery(promotionQuery(code, locale));
}
