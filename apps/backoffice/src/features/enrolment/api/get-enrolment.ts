import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { type EnrolmentDetails, enrolmentDetails } from '@member-wallet/contract/backoffice/operator-accounts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** Keyed without the token, which stays out of every cache key; `gcTime: 0`: the secret leaves with the page. */
const enrolmentKey = ['backoffice', 'enrolment'] as const;

function getEnrolment(token: string): Promise<EnrolmentDetails> {
  return request(BACKOFFICE_API.enrolment, { method: 'POST', body: { token }, schema: enrolmentDetails });
}

/**
 * What an enrolment link shows (no sign-in): the operator's name and role and their authenticator secret. Asked
 * once per page; `token` null (no well-formed token in the link) asks nothing.
 */
export function useEnrolment(token: string | null) {
  return useQuery({
    queryKey: enrolmentKey,
    queryFn: () => getEnrolment(token ?? ''),
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}
