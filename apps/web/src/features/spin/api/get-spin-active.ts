import { API } from '@member-wallet/contract/api-paths';
import { type SpinActiveResponse, spinActiveResponse } from '@member-wallet/contract/spin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export function getSpinActive(): Promise<SpinActiveResponse> {
  return request(API.spinActive, { schema: spinActiveResponse });
}

/**
 * Whether a prize wheel is running (spec section 7, Spin wheel). Home asks it to choose its third widget; a
 * failure only leaves the refresh-all widget in place, so it fails silently.
 */
export const spinActiveQuery = queryOptions({
  queryKey: ['member', 'spin', 'active'],
  queryFn: getSpinActive,
  meta: { silent: true },
});

export function useSpinActive() {
  return useQuery(spinActiveQuery);
}
