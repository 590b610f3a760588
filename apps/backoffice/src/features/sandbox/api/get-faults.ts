import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { sandboxFaultsResponse } from '@member-wallet/contract/backoffice/sandbox';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const faultsKey = ['backoffice', 'sandbox', 'faults'] as const;

function getFaults() {
  return request(BACKOFFICE_API.sandboxFaults, { schema: sandboxFaultsResponse });
}

export function useSandboxFaults() {
  return useQuery({ queryKey: faultsKey, queryFn: getFaults });
}
