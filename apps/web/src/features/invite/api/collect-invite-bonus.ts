import { API } from '@member-wallet/contract/api-paths';
import { type InviteBonusResponse, inviteBonusResponse } from '@member-wallet/contract/invite';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { noteOwnRequest } from '../../../lib/own-requests.ts';
import { INVITES_KEY } from './get-invites.ts';

/**
 * `GET /api/invite/bonus`: collects every accrued invite bonus into the wallet. The server pays it once even
 * if the call is repeated (a second collection finds nothing left), so it needs no idempotency key.
 */
export function collectInviteBonus(): Promise<InviteBonusResponse> {
  noteOwnRequest('invite');
  return request(API.inviteBonus, { schema: inviteBonusResponse });
}

/** Collecting marks the listed accruals as collected, so the list is read again after it. */
export function useCollectInviteBonus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: collectInviteBonus,
    onSuccess: () => client.invalidateQueries({ queryKey: INVITES_KEY }),
  });
}
