import { API } from '@member-wallet/contract/api-paths';
import { type Promotion, promotionResponse } from '@member-wallet/contract/bonus';
import type { Locale } from '@member-wallet/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { BONUS_QUERY_KEY } from './get-bonuses.ts';

/** The promotion the running bonus came from, or null (a bonus of the grid, or none running). */
export function getCurrentPromotion(): Promise<Promotion | null> {
  return request(API.promotionCurrent, { schema: promotionResponse });
}

export function currentPromotionQuery(locale: Locale) {
  return queryOptions({
    queryKey: [...BONUS_QUERY_KEY, 'promotion-current', locale],
    queryFn: getCurrentPromotion,
    meta: { silent: true },
  });
}

/** Asked only while a bonus runs that the grid does not list: the cancel dialog then names its percentFail. */
export function useCurrentPromotion(locale: Locale, enabled: boolean) {
  return useQuery({ ...currentPromotionQuery(locale), enabled });
}
