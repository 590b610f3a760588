import { type AdjustmentRequest, adjustmentResponse } from '@member-wallet/contract/backoffice/adjustments';
import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import {
  memberDetail,
  memberPage,
  memberPasswordResetResponse,
  memberStatusResponse,
} from '@member-wallet/contract/backoffice/members';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadCsv } from '../../lib/download.ts';
import { request } from '../../lib/http.ts';
import { usePagedQuery } from '../../lib/paged-query.ts';

const membersKey = ['backoffice', 'members'] as const;

function searchQuery(q: string): URLSearchParams {
  const query = new URLSearchParams();
  if (q.trim()) query.set('q', q.trim());
  return query;
}

export function useMembers(q: string, page: number) {
  return usePagedQuery({
    queryKey: [...membersKey, 'search', q, page],
    path: BACKOFFICE_API.members,
    query: searchQuery(q),
    page,
    schema: memberPage,
  });
}

export function useMember(id: string) {
  return useQuery({
    queryKey: [...membersKey, 'detail', id],
    queryFn: () => request(backofficePath(BACKOFFICE_API.member, id), { schema: memberDetail }),
  });
}

/** Lock (with a reason) or unlock; the member is read again afterwards. */
export function useSetMemberStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { lock: true; reason: string } | { lock: false }) =>
      action.lock
        ? request(backofficePath(BACKOFFICE_API.memberLock, id), {
            method: 'POST',
            body: { reason: action.reason },
            schema: memberStatusResponse,
          })
        : request(backofficePath(BACKOFFICE_API.memberUnlock, id), { method: 'POST', schema: memberStatusResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersKey }),
  });
}

export function useResetPassword(id: string) {
  return useMutation({
    mutationFn: () =>
      request(backofficePath(BACKOFFICE_API.memberResetPassword, id), {
        method: 'POST',
        schema: memberPasswordResetResponse,
      }),
  });
}

/**
 * Ask for a manual adjustment, cash or (a credit with `asBonus`) paid as a bonus. `requestId` is made once per form
 * submission and sent again on a retry, so a retried call never adjusts twice.
 */
export function useRequestAdjustment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdjustmentRequest) =>
      request(backofficePath(BACKOFFICE_API.memberAdjustments, id), {
        method: 'POST',
        body: input,
        schema: adjustmentResponse,
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersKey }),
        queryClient.invalidateQueries({ queryKey: ['backoffice', 'adjustments'] }),
      ]),
  });
}

/** Every member of the search as CSV (GET …/members.csv). */
export function downloadMembersCsv(q: string): Promise<void> {
  const query = searchQuery(q);
  return downloadCsv(`${BACKOFFICE_API.membersCsv}${query.size > 0 ? `?${query}` : ''}`, 'members.csv');
}
