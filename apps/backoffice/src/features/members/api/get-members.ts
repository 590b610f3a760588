import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { memberPage } from '@member-wallet/contract/backoffice/members';
import { usePagedQuery } from '../../../lib/paged-query.ts';

export const membersKey = ['backoffice', 'members'] as const;

/** The search as the list's query, which the CSV download asks with too. */
export function membersQuery(q: string): URLSearchParams {
  const query = new URLSearchParams();
  if (q.trim()) query.set('q', q.trim());
  return query;
}

export function useMembers(q: string, page: number) {
  return usePagedQuery({
    queryKey: [...membersKey, 'search', q, page],
    path: BACKOFFICE_API.members,
    query: membersQuery(q),
    page,
    schema: memberPage,
  });
}
