import { API } from '@member-wallet/contract/api-paths';
import { type BonusClearResponse, bonusClearResponse } from '@member-wallet/contract/bonus';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { noteOwnRequest } from '../../../lib/own-requests.ts';
import { BONUS_QUERY_KEY } from './get-bonuses.ts';

/**
 * Ends the running bonus: `BONUS_CLEAR` when its condition was met, `SUCCESS` when cancelled early (percentFail
 * of it taken back; docs/promotions/bonuses.md, Ending). Its message is shown as a toast (spec section 7).
 */
export function clearBonus(): Promise<BonusClearResponse> {
  noteOwnRequest('finish_bonus');
  return request(API.bonusClear, { schema: bonusClearResponse });
}

/** Refreshes the grid and the active state after a success; the caller refreshes the wallet. */
export function useClearBonus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: clearBonus,
    onSuccess: () => client.invalidateQueries({ queryKey: BONUS_QUERY_KEY }),
  });
}
