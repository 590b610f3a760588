import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { memberSaferPlayResponse } from '@member-wallet/contract/backoffice/safer-play';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { membersKey } from './get-members.ts';

/** History rows a page of the safer-play panel shows. */
export const HISTORY_PAGE_SIZE = 10;

/** A member's safer play (read-only): limits, reality check, block, and one page of the history. */
export function useMemberSaferPlay(id: string, page: number) {
  return useQuery({
    queryKey: [...membersKey, 'safer-play', id, page],
    queryFn: () =>
      request(`${backofficePath(BACKOFFICE_API.memberSaferPlay, id)}?page=${page}&limit=${HISTORY_PAGE_SIZE}`, {
        schema: memberSaferPlayResponse,
      }),
    placeholderData: keepPreviousData,
  });
}
