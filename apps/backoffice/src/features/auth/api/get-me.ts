import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { type OperatorProfile, operatorProfile } from '@member-wallet/contract/backoffice/operators';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const meQueryKey = ['backoffice', 'me'] as const;

function getMe(): Promise<OperatorProfile> {
  return request(BACKOFFICE_API.me, { schema: operatorProfile });
}

/** The signed-in operator: name and role, for the shell. */
export function useMe() {
  return useQuery<OperatorProfile>({
    queryKey: meQueryKey,
    queryFn: getMe,
    staleTime: 5 * 60_000,
  });
}
