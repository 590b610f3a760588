import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { downloadCsv } from '../../../lib/download.ts';
import { filterQuery } from '../filter-query.ts';
import type { QrFilters } from './get-qr-codes.ts';

export function downloadQrCodesCsv(filters: QrFilters): Promise<void> {
  return downloadCsv(
    `${BACKOFFICE_API.qrCodesCsv}?${filterQuery(filters)}`,
    `qr-codes-${filters.gateway || 'all'}.csv`,
  );
}
