import { API } from '@member-wallet/contract/api-paths';
import { type ActivityResponse, activityResponse } from '@member-wallet/contract/safer-play';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export function getActivity(): Promise<ActivityResponse> {
  return request(API.rgActivity, { schema: activityResponse });
}

export const activityQuery = queryOptions({ queryKey: ['member', 'rg', 'activity'], queryFn: getActivity });

export function useActivity() {
  return useQuery(activityQuery);
}
