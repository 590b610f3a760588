import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { bannersResponseAll } from '@member-wallet/contract/backoffice/promotions';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const bannersKey = ['backoffice', 'promotions', 'banners'] as const;

function getBanners() {
  return request(BACKOFFICE_API.banners, { schema: bannersResponseAll });
}

export function useBanners() {
  return useQuery({ queryKey: bannersKey, queryFn: getBanners });
}
