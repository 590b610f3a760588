import { API } from '@member-wallet/contract/api-paths';
import { bonusActivateResponse, type UserBonus } from '@member-wallet/contract/bonus';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { noteOwnRequest } from '../../../lib/own-requests.ts';
import { BONUS_QUERY_KEY } from './get-bonuses.ts';

/** Receives a promotion code (upper-cased, spec section 5); the answer is the member's new userBonus. */
export function activatePromotion(code: string): Promise<UserBonus> {
  noteOwnRequest('bonus');
  return request(API.promotionActivate(code.trim().toUpperCase()), { schema: bonusActivateResponse });
}

/** Refreshes the grid and the active state after a success; the caller refreshes the wallet. */
export function useActivatePromotion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: activatePromotion,
    onSuccess: () => client.invalidateQueries({ queryKey: BONUS_QUERY_KEY }),
  });
}
