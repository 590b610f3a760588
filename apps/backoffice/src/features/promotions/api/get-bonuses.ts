import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { type BonusCreateRequest, bonusPage } from '@member-wallet/contract/backoffice/promotions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** Definitions a page of the list shows. */
export const BONUS_PAGE_SIZE = 20;
export type BonusKind = BonusCreateRequest['kind'];

export const bonusesKey = ['backoffice', 'promotions', 'bonuses'] as const;

function getBonuses(kind: BonusKind, page: number) {
  return request(`${BACKOFFICE_API.bonusList}?kind=${kind}&page=${page}&limit=${BONUS_PAGE_SIZE}`, {
    schema: bonusPage,
  });
}

export function useBonuses(kind: BonusKind, page: number) {
  return useQuery({
    queryKey: [...bonusesKey, kind, page],
    queryFn: () => getBonuses(kind, page),
    placeholderData: keepPreviousData,
  });
}
