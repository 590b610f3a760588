import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { type OperatorSessions, operatorSessions } from '@member-wallet/contract/backoffice/operator-accounts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const sessionsKey = ['backoffice', 'sessions'] as const;

function getSessions(): Promise<OperatorSessions> {
  return request(BACKOFFICE_API.sessions, { schema: operatorSessions });
}

/** The signed-in operator's own live sessions, newest first. */
export function useSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: getSessions });
}
