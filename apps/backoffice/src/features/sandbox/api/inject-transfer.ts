import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import {
  type SandboxBankTransferRequest,
  sandboxBankTransferResponse,
} from '@member-wallet/contract/backoffice/sandbox';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

function injectTransfer(body: SandboxBankTransferRequest) {
  return request(BACKOFFICE_API.sandboxBankTransfers, { method: 'POST', body, schema: sandboxBankTransferResponse });
}

export function useInjectTransfer() {
  return useMutation({ mutationFn: injectTransfer });
}
