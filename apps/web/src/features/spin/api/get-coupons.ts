import { API } from '@member-wallet/contract/api-paths';
import { PAGE_SIZE } from '@member-wallet/contract/constants';
import { type SpinCouponsResponse, spinCouponsResponse } from '@member-wallet/contract/spin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/i18n.ts';
import { request } from '../../../lib/http.ts';
import { SPIN_QUERY_KEY } from './get-spin-setup.ts';

/** One page of the member's coupons, 3 a page (spec section 9); `page` counts from 1. */
export function getCoupons(page: number): Promise<SpinCouponsResponse> {
  return request(API.spinCouponsPage(page, PAGE_SIZE.coupons), { schema: spinCouponsResponse });
}

/** A page of coupons and the page it is, so a page still shown while the next loads is numbered as itself. */
export type CouponPage = SpinCouponsResponse & { page: number };

/**
 * A page of the member's coupons as the server orders them: claimable ones first, then the others, newest
 * first (docs/promotions/wheel.md, Coupons). The prize names come in the reader's language, hence the key; every
 * page sits under SPIN_QUERY_KEY, so reloading the wheel reloads the page shown.
 */
export function couponsQuery(language: string, page: number) {
  return queryOptions({
    queryKey: [...SPIN_QUERY_KEY, 'coupons', language, page],
    queryFn: async (): Promise<CouponPage> => ({ ...(await getCoupons(page)), page }),
  });
}

/** The page shown stays on screen while the next one loads. */
export function useCoupons(page: number) {
  const { i18n } = useTranslation();
  return useQuery({ ...couponsQuery(i18n.language, page), placeholderData: keepPreviousData });
}
