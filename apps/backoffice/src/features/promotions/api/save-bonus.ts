import { BACKOFFICE_API, settingsPath } from '@member-wallet/contract/backoffice/api-paths';
import {
  type BonusCreateRequest,
  type BonusUpdateRequest,
  backofficeBonus,
  bonusChangeResponse,
} from '@member-wallet/contract/backoffice/promotions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { pendingChangesKey } from '../../../lib/pending-changes-key.ts';
import { bonusesKey } from './get-bonuses.ts';
import { rewardAnswer } from './reward-answer.ts';

type BonusChange = { create: BonusCreateRequest } | { code: string; update: BonusUpdateRequest };

/** The definition saved (200), or the change waiting for a second admin and the definition as it still is (202). */
const schema = rewardAnswer(backofficeBonus, bonusChangeResponse, 'bonus');

/** Creates (no `code` in the path) or changes a definition. */
function saveBonus(input: BonusChange) {
  return 'create' in input
    ? request(BACKOFFICE_API.bonusList, { method: 'POST', body: input.create, schema })
    : request(settingsPath(BACKOFFICE_API.bonusUpdate, { code: input.code }), {
        method: 'PUT',
        body: input.update,
        schema,
      });
}

/** The lists are read again afterwards, and the queue of pending changes. */
export function useSaveBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBonus,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bonusesKey }),
        queryClient.invalidateQueries({ queryKey: pendingChangesKey }),
      ]),
  });
}
