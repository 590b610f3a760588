import { type HowtoItem, howtoResponse } from '@member-wallet/contract/lookup';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/i18n.ts';
import { fetchLookup, lookupQueryKey } from '../../../lib/lookup.ts';

export function getHowto(): Promise<HowtoItem[]> {
  return fetchLookup('howto', howtoResponse);
}

export function useHowto() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: lookupQueryKey('howto', i18n.language), queryFn: getHowto });
}
