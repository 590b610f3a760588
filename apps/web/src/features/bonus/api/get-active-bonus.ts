import { API } from '@member-wallet/contract/api-paths';
import { type BonusActiveResponse, bonusActiveResponse } from '@member-wallet/contract/bonus';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { BONUS_QUERY_KEY } from './get-bonuses.ts';

export function getActiveBonus(): Promise<BonusActiveResponse> {
  return request(API.bonusCheckActive, { schema: bonusActiveResponse });
}

/** Whether a bonus is running and its type: decides between the cancel button and the promotion-code form. */
export const activeBonusQuery = queryOptions({
  queryKey: [...BONUS_QUERY_KEY, 'active'],
  queryFn: getActiveBonus,
  meta: { silent: true },
});

export function useActiveBonus() {
  return useQuery(activeBonusQuery);
}
