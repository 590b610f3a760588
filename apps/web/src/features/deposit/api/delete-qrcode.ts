import { API } from '@member-wallet/contract/api-paths';
import { qrcodeDeleteResponse } from '@member-wallet/contract/deposit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, toastError } from '../../../lib/http.ts';
import { NO_QRCODE, qrcodeQuery } from './get-qrcode.ts';

export function deleteQrcode(gateway: string, qrcodeId: string): Promise<unknown> {
  return request(API.qrcodeDelete(gateway, qrcodeId), { method: 'DELETE', schema: qrcodeDeleteResponse });
}

/**
 * Cancels the live QR of a gateway: the tab goes back to having none (spec section 4). `onCancelled` hears of
 * the cancellation before the tab does, so the tab knows its QR did not run out.
 */
export function useDeleteQrcode(gateway: string, onCancelled?: (qrcodeId: string) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (qrcodeId: string) => deleteQrcode(gateway, qrcodeId),
    onSuccess: (_answer, qrcodeId) => {
      onCancelled?.(qrcodeId);
      client.setQueryData(qrcodeQuery(gateway).queryKey, NO_QRCODE);
    },
    onError: toastError,
  });
}
