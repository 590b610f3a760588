import { API } from '@member-wallet/contract/api-paths';
import { type StatusResponse, statusResponse } from '@member-wallet/contract/safer-play';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export function getStatus(): Promise<StatusResponse> {
  return request(API.rgStatus, { schema: statusResponse });
}

export const statusQuery = queryOptions({
  queryKey: ['member', 'rg', 'status'],
  queryFn: getStatus,
  meta: { silent: true },
});

export function useSaferPlayStatus(options: { enabled?: boolean } = {}) {
  return useQuery({ ...statusQuery, enabled: options.enabled ?? true });
}
