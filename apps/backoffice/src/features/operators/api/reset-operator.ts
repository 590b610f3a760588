import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { operatorWithLink } from '@member-wallet/contract/backoffice/operator-accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { operatorsKey } from './get-operators.ts';

function resetOperator(id: string) {
  return request(backofficePath(BACKOFFICE_API.operatorReset, id), { method: 'POST', schema: operatorWithLink });
}

/**
 * Ends an operator's password, authenticator and sessions at once; the answer carries their new enrolment link,
 * shown once (`gcTime: 0`, as for a creation).
 */
export function useResetOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetOperator,
    gcTime: 0,
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorsKey }),
  });
}
