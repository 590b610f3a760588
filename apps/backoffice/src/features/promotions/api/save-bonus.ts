import { BACKOFFICE_API, settingsPath } from '@member-wallet/contract/backoffice/api-paths';
import {
  type BonusCreateRequest,
  type BonusUpdateRequest,
  backofficeBonus,
} from '@member-wallet/contract/backoffice/promotions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { bonusesKey } from './get-bonuses.ts';

type BonusChange = { create: BonusCreateRequest } | { code: string; update: BonusUpdateRequest };

/** Creates (no `code` in the path) or changes a definition. */
function saveBonus(input: BonusChange) {
  return 'create' in input
    ? request(BACKOFFICE_API.bonusList, { method: 'POST', body: input.create, schema: backofficeBonus })
    : request(settingsPath(BACKOFFICE_API.bonusUpdate, { code: input.code }), {
        method: 'PUT',
        body: input.update,
        schema: backofficeBonus,
      });
}

/** The lists are read again afterwards. */
export function useSaveBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBonus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bonusesKey }),
  });
}
