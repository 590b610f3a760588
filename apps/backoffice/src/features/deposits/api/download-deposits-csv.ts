import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { downloadCsv } from '../../../lib/download.ts';
import { filterQuery } from '../filter-query.ts';
import type { DepositFilters } from './get-deposits.ts';

export function downloadDepositsCsv(filters: DepositFilters): Promise<void> {
  return downloadCsv(
    `${BACKOFFICE_API.depositsCsv}?${filterQuery(filters)}`,
    `deposits-${filters.channel || 'all'}.csv`,
  );
}
