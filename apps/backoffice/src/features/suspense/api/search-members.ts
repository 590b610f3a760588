import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { memberPage } from '@member-wallet/contract/backoffice/members';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

function searchMembers(q: string) {
  return request(`${BACKOFFICE_API.members}?${new URLSearchParams({ q, limit: '10' })}`, { schema: memberPage });
}

/** Members whose phone, name or bank account matches `q` (the members API), for choosing whom to assign to. */
export function useMemberSearch(q: string) {
  return useQuery({
    queryKey: ['backoffice', 'members', 'search', q],
    queryFn: () => searchMembers(q),
    enabled: q.length > 0,
  });
}
