import { BACKOFFICE_API, backofficePath, settingsPath } from '@member-wallet/contract/backoffice/api-paths';
import { qrCodePage } from '@member-wallet/contract/backoffice/deposits';
import {
  type SandboxBankTransferRequest,
  type SandboxParty,
  sandboxBankTransferResponse,
  sandboxFaultsResponse,
  sandboxQrPayResponse,
  sandboxStatus,
} from '@member-wallet/contract/backoffice/sandbox';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/http.ts';

const sandboxKey = ['backoffice', 'sandbox'] as const;
const awaitingKey = [...sandboxKey, 'awaiting-qr'] as const;
const faultsKey = [...sandboxKey, 'faults'] as const;

/** Whether sandbox mode is on: every operator may ask; the menu shows the sandbox screen only then. */
export function useSandboxStatus(enabled = true) {
  return useQuery({
    queryKey: [...sandboxKey, 'status'],
    queryFn: () => request(BACKOFFICE_API.sandbox, { schema: sandboxStatus }),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}

/** The QR codes a member could pay now, newest first (the first 20). */
export function useAwaitingQrCodes() {
  return useQuery({
    queryKey: awaitingKey,
    queryFn: () => request(`${BACKOFFICE_API.qrCodes}?status=live&limit=20`, { schema: qrCodePage }),
  });
}

export function usePayQr() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, amountMinor }: { id: string; amountMinor?: string }) =>
      request(backofficePath(BACKOFFICE_API.sandboxQrPay, id), {
        method: 'POST',
        body: amountMinor ? { amountMinor } : {},
        schema: sandboxQrPayResponse,
      }),
    // The QR lists and the deposits change: read again whatever the answer.
    onSettled: () =>
      Promise.all(
        [awaitingKey, ['backoffice', 'qr-codes'], ['backoffice', 'deposits']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export function useInjectTransfer() {
  return useMutation({
    mutationFn: (body: SandboxBankTransferRequest) =>
      request(BACKOFFICE_API.sandboxBankTransfers, { method: 'POST', body, schema: sandboxBankTransferResponse }),
  });
}

export function useSandboxFaults() {
  return useQuery({
    queryKey: faultsKey,
    queryFn: () => request(BACKOFFICE_API.sandboxFaults, { schema: sandboxFaultsResponse }),
  });
}

export function useSetFaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ party, body }: { party: SandboxParty; body: Record<string, unknown> }) =>
      request(settingsPath(BACKOFFICE_API.sandboxPartyFaults, { party }), {
        method: 'PUT',
        body,
        schema: sandboxFaultsResponse,
      }),
    onSuccess: (answer) => queryClient.setQueryData(faultsKey, answer),
  });
}
