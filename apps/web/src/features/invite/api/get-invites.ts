import { API } from '@member-wallet/contract/api-paths';
import { PAGE_SIZE } from '@member-wallet/contract/constants';
import { type InviteListResponse, inviteListResponse } from '@member-wallet/contract/invite';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const INVITES_KEY = ['member', 'invite', 'list'] as const;

/** One page of the member's invites (accruals), newest day first; `page` counts from 1. */
export function getInvites(page: number): Promise<InviteListResponse> {
  return request(API.invites, {
    method: 'POST',
    body: { page, limit: PAGE_SIZE.invites },
    schema: inviteListResponse,
  });
}

/** A failed load hides the spinner silently (spec section 8); the page stays on screen while the next loads. */
export function useInvites(page: number) {
  return useQuery({
    queryKey: [...INVITES_KEY, page],
    queryFn: () =>
      getInvites(page).catch((error: unknown) => {
        console.warn('invite: page could not be loaded', page, error);
        throw error;
      }),
    meta: { silent: true },
    placeholderData: keepPreviousData,
  });
}
