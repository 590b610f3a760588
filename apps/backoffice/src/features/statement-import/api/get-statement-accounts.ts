import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { statementAccounts } from '@member-wallet/contract/backoffice/statements';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** The operator bank accounts of the deposit channels, each with the statement layouts of its bank. */
export function useStatementAccounts() {
  return useQuery({
    queryKey: ['backoffice', 'statement-accounts'],
    queryFn: () => request(BACKOFFICE_API.statementAccounts, { schema: statementAccounts }),
  });
}
