import { API } from '@member-wallet/contract/api-paths';
import { type LimitsRequest, type LimitsResponse, limitsResponse } from '@member-wallet/contract/safer-play';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { limitsQuery } from './get-limits.ts';

export function saveLimits(body: LimitsRequest): Promise<LimitsResponse> {
  return request(API.rgLimits, { method: 'PUT', body, schema: limitsResponse });
}

/** The answer is the limits as they now stand: it replaces the cached ones. */
export function useSaveLimits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveLimits,
    onSuccess: (answer) => client.setQueryData(limitsQuery.queryKey, answer),
  });
}
