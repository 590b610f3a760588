import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import {
  SANDBOX_FAULT_REQUESTS,
  SANDBOX_PARTIES,
  type SandboxFaultsResponse,
  type SandboxParty,
  sandboxBankTransferRequest,
  sandboxBankTransferResponse,
  sandboxFaultsResponse,
  sandboxQrPayRequest,
  sandboxQrPayResponse,
} from '@member-wallet/contract/backoffice/sandbox';
import { QR_GATEWAYS } from '@member-wallet/contract/deposit';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { transactionWithRetry } from '../db/transaction.ts';
import { AppError } from '../lib/errors.ts';
import { parseInput } from '../lib/route.ts';
import type { FaultBoard } from './games/faults.ts';
import type { SandboxAuditEntry, SandboxPorts } from './ports.ts';
import type { SandboxTables } from './sandbox.tables.ts';
import type { SandboxParties } from './sandbox-parties.ts';

const tags = ['backoffice', 'sandbox'];
const ADMIN = ['admin'] as const;

const idParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });
const partyParams = z.object({ party: z.enum(SANDBOX_PARTIES) });

interface SandboxControlsDeps<Auth> {
  ports: SandboxPorts<Auth>;
  parties: SandboxParties;
  gameFaults: FaultBoard;
}

type OperatorRoute<Auth> = SandboxPorts<Auth>['backoffice']['route'];

/**
 * The back-office's sandbox controls (docs/backoffice/sandbox.md, Sandbox controls): mounted only in sandbox mode (the
 * operator module's `GET …/sandbox` says whether it is on), they drive the sandbox parties through their own
 * code, as their unsigned `/sandbox/*` controls do. Each is audited.
 */
export function sandboxBackofficeRoutes<Auth>(deps: SandboxControlsDeps<Auth>) {
  const route = deps.ports.backoffice.route;
  qrPayRoute(route, deps);
  bankTransferRoute(route, deps);
  faultRoutes(route, deps);
}

/** An audit line of its own: the sandbox party acted on its own records, outside any transaction of ours. */
async function recordAfter<Auth>(
  deps: SandboxControlsDeps<Auth>,
  auth: Auth,
  request: FastifyRequest,
  entry: SandboxAuditEntry,
) {
  await deps.ports.backoffice.audit(deps.ports.db, auth, request.ip, entry);
}

function qrPayRoute<Auth>(route: OperatorRoute<Auth>, deps: SandboxControlsDeps<Auth>) {
  route({
    method: 'POST',
    url: BACKOFFICE_API.sandboxQrPay,
    auth: true,
    roles: ADMIN,
    summary: "SANDBOX: the sandbox gateway pays a member's QR (by our qrcodeId) and sends its signed webhook",
    tags,
    body: sandboxQrPayRequest,
    response: sandboxQrPayResponse,
    handler: async ({ request, auth, body }) => {
      const { id } = parseInput(idParams, request.params);
      const qr = await deps.ports.backoffice.findQr(id);
      const party = deps.parties.payments;
      if (!qr || !party) throw new AppError('NO_DATA', 404);
      const paid = await party.pay(qr.gateway, {
        qrcodeId: qr.qrcodeId,
        amountMinor: body.amountMinor === undefined ? null : BigInt(body.amountMinor),
        webhook: true,
        deliveries: 1,
        delayMs: 0,
      });
      // 'unknown': the gateway of this QR is a real one, which the sandbox cannot pay.
      if (paid === 'unknown') throw new AppError('NO_DATA', 404);
      if (paid === 'paid') throw new AppError('KEY_INVALID', 409, { id: 'KEY_INVALID' });
      const amountMinor = paid.answer.paidAmountMinor ?? paid.answer.amountMinor;
      const answer = { qrcodeId: qr.qrcodeId, gateway: qr.gateway, amountMinor, delivered: paid.delivered };
      await recordAfter(deps, auth, request, {
        action: 'sandbox.qr_pay',
        target: `qr:${qr.qrcodeId}`,
        before: { status: qr.status, amountMinor: String(qr.amountMinor) },
        after: answer,
      });
      return answer;
    },
  });
}

function bankTransferRoute<Auth>(route: OperatorRoute<Auth>, deps: SandboxControlsDeps<Auth>) {
  route({
    method: 'POST',
    url: BACKOFFICE_API.sandboxBankTransfers,
    auth: true,
    roles: ADMIN,
    summary: 'SANDBOX: a transfer arrives in the sandbox bank feed (the matcher picks it up on its next pass)',
    tags,
    body: sandboxBankTransferRequest,
    response: sandboxBankTransferResponse,
    handler: async ({ request, auth, body }) => {
      const party = deps.parties.bankFeed;
      if (!party) throw new AppError('NO_DATA', 404);
      return transactionWithRetry(deps.ports.db, async (trx) => {
        const injected = await party.inject(
          {
            reference: undefined,
            operatorAccountNo: body.operatorAccountNo,
            senderBankCode: body.senderBankCode,
            senderAccountNo: body.senderAccountNo,
            amountMinor: BigInt(body.amountMinor),
            currency: body.currency ?? 'BAHT',
            transferredAt: undefined,
          },
          trx.withTables<SandboxTables>(),
        );
        await deps.ports.backoffice.audit(trx, auth, request.ip, {
          action: 'sandbox.bank_transfer',
          target: `bank-transfer:${injected.reference}`,
          before: null,
          after: { ...body, currency: body.currency ?? 'BAHT', reference: injected.reference },
        });
        return injected;
      });
    },
  });
}

async function readFaults<Auth>(deps: SandboxControlsDeps<Auth>): Promise<SandboxFaultsResponse> {
  const { parties } = deps;
  const games = deps.gameFaults.for('*');
  const payout = parties.payout ? await parties.payout.currentSettings() : null;
  return {
    games: { ...games, operations: [...games.operations] },
    payout: payout && {
      fault: payout.fault,
      delayMs: payout.delayMs,
      failRate: payout.failRate,
      webhooks: payout.webhooks,
    },
    payments: parties.payments
      ? QR_GATEWAYS.map((gateway) => ({
          gateway,
          ...(parties.payments?.settings(gateway) ?? { fault: 'none', latencyMs: 0 }),
        }))
      : [],
    voucher: parties.voucher ? { fault: parties.voucher.fault } : null,
    slipVerifier: parties.slipVerifier ? await parties.slipVerifier.settings() : null,
    bankFeed: parties.bankFeed ? { fault: await parties.bankFeed.fault() } : null,
  };
}

/** Applies one party's setting (validated by its schema); false when that party is not mounted. */
async function applyFaults<Auth>(
  deps: SandboxControlsDeps<Auth>,
  party: SandboxParty,
  input: unknown,
): Promise<boolean> {
  const { parties } = deps;
  switch (party) {
    case 'games': {
      const body = parseInput(SANDBOX_FAULT_REQUESTS.games, input);
      deps.gameFaults.set(body);
      return true;
    }
    case 'payout': {
      const body = parseInput(SANDBOX_FAULT_REQUESTS.payout, input);
      await parties.payout?.changeSettings(body);
      return parties.payout !== undefined;
    }
    case 'payments': {
      const { gateway, ...settings } = parseInput(SANDBOX_FAULT_REQUESTS.payments, input);
      parties.payments?.changeSettings(gateway, settings);
      return parties.payments !== undefined;
    }
    case 'voucher': {
      const body = parseInput(SANDBOX_FAULT_REQUESTS.voucher, input);
      if (parties.voucher) parties.voucher.fault = body.fault;
      return parties.voucher !== undefined;
    }
    case 'slipVerifier': {
      const body = parseInput(SANDBOX_FAULT_REQUESTS.slipVerifier, input);
      await parties.slipVerifier?.setSettings(body);
      return parties.slipVerifier !== undefined;
    }
    case 'bankFeed': {
      const body = parseInput(SANDBOX_FAULT_REQUESTS.bankFeed, input);
      await parties.bankFeed?.setFault(body.fault);
      return parties.bankFeed !== undefined;
    }
  }
}

function faultRoutes<Auth>(route: OperatorRoute<Auth>, deps: SandboxControlsDeps<Auth>) {
  route({
    method: 'GET',
    url: BACKOFFICE_API.sandboxFaults,
    auth: true,
    roles: ADMIN,
    summary: 'SANDBOX: how each sandbox party behaves now (faults, latencies)',
    tags,
    response: sandboxFaultsResponse,
    handler: () => readFaults(deps),
  });
  route({
    method: 'PUT',
    url: BACKOFFICE_API.sandboxPartyFaults,
    auth: true,
    roles: ADMIN,
    summary: "SANDBOX: set one party's faults (games, payout, payments, voucher, slipVerifier, bankFeed)",
    tags,
    response: sandboxFaultsResponse,
    handler: async ({ request, auth }) => {
      const { party } = parseInput(partyParams, request.params);
      const before = await readFaults(deps);
      if (!(await applyFaults(deps, party, request.body))) throw new AppError('NO_DATA', 404);
      const after = await readFaults(deps);
      await recordAfter(deps, auth, request, {
        action: 'sandbox.faults',
        target: `sandbox:${party}`,
        before: before[party],
        after: after[party],
      });
      return after;
    },
  });
}
