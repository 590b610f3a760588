import { API } from '@member-wallet/contract/api-paths';
import { type SpinResultResponse, spinResultResponse } from '@member-wallet/contract/spin';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { useIdempotencyKey } from '../../../lib/idempotency.ts';
import { noteOwnRequest } from '../../../lib/own-requests.ts';

/** Spends a coin on a spin the server draws (spec section 7, Spin wheel). */
export function spin(idempotencyKey: string): Promise<SpinResultResponse> {
  noteOwnRequest('spin');
  return request(API.spin, { method: 'POST', schema: spinResultResponse, idempotencyKey });
}

/**
 * A spin costs a coin, so it carries an Idempotency-Key: each spin gets a new key, and a spin whose answer never
 * arrived (network error, time-out) is retried with the same key, which answers the spin already drawn
 * instead of spending a second coin. The screen shows refusals itself (spec section 8, spin.error.{code}).
 */
export function useSpin() {
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: () => spin(idempotency.keyFor({ spin: true })),
    onSettled: (_answer, error) => idempotency.settle(error ?? undefined),
  });
}
