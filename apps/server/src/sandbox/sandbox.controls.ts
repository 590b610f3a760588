import {
  SANDBOX_FAULT_REQUESTS,
  type SandboxBankTransferRequest,
  type SandboxFaultsResponse,
  type SandboxParty,
} from '@member-wallet/contract/backoffice/sandbox';
import { QR_GATEWAYS } from '@member-wallet/contract/deposit';
import { transactionWithRetry } from '../db/transaction.ts';
import { AppError } from '../lib/errors.ts';
import { parseInput } from '../lib/route.ts';
import type { FaultBoard } from './games/faults.ts';
import type { SandboxAuditEntry, SandboxPorts } from './ports.ts';
import type { SandboxTables } from './sandbox.tables.ts';
import type { SandboxParties } from './sandbox-parties.ts';

export interface SandboxControlsDeps<Auth> {
  ports: SandboxPorts<Auth>;
  parties: SandboxParties;
  gameFaults: FaultBoard;
}

/**
 * SANDBOX ONLY. What the back-office's sandbox controls do (docs/backoffice/sandbox.md): they drive the sandbox
 * parties through their own code, as their unsigned `/sandbox/*` controls do, and each is audited.
 */
export class SandboxControls<Auth> {
  constructor(private readonly deps: SandboxControlsDeps<Auth>) {}

  /** The sandbox gateway pays a member's QR (by our id) and sends its signed webhook. */
  async qrPay(id: string, body: { amountMinor?: string | undefined }, auth: Auth, ip: string) {
    const qr = await this.deps.ports.backoffice.findQr(id);
    const party = this.deps.parties.payments;
    if (!qr || !party) throw new AppError('NO_DATA');
    const paid = await party.pay(qr.gateway, {
      qrcodeId: qr.qrcodeId,
      amountMinor: body.amountMinor === undefined ? null : BigInt(body.amountMinor),
      webhook: true,
      deliveries: 1,
      delayMs: 0,
    });
    // 'unknown': the gateway of this QR is a real one, which the sandbox cannot pay.
    if (paid === 'unknown') throw new AppError('NO_DATA');
    if (paid === 'paid') throw new AppError('QR_ALREADY_PAID', { id: 'KEY_INVALID' });
    const amountMinor = paid.answer.paidAmountMinor ?? paid.answer.amountMinor;
    const answer = { qrcodeId: qr.qrcodeId, gateway: qr.gateway, amountMinor, delivered: paid.delivered };
    await this.recordAfter(auth, ip, {
      action: 'sandbox.qr_pay',
      target: `qr:${qr.qrcodeId}`,
      before: { status: qr.status, amountMinor: String(qr.amountMinor) },
      after: answer,
    });
    return answer;
  }

  /** A transfer arrives in the sandbox bank feed, audited in the same transaction. */
  async bankTransfer(body: SandboxBankTransferRequest, auth: Auth, ip: string) {
    const party = this.deps.parties.bankFeed;
    if (!party) throw new AppError('NO_DATA');
    return transactionWithRetry(this.deps.ports.db, async (trx) => {
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
      await this.deps.ports.backoffice.audit(trx, auth, ip, {
        action: 'sandbox.bank_transfer',
        target: `bank-transfer:${injected.reference}`,
        before: null,
        after: { ...body, currency: body.currency ?? 'BAHT', reference: injected.reference },
      });
      return injected;
    });
  }

  async faults(): Promise<SandboxFaultsResponse> {
    const { parties } = this.deps;
    const games = this.deps.gameFaults.for('*');
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
  private async applyFaults(party: SandboxParty, input: unknown): Promise<boolean> {
    const { parties } = this.deps;
    switch (party) {
      case 'games': {
        const body = parseInput(SANDBOX_FAULT_REQUESTS.games, input);
        this.deps.gameFaults.set(body);
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

  /** Sets one party's faults; NO_DATA when that party is not mounted. Audited with the before and after. */
  async setFaults(party: SandboxParty, input: unknown, auth: Auth, ip: string): Promise<SandboxFaultsResponse> {
    const before = await this.faults();
    if (!(await this.applyFaults(party, input))) throw new AppError('NO_DATA');
    const after = await this.faults();
    await this.recordAfter(auth, ip, {
      action: 'sandbox.faults',
      target: `sandbox:${party}`,
      before: before[party],
      after: after[party],
    });
    return after;
  }

  /** An audit line of its own: the sandbox party acted on its own records, outside any transaction of ours. */
  private async recordAfter(auth: Auth, ip: string, entry: SandboxAuditEntry) {
    await this.deps.ports.backoffice.audit(this.deps.ports.db, auth, ip, entry);
  }
}
