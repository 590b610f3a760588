import { type ContactResponse, contactResponse } from '@member-wallet/contract/lookup';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/i18n.ts';
import { fetchLookup, lookupQueryKey } from '../../../lib/lookup.ts';

export function getContact(): Promise<ContactResponse> {
  return fetchLookup('contact', contactResponse);
}

export function useContact() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: lookupQueryKey('contact', i18n.language), queryFn: getContact });
}
