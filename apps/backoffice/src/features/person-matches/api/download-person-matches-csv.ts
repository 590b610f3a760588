import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { downloadCsv } from '../../../lib/download.ts';
import { type PersonMatchFilter, personMatchesQuery } from './get-person-matches.ts';

export function downloadPersonMatchesCsv(filter: PersonMatchFilter): Promise<void> {
  const query = personMatchesQuery(filter);
  return downloadCsv(
    `${BACKOFFICE_API.personMatchesCsv}${query.size > 0 ? `?${query}` : ''}`,
    `person-matches-${filter}.csv`,
  );
}
