import {
  BACKOFFICE_API,
  type DepositChannel,
  depositPage,
  type QrCodeStatus,
  qrCodePage,
} from '@member-wallet/contract/backoffice';
import type { QrGateway } from '@member-wallet/contract/deposit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { downloadCsv } from '../../lib/download.ts';
import { request } from '../../lib/http.ts';

/** Rows a page shows. */
export const PAGE_SIZE = 20;

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
  return useQuery({
    queryKey: [...depositsKey, filters, page],
    queryFn: () => {
      const query = filterQuery(filters);
      query.set('page', String(page));
      query.set('limit', String(PAGE_SIZE));
      return request(`${BACKOFFICE_API.deposits}?${query}`, { schema: depositPage });
    },
    placeholderData: keepPreviousData,
  });
}

export function useQrCodes(filters: QrFilters, page: number, limit = PAGE_SIZE) {
  return useQuery({
    queryKey: [...qrCodesKey, filters, page, limit],
    queryFn: () => {
      const query = filterQuery(filters);
      query.set('page', String(page));
      query.set('limit', String(limit));
      return request(`${BACKOFFICE_API.qrCodes}?${query}`, { schema: qrCodePage });
    },
    placeholderData: keepPreviousData,
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
