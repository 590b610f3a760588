import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { downloadCsv } from '../../../lib/download.ts';
import { type WithdrawalFilter, withdrawalsQuery } from './get-withdrawals.ts';

/** Downloads every withdrawal of the filter as CSV, built by the server (GET …/withdrawals.csv). */
export function downloadWithdrawalsCsv(filter: WithdrawalFilter): Promise<void> {
  return downloadCsv(`${BACKOFFICE_API.withdrawalsCsv}?${withdrawalsQuery(filter)}`, `withdrawals-${filter}.csv`);
}
