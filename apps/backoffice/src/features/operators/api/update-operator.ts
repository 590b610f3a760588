import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { operatorSummary, type UpdateOperatorRequest } from '@member-wallet/contract/backoffice/operator-accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { operatorsKey } from './get-operators.ts';

/** The shell's profile of the signed-in operator (features/auth get-me.ts): an admin may rename themself here. */
const meKey = ['backoffice', 'me'] as const;

function updateOperator({ id, change }: { id: string; change: UpdateOperatorRequest }) {
  return request(backofficePath(BACKOFFICE_API.operator, id), { method: 'PUT', body: change, schema: operatorSummary });
}

/** Changes an operator's role, state or display name; the list is read again whatever the answer. */
export function useUpdateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOperator,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: operatorsKey }),
        queryClient.invalidateQueries({ queryKey: meKey }),
      ]),
  });
}
