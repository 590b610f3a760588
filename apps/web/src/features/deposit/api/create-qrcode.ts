import { API } from '@member-wallet/contract/api-paths';
import { type QrcodeResponse, qrcodeResponse } from '@member-wallet/contract/deposit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, toastError, translateCode } from '../../../lib/http.ts';
import { useIdempotencyKey } from '../../../lib/idempotency.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { QRCODE_QUERY_ROOT, qrcodeQuery } from './get-qrcode.ts';

/** Asks the gateway for a QR of `amount`; a creation is a money action and carries its idempotency key. */
export function createQrcode(gateway: string, amount: number, idempotencyKey: string): Promise<QrcodeResponse> {
  return request(API.qrcode(gateway), { method: 'POST', body: { amount }, schema: qrcodeResponse, idempotencyKey });
}

/**
 * Creates a QR for one gateway. The new QR becomes that tab's data; the other gateways re-fetch theirs
 * (spec section 4), since the server may have replaced them. An answer without a QR is a red toast with the
 * translated reason (spec section 8).
 */
export function useCreateQrcode(gateway: string) {
  const client = useQueryClient();
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: (amount: number) => createQrcode(gateway, amount, idempotency.keyFor({ gateway, amount })),
    onSettled: (_answer, error) => idempotency.settle(error ?? undefined),
    onSuccess: (answer) => {
      if (!answer.hasQrcode) {
        showToast('error', translateCode(answer.message));
        return;
      }
      const own = qrcodeQuery(gateway).queryKey;
      client.setQueryData(own, answer);
      void client.invalidateQueries({
        queryKey: QRCODE_QUERY_ROOT,
        predicate: (query) => query.queryKey[QRCODE_QUERY_ROOT.length] !== gateway,
      });
    },
    onError: toastError,
  });
}
