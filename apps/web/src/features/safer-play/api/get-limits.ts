import { API } from '@member-wallet/contract/api-paths';
import { type LimitsResponse, limitsResponse } from '@member-wallet/contract/safer-play';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export function getLimits(): Promise<LimitsResponse> {
  return request(API.rgLimits, { schema: limitsResponse });
}

export const limitsQuery = queryOptions({ queryKey: ['member', 'rg', 'limits'], queryFn: getLimits });

export function useLimits() {
  return useQuery(limitsQuery);
}
