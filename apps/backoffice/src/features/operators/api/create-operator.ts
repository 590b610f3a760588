import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { type CreateOperatorRequest, operatorWithLink } from '@member-wallet/contract/backoffice/operator-accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { operatorsKey } from './get-operators.ts';

function createOperator(input: CreateOperatorRequest) {
  return request(BACKOFFICE_API.operators, { method: 'POST', body: input, schema: operatorWithLink });
}

/**
 * Creates an operator waiting for enrolment; the answer carries their link, shown once. `gcTime: 0` drops the
 * answer (the link) from the mutation cache as soon as the dialog that showed it is gone.
 */
export function useCreateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOperator,
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorsKey }),
  });
}
