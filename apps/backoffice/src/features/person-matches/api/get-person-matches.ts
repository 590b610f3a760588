import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { type PersonMatchStatus, personMatchPage } from '@member-wallet/contract/backoffice/person-matches';
import { usePagedQuery } from '../../../lib/paged-query.ts';

/** `all`: every match; otherwise one status. */
export type PersonMatchFilter = 'all' | PersonMatchStatus;

export const personMatchesKey = ['backoffice', 'person-matches'] as const;

/** The filter as the list's query, which the CSV download asks with too. */
export function personMatchesQuery(filter: PersonMatchFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter !== 'all') query.set('status', filter);
  return query;
}

export function usePersonMatches(filter: PersonMatchFilter, page: number) {
  return usePagedQuery({
    queryKey: [...personMatchesKey, filter, page],
    path: BACKOFFICE_API.personMatches,
    query: personMatchesQuery(filter),
    page,
    schema: personMatchPage,
  });
}
