import { type DepositLookupResponse, depositLookupResponse } from '@member-wallet/contract/deposit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchLookup, lookupQueryKey } from '../../../lib/lookup.ts';

export function getDepositLookup(): Promise<DepositLookupResponse> {
  return fetchLookup('deposit', depositLookupResponse);
}

/**
 * The deposit channels (spec section 2, Deposit modal). A failed load hides the spinner silently (spec
 * section 8): no toast, a log line, and the modal offers a retry so the member is not left with nothing.
 */
export function depositLookupQuery(locale: string) {
  return queryOptions({
    queryKey: lookupQueryKey('deposit', locale),
    queryFn: () =>
      getDepositLookup().catch((error: unknown) => {
        console.warn('deposit: channels could not be loaded', error);
        throw error;
      }),
    meta: { silent: true },
  });
}

export function useDepositLookup(locale: string) {
  return useQuery(depositLookupQuery(locale));
}
