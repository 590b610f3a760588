import { API } from '@member-wallet/contract/api-paths';
import { type RefundCheckResponse, refundCheckResponse } from '@member-wallet/contract/refund';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const REFUND_CHECK_KEY = ['member', 'refund', 'check'] as const;

/** `GET /api/refund/check`: whether the last closed period's refund can be received, and the figures behind it. */
export function checkRefund(): Promise<RefundCheckResponse> {
  return request(API.refundCheck, { schema: refundCheckResponse });
}

/** Read afresh each time the modal opens: a refund becomes receivable when a period closes. */
export function useRefundCheck() {
  return useQuery({ queryKey: REFUND_CHECK_KEY, queryFn: checkRefund, staleTime: 0, meta: { silent: true } });
}
