import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { downloadCsv } from '../../../lib/download.ts';
import { type BankNameChangeFilter, bankNameChangesQuery } from './get-bank-name-changes.ts';

export function downloadBankNameChangesCsv(filter: BankNameChangeFilter): Promise<void> {
  const query = bankNameChangesQuery(filter);
  return downloadCsv(
    `${BACKOFFICE_API.bankNameChangesCsv}${query.size > 0 ? `?${query}` : ''}`,
    `bank-name-changes-${filter}.csv`,
  );
}
