import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { type OperatorList, operatorList } from '@member-wallet/contract/backoffice/operator-accounts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const operatorsKey = ['backoffice', 'operators'] as const;

function getOperators(): Promise<OperatorList> {
  return request(BACKOFFICE_API.operators, { schema: operatorList });
}

/** Every operator account, admins first (admins only). */
export function useOperators() {
  return useQuery({ queryKey: operatorsKey, queryFn: getOperators });
}
