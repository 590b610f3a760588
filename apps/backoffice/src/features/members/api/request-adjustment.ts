import { type AdjustmentRequest, adjustmentResponse } from '@member-wallet/contract/backoffice/adjustments';
import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { membersKey } from './get-members.ts';

function requestAdjustment(id: string, input: AdjustmentRequest) {
  return request(backofficePath(BACKOFFICE_API.memberAdjustments, id), {
    method: 'POST',
    body: input,
    schema: adjustmentResponse,
  });
}

/**
 * Ask for a manual adjustment, cash or (a credit with `asBonus`) paid as a bonus. `requestId` is made once per form
 * submission and sent again on a retry, so a retried call never adjusts twice.
 */
export function useRequestAdjustment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdjustmentRequest) => requestAdjustment(id, input),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersKey }),
        queryClient.invalidateQueries({ queryKey: ['backoffice', 'adjustments'] }),
      ]),
  });
}
