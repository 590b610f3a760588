import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { qrCodePage } from '@member-wallet/contract/backoffice/deposits';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const awaitingKey = ['backoffice', 'sandbox', 'awaiting-qr'] as const;

function getAwaitingQrCodes() {
  return request(`${BACKOFFICE_API.qrCodes}?status=live&limit=20`, { schema: qrCodePage });
}

/** The QR codes a member could pay now, newest first (the first 20). */
export function useAwaitingQrCodes() {
  return useQuery({ queryKey: awaitingKey, queryFn: getAwaitingQrCodes });
}
