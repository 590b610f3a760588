import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { downloadCsv } from '../../../lib/download.ts';
import { membersQuery } from './get-members.ts';

/** Every member of the search as CSV (GET …/members.csv). */
export function downloadMembersCsv(q: string): Promise<void> {
  const query = membersQuery(q);
  return downloadCsv(`${BACKOFFICE_API.membersCsv}${query.size > 0 ? `?${query}` : ''}`, 'members.csv');
}
