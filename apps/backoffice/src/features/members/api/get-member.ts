import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { memberDetail } from '@member-wallet/contract/backoffice/members';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { membersKey } from './get-members.ts';

function getMember(id: string) {
  return request(backofficePath(BACKOFFICE_API.member, id), { schema: memberDetail });
}

export function useMember(id: string) {
  return useQuery({
    queryKey: [...membersKey, 'detail', id],
    queryFn: () => getMember(id),
  });
}
