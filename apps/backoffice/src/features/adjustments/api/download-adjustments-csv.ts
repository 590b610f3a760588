import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { downloadCsv } from '../../../lib/download.ts';
import { type AdjustmentFilter, adjustmentsQuery } from './get-adjustments.ts';

export function downloadAdjustmentsCsv(filter: AdjustmentFilter): Promise<void> {
  const query = adjustmentsQuery(filter);
  return downloadCsv(
    `${BACKOFFICE_API.adjustmentsCsv}${query.size > 0 ? `?${query}` : ''}`,
    `adjustments-${filter}.csv`,
  );
}
