import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import {
  type DepositChannel,
  depositPage,
  type QrCodeStatus,
  qrCodePage,
} from '@member-wallet/contract/backoffice/deposits';
import type { QrGateway } from '@member-wallet/contract/deposit';
import { downloadCsv } from '../../lib/download.ts';
import { PAGE_SIZE, usePagedQuery } from '../../lib/paged-query.ts';

export interface DepositFilters {
  channel: DepositChannel | '';
  status: string;
  currency: string;
  /** The start of the member's phone number. */
  q: string;
}

export interface QrFilters {
  status: QrCodeStatus | '';
  gateway: QrGateway | '';
}

/** Only the filters set: an empty one is no filter. */
function filterQuery(filters: object): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, String(value));
  return query;
}

export const depositsKey = ['backoffice', 'deposits'] as const;
export const qrCodesKey = ['backoffice', 'qr-codes'] as const;

export function useDeposits(filters: DepositFilters, page: number) {
  return usePagedQuery({
    queryKey: [...depositsKey, filters, page],
    path: BACKOFFICE_API.deposits,
    query: filterQuery(filters),
    page,
    schema: depositPage,
  });
}

export function useQrCodes(filters: QrFilters, page: number, limit = PAGE_SIZE) {
  return usePagedQuery({
    queryKey: [...qrCodesKey, filters, page, limit],
    path: BACKOFFICE_API.qrCodes,
    query: filterQuery(filters),
    page,
    limit: limit,
    schema: qrCodePage,
  });
}

export function downloadDepositsCsv(filters: DepositFilters): Promise<void> {
  return downloadCsv(
    `${BACKOFFICE_API.depositsCsv}?${filterQuery(filters)}`,
    `deposits-${filters.channel || 'all'}.csv`,
  );
}

export function downloadQrCodesCsv(filters: QrFilters): Promise<void> {
  return downloadCsv(
    `${BACKOFFICE_API.qrCodesCsv}?${filterQuery(filters)}`,
    `qr-codes-${filters.gateway || 'all'}.csv`,
  );
}
