import { API } from '@member-wallet/contract/api-paths';
import { type SpinClaimRequest, type SpinClaimResponse, spinClaimResponse } from '@member-wallet/contract/spin';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { useIdempotencyKey } from '../../../lib/idempotency.ts';
import { noteOwnRequest } from '../../../lib/own-requests.ts';

/** Claims a coupon's prize into the wallet (spec section 7, Spin wheel). */
export function claimCoupon(body: SpinClaimRequest, idempotencyKey: string): Promise<SpinClaimResponse> {
  noteOwnRequest('bonus');
  return request(API.spinCouponClaim, { method: 'POST', body, schema: spinClaimResponse, idempotencyKey });
}

/**
 * Claiming credits the wallet, so it carries the Idempotency-Key of the member's action (the same on a retry of
 * the same coupon after a lost answer). The screen shows the outcome in a dialog.
 */
export function useClaimCoupon() {
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: (body: SpinClaimRequest) => claimCoupon(body, idempotency.keyFor(body)),
    onSettled: (_answer, error) => idempotency.settle(error ?? undefined),
  });
}
