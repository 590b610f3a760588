import type {
  BackofficeBankTransfer,
  BankTransferCsvQuery,
  BankTransferPage,
  BankTransferQuery,
} from '@member-wallet/contract/backoffice/suspense';
import type { FastifyBaseLogger } from 'fastify';
import { type Payout, type PayoutState, PayoutUnavailableError } from '../../adapters/payout/payout.ts';
import type { LedgerAccount } from '../../core/ledger/ledger.repository.ts';
import type { LedgerService } from '../../core/ledger/ledger.service.ts';
import type { AuditRecord, OperatorActor } from '../../core/operator/audit-log.ts';
import type { Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import { type Clock, MINUTE_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { byIdDescending } from '../../lib/keyset.ts';
import type { BankTransfer } from '../bank-feed/bank-feed.module.ts';
import { heldFor } from './held-for.ts';
import { refundAccountOf } from './refund-account.ts';
import type { SuspenseRepository } from './suspense.backoffice.repository.ts';
import { audit, toBackoffice } from './transfer-view.ts';

const CSV_BATCH = 500;
/** Refunds one settler pass looks at. */
const REFUND_SETTLE_BATCH_MAX = 50;
/** The settler's first look at a refund (the party's webhook normally settles it before), then once a minute. */
const REFUND_CHECK_DELAY_MS = MINUTE_MS;
const TRANSFER_ID = /^\d{1,18}$/;

/** Writes an operator's action to the audit log, in the action's own transaction (modules/operator). */
export interface AuditRecorder {
  record(db: Db, entry: AuditRecord, at: Date): Promise<void>;
}

export interface SuspenseServiceDeps {
  db: Db;
  ledger: LedgerService;
  repository: SuspenseRepository;
  /** The payout party the withdrawals pay through (the same adapter, so the same party and settling rules). */
  payout: Payout;
  audit: AuditRecorder;
  clock: Clock;
  logger: FastifyBaseLogger;
}

export interface SettleOutcome {
  transfer: BankTransfer;
  /** False when the transfer had already been settled the same way: nothing moved again. */
  changed: boolean;
}

function transferId(id: string): bigint {
  if (!TRANSFER_ID.test(id)) throw new AppError('NO_DATA');
  return BigInt(id);
}

/**
 * Bank transfers waiting in suspense (docs/backoffice/deposits.md): an operator assigns one to a member (suspense -> the
 * member's wallet, a `deposit`) or refunds it to the sender through the payout party (suspense -> withdrawal
 * payable, then payout clearing once the party reports it paid; back to suspense and open again if it fails).
 * Each transfer is settled once: the row is locked, and a settled one refuses another settlement.
 */
export class SuspenseService {
  constructor(private readonly deps: SuspenseServiceDeps) {}

  async page(query: BankTransferQuery): Promise<BankTransferPage> {
    const offset = (query.page - 1) * query.limit;
    const { total, rows } = await this.deps.repository.page(this.deps.db, query.status, offset, query.limit);
    return { total, transfers: rows.map(toBackoffice) };
  }

  async *all(query: BankTransferCsvQuery, batchSize = CSV_BATCH): AsyncGenerator<BackofficeBankTransfer> {
    yield* byIdDescending(
      (beforeId, size) => this.deps.repository.batch(this.deps.db, query, beforeId, size),
      toBackoffice,
      batchSize,
    );
  }

  async view(outcome: SettleOutcome) {
    const row = await this.deps.repository.findForBackoffice(this.deps.db, outcome.transfer.id);
    if (!row) throw new Error(`bank transfer ${outcome.transfer.id} vanished`);
    return { transfer: toBackoffice(row), changed: outcome.changed };
  }

  /**
   * Credits a transfer in suspense to a member, once: suspense -A, the member's wallet +A, a completed
   * `deposit` whose reference shows "deposit from <bank>" as the matcher's do. The member must be active and
   * hold the transfer's currency; a transfer held for a member goes to that member only (`heldFor`).
   */
  async assign(
    id: string,
    memberPublicId: string,
    note: string | null,
    operator: OperatorActor,
  ): Promise<SettleOutcome> {
    const { db, ledger, repository, clock } = this.deps;
    const found = await this.open(id);
    const member = await repository.memberByPublicId(db, memberPublicId);
    if (!member) throw new AppError('NO_USER', { memberId: 'NO_USER' });
    if (member.status !== 'active') throw new AppError('INACTIVE_USER', { memberId: 'INACTIVE_USER' });
    if (member.currency !== found.currency) throw new AppError('NO_WALLET', { memberId: 'NO_WALLET' });
    if ((heldFor(found) ?? member.id) !== member.id) throw new AppError('HELD_FOR_MEMBER');
    // Named before the transaction: on PGlite's single connection nothing may run beside it.
    const wallet = await ledger.memberWallet(db, member.id, found.currency);
    const suspense = await this.suspenseAccount(found.currency);
    return transactionWithRetry(db, async (trx) => {
      const transfer = await repository.lock(trx, found.id);
      if (!transfer) throw new AppError('NO_DATA');
      if (transfer.settled_as === 'assign' && transfer.settled_member_id === member.id)
        return { transfer, changed: false };
      if (transfer.settled_as !== null) throw new AppError('ALREADY_REVIEWED');
      const now = clock.now();
      // A deposit like any other, from suspense: the ledger asserts the wallet is credited exactly the transfer,
      // and the member's safer-play limits and blocks refuse it as they refuse any deposit.
      const posted = await ledger.postDeposit(trx, {
        memberId: member.id,
        from: suspense.id,
        to: wallet.id,
        amountMinor: transfer.amount_minor,
        idempotencyKey: `suspense-assign:${transfer.id}`,
        reference: { source: transfer.sender_bank_code, bankTransfer: transfer.reference },
        metadata: {
          operatorAccountNo: transfer.operator_account_no,
          senderAccountNo: transfer.sender_account_no,
          assignedBy: operator.username,
        },
      });
      const assigned = await repository.update(
        trx,
        transfer.id,
        {
          settled_as: 'assign',
          settled_by: operator.operatorId,
          settled_at: now,
          settled_member_id: member.id,
          settled_entry_id: posted.entry.id,
          settle_note: note || null,
        },
        now,
      );
      await this.deps.audit.record(trx, audit(operator, 'bank_transfer.assign', transfer, assigned), now);
      return { transfer: assigned, changed: true };
    });
  }

  /**
   * Sends a transfer in suspense back to its sender through the payout party, once: suspense -A, withdrawal
   * payable +A (pending) and the audit line in one transaction, then the party is asked to pay under a
   * reference of this attempt. Settled as withdrawals are: paid (payable -> payout clearing), or failed (back
   * to suspense, the transfer open again).
   */
  async refund(id: string, reason: string, operator: OperatorActor, accountNo?: string): Promise<SettleOutcome> {
    const { db, ledger, repository, clock } = this.deps;
    const found = await this.open(id);
    const payTo = refundAccountOf(found.sender_account_no, accountNo, found.sender_bank_code);
    const suspense = await this.suspenseAccount(found.currency);
    const payable = await this.systemAccount('withdrawal_payable', found.currency);
    const outcome = await transactionWithRetry(db, async (trx) => {
      const transfer = await repository.lock(trx, found.id);
      if (!transfer) throw new AppError('NO_DATA');
      if (transfer.settled_as === 'refund') return { transfer, changed: false };
      if (transfer.settled_as !== null) throw new AppError('ALREADY_REVIEWED');
      const now = clock.now();
      const attempt = transfer.refund_attempts + 1;
      const reference = `refund-${transfer.id}-${attempt}`;
      const posted = await ledger.post(trx, {
        memberId: null,
        type: 'withdraw',
        status: 'pending',
        idempotencyKey: `suspense-refund:${transfer.id}:${attempt}`,
        reference: { bankTransfer: transfer.reference, refund: reference },
        metadata: { reason, refundedBy: operator.username },
        postings: [
          { account: suspense.id, amount: -transfer.amount_minor },
          { account: payable.id, amount: transfer.amount_minor },
        ],
      });
      const refunding = await repository.update(
        trx,
        transfer.id,
        {
          settled_as: 'refund',
          settled_by: operator.operatorId,
          settled_entry_id: posted.entry.id,
          settle_note: reason,
          refund_status: 'pending',
          refund_attempts: attempt,
          refund_reference: reference,
          refund_account_no: payTo,
          refund_next_check_at: new Date(now.getTime() + REFUND_CHECK_DELAY_MS),
        },
        now,
      );
      await this.deps.audit.record(trx, audit(operator, 'bank_transfer.refund', transfer, refunding), now);
      return { transfer: refunding, changed: true };
    });
    if (!outcome.changed) return outcome;
    // After the commit: the party is never asked to pay money the ledger has not moved.
    return { transfer: await this.requestRefund(outcome.transfer), changed: true };
  }

  /** The refund settler's pass: asks the party about refunds in flight whose next look is due. */
  async settleRefunds(limit = REFUND_SETTLE_BATCH_MAX): Promise<{ checked: number; settled: number }> {
    const { db, repository, clock, payout, logger } = this.deps;
    const due = await repository.refundsDue(db, clock.now(), limit);
    let settled = 0;
    for (const transfer of due) {
      try {
        const reference = transfer.refund_reference as string;
        const state = await payout.status(reference);
        const after =
          state.status === 'not_found' ? await this.requestRefund(transfer) : await this.apply(transfer, state);
        if (after.refund_status !== 'pending') settled += 1;
      } catch (error) {
        if (!(error instanceof PayoutUnavailableError)) {
          logger.error({ err: error, bankTransfer: String(transfer.id) }, 'refund could not be settled');
        }
        await this.postpone(transfer);
      }
    }
    return { checked: due.length, settled };
  }

  /** A payout webhook naming a refund's reference: answers whether it named one. */
  async notified(event: { reference: string; state: PayoutState }): Promise<boolean> {
    const transfer = await this.deps.repository.byRefundReference(this.deps.db, event.reference);
    if (!transfer) return false;
    await this.apply(transfer, event.state);
    return true;
  }

  private async requestRefund(transfer: BankTransfer): Promise<BankTransfer> {
    try {
      const state = await this.deps.payout.pay({
        reference: transfer.refund_reference as string,
        amountMinor: transfer.amount_minor,
        currency: transfer.currency,
        bankCode: transfer.sender_bank_code,
        accountNo: transfer.refund_account_no ?? transfer.sender_account_no,
        // The bank feed does not give the sender's name: the refund names the transfer it returns.
        accountName: `REFUND ${transfer.reference}`.slice(0, 200),
      });
      return await this.apply(transfer, state);
    } catch (error) {
      if (!(error instanceof PayoutUnavailableError)) throw error;
      // Unknown outcome: the settler asks again later; the party applies the reference at most once.
      this.deps.logger.warn({ err: error, bankTransfer: String(transfer.id) }, 'refund request outcome unknown');
      await this.postpone(transfer);
      return transfer;
    }
  }

  private async apply(transfer: BankTransfer, state: PayoutState): Promise<BankTransfer> {
    if (state.status === 'paid' || state.status === 'failed') {
      return this.settleRefund(transfer.id, transfer.refund_reference as string, state);
    }
    await this.postpone(transfer);
    return transfer;
  }

  /** The party's final answer about one refund attempt, applied once (the row lock; later answers do nothing). */
  private async settleRefund(
    id: bigint,
    reference: string,
    state: Extract<PayoutState, { status: 'paid' | 'failed' }>,
  ): Promise<BankTransfer> {
    const { db, ledger, repository, clock } = this.deps;
    const found = await repository.find(db, id);
    if (!found) throw new Error(`bank transfer ${id} vanished`);
    const payable = await this.systemAccount('withdrawal_payable', found.currency);
    const clearing = await this.systemAccount('payout_clearing', found.currency);
    return transactionWithRetry(db, async (trx) => {
      const transfer = await repository.lock(trx, id);
      if (!transfer) throw new Error(`bank transfer ${id} vanished`);
      if (transfer.refund_status !== 'pending' || transfer.refund_reference !== reference) return transfer;
      const entryId = transfer.settled_entry_id as bigint;
      const now = clock.now();
      const system = { operatorId: null, username: 'system' } as const;
      await ledger.settlePayout(trx, {
        entryId,
        amountMinor: transfer.amount_minor,
        payable: payable.id,
        clearing: clearing.id,
        outcome:
          state.status === 'paid'
            ? {
                paid: true,
                idempotencyKey: `payout:${reference}`,
                reference: { bankTransfer: transfer.reference, refund: reference, payout: state.payoutId },
              }
            : { paid: false, reason: state.reason },
      });
      if (state.status === 'paid') {
        const paid = await repository.update(
          trx,
          id,
          { refund_status: 'paid', settled_at: now, refund_next_check_at: null },
          now,
        );
        await this.deps.audit.record(trx, audit(system, 'bank_transfer.refund_paid', transfer, paid), now);
        return paid;
      }
      const reopened = await repository.update(
        trx,
        id,
        {
          settled_as: null,
          settled_by: null,
          settled_entry_id: null,
          settle_note: `refund failed: ${state.reason}`.slice(0, 200),
          refund_status: null,
          refund_reference: null,
          refund_next_check_at: null,
        },
        now,
      );
      await this.deps.audit.record(trx, audit(system, 'bank_transfer.refund_failed', transfer, reopened), now);
      return reopened;
    });
  }

  private async postpone(transfer: BankTransfer): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.repository.postponeRefund(
      this.deps.db,
      transfer.id,
      new Date(now.getTime() + REFUND_CHECK_DELAY_MS),
      now,
    );
  }

  /** A transfer the matcher put in suspense (a matched one is nobody's to settle). */
  private async open(id: string): Promise<BankTransfer> {
    const transfer = await this.deps.repository.find(this.deps.db, transferId(id));
    if (transfer?.status !== 'unmatched') throw new AppError('NO_DATA');
    return transfer;
  }

  private suspenseAccount(currency: string): Promise<LedgerAccount> {
    return this.systemAccount('suspense', currency);
  }

  private systemAccount(
    kind: 'suspense' | 'withdrawal_payable' | 'payout_clearing',
    currency: string,
  ): Promise<LedgerAccount> {
    return this.deps.ledger.ensureAccount(this.deps.db, { kind, memberId: null, providerCode: null, currency });
  }
}
