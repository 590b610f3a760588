import { type InfoLookupResponse, infoLookupResponse } from '@member-wallet/contract/lookup';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/i18n.ts';
import { fetchLookup, lookupQueryKey } from '../../../lib/lookup.ts';

/** The site's name and website, and `sandbox: true` while a party answers from its sandbox (the SANDBOX mark). */
export function getInfo(): Promise<InfoLookupResponse> {
  return fetchLookup('info', infoLookupResponse);
}

export function useInfo() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: lookupQueryKey('info', i18n.language), queryFn: getInfo, staleTime: 5 * 60_000 });
}
