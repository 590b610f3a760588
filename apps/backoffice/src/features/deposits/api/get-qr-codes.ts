import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { type QrCodeStatus, qrCodePage } from '@member-wallet/contract/backoffice/deposits';
import type { QrGateway } from '@member-wallet/contract/deposit';
import { PAGE_SIZE, usePagedQuery } from '../../../lib/paged-query.ts';
import { filterQuery } from '../filter-query.ts';

export interface QrFilters {
  status: QrCodeStatus | '';
  gateway: QrGateway | '';
}

export function useQrCodes(filters: QrFilters, page: number, limit = PAGE_SIZE) {
  return usePagedQuery({
    queryKey: ['backoffice', 'qr-codes', filters, page, limit],
    path: BACKOFFICE_API.qrCodes,
    query: filterQuery(filters),
    page,
    limit: limit,
    schema: qrCodePage,
  });
}
