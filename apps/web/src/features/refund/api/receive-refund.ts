import { API } from '@member-wallet/contract/api-paths';
import { type RefundReceiveResponse, refundReceiveResponse } from '@member-wallet/contract/refund';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { noteOwnRequest } from '../../../lib/own-requests.ts';
import { REFUND_CHECK_KEY } from './check-refund.ts';
import { REFUNDS_KEY } from './get-refunds.ts';

/**
 * `GET /api/refund/receive`: pays the last closed period's refund into the wallet. The server pays a period at
 * most once (a repeat answers NO_REFUND), so it needs no idempotency key.
 */
export function receiveRefund(): Promise<RefundReceiveResponse> {
  noteOwnRequest('refund');
  return request(API.refundReceive, { schema: refundReceiveResponse });
}

/** After a receipt the check (now "received") and the log (one more row) are read again. */
export function useReceiveRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: receiveRefund,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: REFUND_CHECK_KEY }),
        client.invalidateQueries({ queryKey: REFUNDS_KEY }),
      ]);
    },
  });
}
