import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { downloadCsv } from '../../../lib/download.ts';
import { type SlipFilters, slipsQuery } from './get-slip-reviews.ts';

/** Downloads every slip of the filters as CSV, built by the server; fetched with the operator's token. */
export function downloadSlipsCsv(filters: SlipFilters): Promise<void> {
  return downloadCsv(
    `${BACKOFFICE_API.slipsCsv}?${slipsQuery(filters)}`,
    `slips-${filters.review}-${filters.reason}.csv`,
  );
}
