import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import {
  SANDBOX_PARTIES,
  sandboxBankTransferRequest,
  sandboxBankTransferResponse,
  sandboxFaultsResponse,
  sandboxQrPayRequest,
  sandboxQrPayResponse,
} from '@member-wallet/contract/backoffice/sandbox';
import { z } from 'zod/mini';
import { parseInput } from '../lib/route.ts';
import type { SandboxPorts } from './ports.ts';
import type { SandboxControls } from './sandbox.controls.ts';

const tags = ['backoffice', 'sandbox'];
const ADMIN = ['admin'] as const;

const idParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });
const partyParams = z.object({ party: z.enum(SANDBOX_PARTIES) });

/**
 * The back-office's sandbox controls (docs/backoffice/sandbox.md, Sandbox controls): mounted only in sandbox mode
 * (the operator module's `GET …/sandbox` says whether it is on); what each does is SandboxControls'.
 */
export function sandboxBackofficeRoutes<Auth>(
  route: SandboxPorts<Auth>['backoffice']['route'],
  controls: SandboxControls<Auth>,
) {
  route({
    method: 'POST',
    url: BACKOFFICE_API.sandboxQrPay,
    auth: true,
    roles: ADMIN,
    summary: "SANDBOX: the sandbox gateway pays a member's QR (by our qrcodeId) and sends its signed webhook",
    tags,
    body: sandboxQrPayRequest,
    response: sandboxQrPayResponse,
    handler: ({ request, auth, body }) =>
      controls.qrPay(parseInput(idParams, request.params).id, body, auth, request.ip),
  });
  route({
    method: 'POST',
    url: BACKOFFICE_API.sandboxBankTransfers,
    auth: true,
    roles: ADMIN,
    summary: 'SANDBOX: a transfer arrives in the sandbox bank feed (the matcher picks it up on its next pass)',
    tags,
    body: sandboxBankTransferRequest,
    response: sandboxBankTransferResponse,
    handler: ({ request, auth, body }) => controls.bankTransfer(body, auth, request.ip),
  });
  route({
    method: 'GET',
    url: BACKOFFICE_API.sandboxFaults,
    auth: true,
    roles: ADMIN,
    summary: 'SANDBOX: how each sandbox party behaves now (faults, latencies)',
    tags,
    response: sandboxFaultsResponse,
    handler: () => controls.faults(),
  });
  route({
    method: 'PUT',
    url: BACKOFFICE_API.sandboxPartyFaults,
    auth: true,
    roles: ADMIN,
    summary: "SANDBOX: set one party's faults (games, payout, payments, voucher, slipVerifier, bankFeed)",
    tags,
    response: sandboxFaultsResponse,
    handler: ({ request, auth }) =>
      controls.setFaults(parseInput(partyParams, request.params).party, request.body, auth, request.ip),
  });
}
