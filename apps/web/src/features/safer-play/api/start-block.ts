import { API } from '@member-wallet/contract/api-paths';
import {
  type BlockResponse,
  blockResponse,
  type SELF_EXCLUSION_MONTHS,
  type SelfExclusionRequest,
  type TIMEOUT_DAYS,
  type TimeoutRequest,
} from '@member-wallet/contract/safer-play';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** A time-out (days) or a self-exclusion (months, 0 permanent). */
export type BlockChoice =
  | { kind: 'timeout'; days: (typeof TIMEOUT_DAYS)[number] }
  | { kind: 'self_exclusion'; months: (typeof SELF_EXCLUSION_MONTHS)[number] };

export function startBlock(choice: BlockChoice): Promise<BlockResponse> {
  if (choice.kind === 'timeout') {
    const body: TimeoutRequest = { days: choice.days };
    return request(API.rgTimeout, { method: 'POST', body, schema: blockResponse });
  }
  const body: SelfExclusionRequest = { months: choice.months };
  return request(API.rgSelfExclusion, { method: 'POST', body, schema: blockResponse });
}

/** Either ends every session of the member on the server; the caller clears this one. */
export function useStartBlock() {
  return useMutation({ mutationFn: startBlock });
}
