import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { downloadCsv } from '../../../lib/download.ts';
import { type TransferFilter, transfersQuery } from './get-bank-transfers.ts';

/** Downloads every transfer of the filter as CSV, built by the server; fetched with the operator's token. */
export function downloadBankTransfersCsv(filter: TransferFilter): Promise<void> {
  return downloadCsv(`${BACKOFFICE_API.bankTransfersCsv}?${transfersQuery(filter)}`, `bank-transfers-${filter}.csv`);
}
