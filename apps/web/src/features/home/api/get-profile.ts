import { type ProfileResponse, profileResponse } from '@member-wallet/contract/account';
import { API } from '@member-wallet/contract/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export function getProfile(): Promise<ProfileResponse> {
  return request(API.profile, { schema: profileResponse });
}

export const profileQuery = queryOptions({ queryKey: ['member', 'profile'], queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQuery);
}
