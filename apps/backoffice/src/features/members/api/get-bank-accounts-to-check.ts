import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { bankAccountsToCheck } from '@member-wallet/contract/backoffice/members';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { membersKey } from './get-members.ts';

export function useBankAccountsToCheck() {
  return useQuery({
    queryKey: [...membersKey, 'bank-accounts-to-check'],
    queryFn: () => request(BACKOFFICE_API.bankAccountsToCheck, { schema: bankAccountsToCheck }),
  });
}
