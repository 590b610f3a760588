import { API } from '@member-wallet/contract/api-paths';
import { type QrcodeResponse, qrcodeResponse } from '@member-wallet/contract/deposit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** Every gateway's QR query starts with this, so creating one QR can re-fetch the others (spec section 4). */
export const QRCODE_QUERY_ROOT = ['member', 'qrcode'] as const;

/** What a gateway shows once its QR is cancelled or has run out: no QR. */
export const NO_QRCODE: QrcodeResponse = {
  qrcodeId: '',
  hasQrcode: false,
  qrcode: '',
  amount: 0,
  expireIn: 0,
  message: 'NO_DATA',
};

export function getQrcode(gateway: string): Promise<QrcodeResponse> {
  return request(API.qrcode(gateway), { schema: qrcodeResponse });
}

/**
 * The member's live QR of one gateway. It is always read fresh (its countdown starts from the answer), and a
 * failed read leaves the tab without a QR, silently, so the member can still create one.
 */
export function qrcodeQuery(gateway: string) {
  return queryOptions({
    queryKey: [...QRCODE_QUERY_ROOT, gateway],
    queryFn: () => getQrcode(gateway),
    staleTime: 0,
    gcTime: 0,
    meta: { silent: true },
  });
}

export function useQrcode(gateway: string) {
  return useQuery(qrcodeQuery(gateway));
}
