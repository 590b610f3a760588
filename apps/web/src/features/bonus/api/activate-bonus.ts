import { API } from '@member-wallet/contract/api-paths';
import { bonusActivateResponse, type UserBonus } from '@member-wallet/contract/bonus';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { noteOwnRequest } from '../../../lib/own-requests.ts';
import { BONUS_QUERY_KEY } from './get-bonuses.ts';

/** Receives a bonus of the grid: the server credits it to the wallet and answers the member's userBonus. */
export function activateBonus(code: string): Promise<UserBonus> {
  noteOwnRequest('bonus');
  return request(API.bonusActivate(code.trim().toUpperCase()), { schema: bonusActivateResponse });
}

/** Refreshes the grid and the active state after a success; the caller refreshes the wallet. */
export function useActivateBonus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: activateBonus,
    onSuccess: () => client.invalidateQueries({ queryKey: BONUS_QUERY_KEY }),
  });
}
