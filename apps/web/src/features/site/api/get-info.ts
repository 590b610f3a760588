import { type InfoResponse, infoResponse } from '@member-wallet/contract/lookup';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/i18n.ts';
import { fetchLookup, lookupQueryKey } from '../../../lib/lookup.ts';

export function getInfo(): Promise<InfoResponse> {
  return fetchLookup('info', infoResponse);
}

export function useInfo() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: lookupQueryKey('info', i18n.language), queryFn: getInfo, staleTime: 5 * 60_000 });
}
