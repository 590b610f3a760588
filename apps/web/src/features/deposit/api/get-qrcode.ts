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

/** How often a live QR is read again, to notice that it was paid (the member pays in another app). */
export const LIVE_QR_POLL_MS = 3_000;

/**
 * The member's live QR of one gateway. It is always read fresh (its countdown starts from the answer), read
 * again every LIVE_QR_POLL_MS while live, and a failed read leaves the tab without a QR, silently, so the
 * member can still create one.
 */
export function qrcodeQuery(gateway: string) {
  return queryOptions({
    queryKey: [...QRCODE_QUERY_ROOT, gateway],
    queryFn: () => getQrcode(gateway),
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) => (query.state.data?.hasQrcode ? LIVE_QR_POLL_MS : false),
    meta: { silent: true },
  });
}

export function useQrcode(gateway: string) {
  return useQuery(qrcodeQuery(gateway));
}
