import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { sandboxStatus } from '@member-wallet/contract/backoffice/sandbox';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

function getSandboxStatus() {
  return request(BACKOFFICE_API.sandbox, { schema: sandboxStatus });
}

/** Whether sandbox mode is on: every operator may ask; the menu shows the sandbox screen only then. */
export function useSandboxStatus(enabled = true) {
  return useQuery({
    queryKey: ['backoffice', 'sandbox', 'status'],
    queryFn: getSandboxStatus,
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}
