import { API } from '@member-wallet/contract/api-paths';
import { type BonusItem, bonusListResponse } from '@member-wallet/contract/bonus';
import type { Locale } from '@member-wallet/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentLocale } from '../../../i18n/i18n.ts';
import { request } from '../../../lib/http.ts';

export function getBonuses(): Promise<BonusItem[]> {
  return request(API.bonus, { schema: bonusListResponse });
}

/** Every query of the bonus page starts with this key, so one invalidation refreshes them all. */
export const BONUS_QUERY_KEY = ['member', 'bonus'] as const;

/**
 * The grid, with the member's use of each bonus. Names and descriptions come in the reader's language, so
 * the language is part of the key. A failed load hides the spinner silently (spec section 8).
 */
export function bonusesQuery(locale: Locale = currentLocale()) {
  return queryOptions({
    queryKey: [...BONUS_QUERY_KEY, 'list', locale],
    queryFn: getBonuses,
    meta: { silent: true },
  });
}

export function useBonuses(locale: Locale) {
  return useQuery(bonusesQuery(locale));
}
