import { type ProfileResponse, profileResponse } from '@member-wallet/contract/account';
import { API } from '@member-wallet/contract/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export function getProfile(): Promise<ProfileResponse> {
  return request(API.profile, { schema: profileResponse });
}

/** A failed profile load hides the spinner silently (spec section 8); the screen offers a retry. */
export const profileQuery = queryOptions({
  queryKey: ['member', 'profile'],
  queryFn: getProfile,
  meta: { silent: true },
});

export function useProfile() {
  return useQuery(profileQuery);
}
