import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { sandboxQrPayResponse } from '@member-wallet/contract/backoffice/sandbox';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { awaitingKey } from './get-awaiting-qr-codes.ts';

/** The fake gateway pays the QR code: the amount it asks, or `amountMinor`. */
function payQr({ id, amountMinor }: { id: string; amountMinor?: string }) {
  return request(backofficePath(BACKOFFICE_API.sandboxQrPay, id), {
    method: 'POST',
    body: amountMinor ? { amountMinor } : {},
    schema: sandboxQrPayResponse,
  });
}

export function usePayQr() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payQr,
    // The QR lists and the deposits change: read again whatever the answer.
    onSettled: () =>
      Promise.all(
        [awaitingKey, ['backoffice', 'qr-codes'], ['backoffice', 'deposits']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
