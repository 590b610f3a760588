import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { memberPasswordResetResponse } from '@member-wallet/contract/backoffice/members';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

function resetPassword(id: string) {
  return request(backofficePath(BACKOFFICE_API.memberResetPassword, id), {
    method: 'POST',
    schema: memberPasswordResetResponse,
  });
}

export function useResetPassword(id: string) {
  return useMutation({ mutationFn: () => resetPassword(id) });
}
