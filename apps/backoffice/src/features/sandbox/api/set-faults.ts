import { BACKOFFICE_API, settingsPath } from '@member-wallet/contract/backoffice/api-paths';
import { type SandboxParty, sandboxFaultsResponse } from '@member-wallet/contract/backoffice/sandbox';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { faultsKey } from './get-faults.ts';

function setFaults({ party, body }: { party: SandboxParty; body: Record<string, unknown> }) {
  return request(settingsPath(BACKOFFICE_API.sandboxPartyFaults, { party }), {
    method: 'PUT',
    body,
    schema: sandboxFaultsResponse,
  });
}

export function useSetFaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFaults,
    onSuccess: (answer) => queryClient.setQueryData(faultsKey, answer),
  });
}
