import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import type { UpdateMeRequest } from '@member-wallet/contract/backoffice/operator-accounts';
import { operatorProfile } from '@member-wallet/contract/backoffice/operators';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/**
 * The shell's profile of the signed-in operator (features/auth get-me.ts) and the admins' operator list
 * (features/operators), which both show the display name.
 */
const meKey = ['backoffice', 'me'] as const;
const operatorsKey = ['backoffice', 'operators'] as const;

function updateMe(input: UpdateMeRequest) {
  return request(BACKOFFICE_API.me, { method: 'PUT', body: input, schema: operatorProfile });
}

/** Sets the signed-in operator's own display name (any role); the header shows the answer at once. */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (profile) => {
      queryClient.setQueryData(meKey, profile);
      return queryClient.invalidateQueries({ queryKey: operatorsKey });
    },
  });
}
