import { agreementsResponse, conditionsResponse } from '@member-wallet/contract/lookup';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/i18n.ts';
import { fetchLookup, lookupQueryKey } from '../../../lib/lookup.ts';

/** The operator's conditions (spec section 3): a list of HTML strings. */
export function useConditions() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: lookupQueryKey('conditions', i18n.language),
    queryFn: () => fetchLookup('conditions', conditionsResponse),
  });
}

/** The first-visit agreement (spec section 3); a failed load hides the spinner silently (section 8). */
export function useAgreements() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: lookupQueryKey('agreements', i18n.language),
    queryFn: () => fetchLookup('agreements', agreementsResponse),
    meta: { silent: true },
  });
}
