import { type SourceItem, sourcesResponse } from '@member-wallet/contract/lookup';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/i18n.ts';
import { fetchLookup, lookupQueryKey } from '../../../lib/lookup.ts';

export function getSources(): Promise<SourceItem[]> {
  return fetchLookup('sources', sourcesResponse);
}

export function useSources() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: lookupQueryKey('sources', i18n.language), queryFn: getSources, staleTime: 5 * 60_000 });
}
