import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { type OperatorProfile, operatorProfile } from '@member-wallet/contract/backoffice/operators';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const meQueryKey = ['backoffice', 'me'] as const;

/** How often an open page asks again: an operator disabled or reset meanwhile is sent to sign-in within this. */
const ME_INTERVAL_MS = 60_000;

function getMe(): Promise<OperatorProfile> {
  return request(BACKOFFICE_API.me, { schema: operatorProfile });
}

/**
 * The signed-in operator: name, display name and role, for the shell. Asked again every minute while the page is
 * in front and whenever the window regains focus, so that an ended session (a disabled or reset operator,
 * `invalid-token`) drops the token and leaves for sign-in even on a page that calls nothing else.
 */
export function useMe() {
  return useQuery<OperatorProfile>({
    queryKey: meQueryKey,
    queryFn: getMe,
    staleTime: 5 * 60_000,
    refetchInterval: ME_INTERVAL_MS,
    refetchOnWindowFocus: 'always',
  });
}
