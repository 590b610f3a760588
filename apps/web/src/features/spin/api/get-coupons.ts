import { API } from '@member-wallet/contract/api-paths';
import { type SpinCouponsResponse, spinCouponsResponse } from '@member-wallet/contract/spin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/i18n.ts';
import { request } from '../../../lib/http.ts';
import { SPIN_QUERY_KEY } from './get-spin-setup.ts';

export function getCoupons(): Promise<SpinCouponsResponse> {
  return request(API.spinCoupons, { schema: spinCouponsResponse });
}

/** The member's coupons, newest first; the prize names come in the reader's language, hence the key. */
export function couponsQuery(language: string) {
  return queryOptions({
    queryKey: [...SPIN_QUERY_KEY, 'coupons', language],
    queryFn: getCoupons,
  });
}

export function useCoupons() {
  const { i18n } = useTranslation();
  return useQuery(couponsQuery(i18n.language));
}
