import { randomUUID } from 'node:crypto';
import type {
  BackofficeWithdrawal,
  WithdrawalCsvQuery,
  WithdrawalPage,
  WithdrawalQuery,
  WithdrawalReviewResponse,
} from '@member-wallet/contract/backoffice/withdrawals';
import { toMajor } from '@member-wallet/contract/money';
import type { MoneyActionResponse, WithdrawLookupResponse } from '@member-wallet/contract/wallet';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import { type Payout, type PayoutState, PayoutUnavailableError } from '../../adapters/payout/payout.ts';
import type { Database, Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import { type Clock, HOUR_MS, MINUTE_MS, SECOND_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { byIdDescending } from '../../lib/keyset.ts';
import type { Member } from '../account/account.repository.ts';
import { type MemberFinder, sessionMember } from '../account/session-member.ts';
import type { LedgerAccount, LedgerRepository } from '../ledger/ledger.repository.ts';
import type { LedgerService, PostedEntry, PostInput } from '../ledger/ledger.service.ts';
import type { AuditRecord, OperatorActor } from '../operator/audit-log.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { Withdrawal, WithdrawalRepository } from './withdraw.repository.ts';

/** The settler's first look at a withdrawal: the webhook normally settles it well before. */
export const FIRST_CHECK_DELAY_MS = MINUTE_MS;
/** Later looks back off from 15 s, doubling, to at most an hour; a payout is never given up on by itself. */
/** Rows the CSV export reads at a time. */
const CSV_BATCH = 500;
const CHECK_BACKOFF_BASE_MS = 15 * SECOND_MS;
const CHECK_BACKOFF_MAX_MS = HOUR_MS;
/** Withdrawals one settler pass looks at. */
export const SETTLE_BATCH_MAX = 50;
const WEBHOOK_EVENTS_KEPT_MS = HOUR_MS;

/** A payout outcome the payout party has given: final. */
export type FinalPayoutState = Extract<PayoutState, { status: 'paid' | 'failed' }>;

/**
 * What withdrawals ask of a running bonus (docs/promotions/bonuses.md): a partial withdrawal is refused while one runs
 * (`BONUS_REMAINING`), and a withdraw-all first ends it, or is refused when its condition is not met.
 */
export interface WithdrawalBonusRules {
  hasActiveBonus(memberId: bigint): Promise<boolean>;
  endForWithdrawAll(memberId: bigint): Promise<void>;
}

/** Writes an operator's action to the audit log, in the action's own transaction (modules/operator). */
export interface AuditRecorder {
  record(db: Db, entry: AuditRecord, at: Date): Promise<void>;
}

/** Payments other than withdrawals made through the payout party; `notified` answers whether the reference is one. */
export interface OtherPayouts {
  notified(event: { reference: string; state: PayoutState }): Promise<boolean>;
}

/** An operator's decision on a withdrawal waiting for review, and whether this call made it. */
export interface ReviewOutcome {
  withdrawal: Withdrawal;
  /** False when the withdrawal had already been given the same decision: nothing moved again. */
  changed: boolean;
}

export interface WithdrawalServiceDeps {
  db: Db;
  ledger: LedgerService;
  ledgerRepository: LedgerRepository;
  repository: WithdrawalRepository;
  members: MemberFinder;
  settings: SettingsService;
  bonus: WithdrawalBonusRules;
  payout: Payout;
  audit: AuditRecorder;
  clock: Clock;
  logger: FastifyBaseLogger;
}

export interface WithdrawInput {
  memberId: bigint;
  amountMinor: bigint;
  /** The request's Idempotency-Key: the ledger key derives from it, so a re-run moves nothing twice. */
  idempotencyKey: string;
  /** withdrawAll: the amount must be the whole wallet balance. */
  all: boolean;
}

function reviewState(withdrawal: Withdrawal) {
  return {
    status: withdrawal.status,
    review: withdrawal.review,
    amountMinor: String(withdrawal.amount_minor),
    currency: withdrawal.currency,
    failureReason: withdrawal.failure_reason,
  };
}

function reviewAudit(operator: OperatorActor, action: string, before: Withdrawal, after: Withdrawal): AuditRecord {
  return {
    actor: operator,
    action,
    target: `withdrawal:${before.public_id}`,
    before: reviewState(before),
    after: reviewState(after),
  };
}

function toBackoffice(
  row: Withdrawal & { phone: string; name: string; reviewer: string | null },
): BackofficeWithdrawal {
  return {
    id: row.public_id,
    member: { id: String(row.member_id), phone: row.phone, name: row.name },
    amountMinor: String(row.amount_minor),
    currency: row.currency,
    bank: { code: row.bank_code, accountNo: row.bank_account_no, accountName: row.bank_account_name },
    status: row.status,
    review: row.review,
    failureReason: row.failure_reason,
    reviewedBy: row.reviewer,
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

function backoff(attempts: number): number {
  return Math.min(CHECK_BACKOFF_BASE_MS * 2 ** Math.min(attempts, 20), CHECK_BACKOFF_MAX_MS);
}

/**
 * Withdrawals (docs/withdrawals.md): one ledger entry moves the amount from the wallet to withdrawal payable at
 * once, then the payout party is asked to pay the registered bank account. Its answer, a webhook or the
 * settler's poll settles the withdrawal exactly once: paid (payable -> payout clearing) or failed (the entry is
 * reversed, the money is back in the wallet).
 */
export class WithdrawalService {
  readonly #otherPayouts: OtherPayouts[] = [];

  constructor(private readonly deps: WithdrawalServiceDeps) {}

  /** The payout party withdrawals pay through, for other payments out (refunds of bank transfers in suspense). */
  get payout(): Payout {
    return this.deps.payout;
  }

  /** Another kind of payment made through the same party: its webhook notifications are handed to it. */
  addPayoutListener(listener: OtherPayouts): void {
    this.#otherPayouts.push(listener);
  }

  async limitsFor(memberId: bigint): Promise<WithdrawLookupResponse> {
    const member = await this.member(memberId);
    const limits = await this.deps.settings.withdrawLimits(member.currency);
    return { withdrawMin: toMajor(limits.min), withdrawMax: toMajor(limits.max) };
  }

  async withdraw(input: WithdrawInput): Promise<MoneyActionResponse> {
    const { db, settings } = this.deps;
    const member = await this.member(input.memberId);
    const limits = await settings.withdrawLimits(member.currency);
    if (input.amountMinor < limits.min || input.amountMinor > limits.max) {
      throw new AppError('KEY_INVALID', 400, { amount: 'KEY_INVALID' });
    }
    if (input.all) await this.deps.bonus.endForWithdrawAll(member.id);
    else if (await this.deps.bonus.hasActiveBonus(member.id)) throw new AppError('BONUS_REMAINING', 409);
    const { wallet, payable } = await this.accounts(member);
    const review = input.amountMinor <= (await settings.withdrawAutoApproveMax(member.currency)) ? 'auto' : 'awaiting';
    const { withdrawal, balance } = await transactionWithRetry(db, async (trx) => {
      const posted = await this.post(trx, input, {
        memberId: member.id,
        type: 'withdraw',
        status: 'pending',
        idempotencyKey: `http:${input.all ? 'withdrawAll' : 'withdraw'}:${input.idempotencyKey}`,
        postings: [
          { account: wallet.id, amount: -input.amountMinor },
          { account: payable.id, amount: input.amountMinor },
        ],
      });
      const balance = (await this.deps.ledgerRepository.findAccountById(trx, wallet.id))?.balance ?? 0n;
      if (posted.replayed) {
        // A re-run after a crash between the ledger commit and the stored answer: the row came with the entry.
        const existing = await this.deps.repository.findByEntry(trx, posted.entry.id);
        if (!existing) throw new Error(`withdrawal entry ${posted.entry.id} has no withdrawal`);
        return { withdrawal: existing, balance };
      }
      // Checked on the locked, updated wallet, so a deposit or transfer racing this request cannot slip in.
      if (input.all && balance !== 0n) throw new AppError('KEY_INVALID', 400, { amount: 'KEY_INVALID' });
      const now = this.deps.clock.now();
      const withdrawal = await this.deps.repository.insert(trx, {
        public_id: randomUUID(),
        member_id: member.id,
        amount_minor: input.amountMinor,
        currency: member.currency,
        bank_code: member.bank_code,
        bank_account_no: member.bank_account_no,
        bank_account_name: member.bank_account_name,
        status: 'IN_PROGRESS',
        review,
        entry_id: posted.entry.id,
        next_check_at: new Date(now.getTime() + FIRST_CHECK_DELAY_MS),
        created_at: now,
        updated_at: now,
      });
      return { withdrawal, balance };
    });
    // After the commit: the payout party must never be asked to pay money the ledger has not moved. One above
    // the auto-approve amount waits for an operator (approve) first.
    const current = this.payable(withdrawal) ? await this.requestPayout(withdrawal) : withdrawal;
    return {
      message: 'SUCCESS',
      wallet: { amount: toMajor(current.status === 'FAILED' ? balance + current.amount_minor : balance) },
      status: current.status,
      reference: current.public_id,
    };
  }

  /** In progress and cleared to be paid: auto-approved, or approved by an operator. */
  private payable(withdrawal: Withdrawal): boolean {
    return withdrawal.status === 'IN_PROGRESS' && withdrawal.review !== 'awaiting';
  }

  /**
   * An operator approves a withdrawal waiting for review (docs/backoffice/withdrawals.md): it is marked approved and
   * audited in one transaction, then the payout party is asked to pay it. Approving it again answers it as it
   * is and pays nothing twice; a rejected one cannot be approved (409 ALREADY_REVIEWED).
   */
  async approve(publicId: string, operator: OperatorActor): Promise<ReviewOutcome> {
    const { db, repository, clock, audit } = this.deps;
    const outcome = await transactionWithRetry(db, async (trx) => {
      const withdrawal = await repository.lock(trx, publicId);
      if (!withdrawal) throw new AppError('NO_DATA', 404);
      if (withdrawal.review === 'approved') return { withdrawal, changed: false };
      if (withdrawal.review !== 'awaiting') throw new AppError('ALREADY_REVIEWED', 409);
      const now = clock.now();
      const approved = await repository.markReviewed(trx, withdrawal.id, {
        review: 'approved',
        operatorId: operator.operatorId,
        nextCheckAt: new Date(now.getTime() + FIRST_CHECK_DELAY_MS),
        now,
      });
      await audit.record(trx, reviewAudit(operator, 'withdrawal.approve', withdrawal, approved), now);
      return { withdrawal: approved, changed: true };
    });
    if (!outcome.changed) return outcome;
    return { withdrawal: await this.requestPayout(outcome.withdrawal), changed: true };
  }

  /**
   * An operator rejects a withdrawal waiting for review, with a reason the member sees: the member's entry is
   * reversed (the money is back in the wallet), the withdrawal fails, and the audit line is written, all in one
   * transaction. Rejecting it again answers it as it is; an approved one cannot be rejected (409).
   */
  async reject(publicId: string, operator: OperatorActor, reason: string): Promise<ReviewOutcome> {
    const { db, repository, clock, audit, ledger } = this.deps;
    return transactionWithRetry(db, async (trx) => {
      const withdrawal = await repository.lock(trx, publicId);
      if (!withdrawal) throw new AppError('NO_DATA', 404);
      if (withdrawal.review === 'rejected') return { withdrawal, changed: false };
      if (withdrawal.review !== 'awaiting') throw new AppError('ALREADY_REVIEWED', 409);
      const now = clock.now();
      const compensation = await ledger.reverse(trx, withdrawal.entry_id, 'failed', {
        reason,
        rejectedBy: operator.username,
      });
      // Reviewed first: a withdrawal still awaiting review cannot be settled (withdrawals_reviewed_check).
      await repository.markReviewed(trx, withdrawal.id, { review: 'rejected', operatorId: operator.operatorId, now });
      const rejected = await repository.markSettled(trx, withdrawal.id, {
        status: 'FAILED',
        failureReason: reason.slice(0, 200),
        payoutReference: null,
        settleEntryId: compensation.entry.id,
        now,
      });
      await audit.record(trx, reviewAudit(operator, 'withdrawal.reject', withdrawal, rejected), now);
      return { withdrawal: rejected, changed: true };
    });
  }

  /** The back-office's list of withdrawals (newest first, filtered by review and status). */
  async backofficePage(query: WithdrawalQuery): Promise<WithdrawalPage> {
    const { total, rows } = await this.deps.repository.page(this.deps.db, query);
    return { total, withdrawals: rows.map(toBackoffice) };
  }

  /** Every withdrawal of a filter as the back-office shows it, newest first, read a batch at a time. */
  async *backofficeAll(query: WithdrawalCsvQuery, batchSize = CSV_BATCH): AsyncGenerator<BackofficeWithdrawal> {
    yield* byIdDescending(
      (beforeId, size) => this.deps.repository.batch(this.deps.db, query, beforeId, size),
      toBackoffice,
      batchSize,
    );
  }

  /** A review's answer: the withdrawal as the back-office shows it now. */
  async backofficeReview(outcome: ReviewOutcome): Promise<WithdrawalReviewResponse> {
    const row = await this.deps.repository.findForBackoffice(this.deps.db, outcome.withdrawal.public_id);
    if (!row) throw new Error(`withdrawal ${outcome.withdrawal.public_id} vanished`);
    return { withdrawal: toBackoffice(row), changed: outcome.changed };
  }

  /** withdrawAll: an amount above the balance means the balance is no longer what the member saw. */
  private async post(trx: Transaction<Database>, input: WithdrawInput, entry: PostInput): Promise<PostedEntry> {
    try {
      return await this.deps.ledger.post(trx, entry);
    } catch (error) {
      if (input.all && error instanceof AppError && error.code === 'MONEY_NOT_ENOUGH') {
        throw new AppError('KEY_INVALID', 400, { amount: 'KEY_INVALID' });
      }
      throw error;
    }
  }

  /**
   * Settles a withdrawal with the party's final answer, exactly once: the first final answer wins, whatever
   * arrives later (a duplicate webhook, the settler's poll, a contradicting notification, which is logged).
   */
  async settle(publicId: string, state: FinalPayoutState): Promise<Withdrawal | undefined> {
    const { db, ledger, repository, clock, logger } = this.deps;
    const existing = await repository.findByPublicId(db, publicId);
    if (!existing) return undefined;
    const { payable, clearing } = await this.systemAccounts(existing.currency);
    return transactionWithRetry(db, async (trx) => {
      const withdrawal = await repository.lock(trx, publicId);
      if (!withdrawal) return undefined;
      if (withdrawal.status !== 'IN_PROGRESS') {
        const same = (withdrawal.status === 'SUCCESS') === (state.status === 'paid');
        if (!same) logger.error({ withdrawal: publicId, state }, 'payout party contradicts a settled withdrawal');
        return withdrawal;
      }
      const now = clock.now();
      if (state.status === 'paid') {
        await ledger.complete(trx, withdrawal.entry_id);
        const settlement = await ledger.post(trx, {
          memberId: null,
          type: 'withdraw',
          status: 'completed',
          idempotencyKey: `payout:${publicId}`,
          reference: { withdrawal: publicId, payout: state.payoutId },
          postings: [
            { account: payable.id, amount: -withdrawal.amount_minor },
            { account: clearing.id, amount: withdrawal.amount_minor },
          ],
        });
        return repository.markSettled(trx, withdrawal.id, {
          status: 'SUCCESS',
          failureReason: null,
          payoutReference: state.payoutId,
          settleEntryId: settlement.entry.id,
          now,
        });
      }
      const compensation = await ledger.reverse(trx, withdrawal.entry_id, 'failed', { reason: state.reason });
      return repository.markSettled(trx, withdrawal.id, {
        status: 'FAILED',
        failureReason: state.reason.slice(0, 200),
        payoutReference: state.payoutId ?? withdrawal.payout_reference,
        settleEntryId: compensation.entry.id,
        now,
      });
    });
  }

  /**
   * The settler's pass, also run on demand: asks the party about every withdrawal still in progress whose
   * next check is due (asking it to pay again when it never received the request) and settles final answers.
   */
  async settlePending(limit = SETTLE_BATCH_MAX): Promise<{ checked: number; settled: number }> {
    const { db, repository, clock } = this.deps;
    const due = await repository.listDue(db, clock.now(), limit);
    let settled = 0;
    for (const withdrawal of due) {
      try {
        const after = await this.check(withdrawal);
        if (after.status !== 'IN_PROGRESS') settled += 1;
      } catch (error) {
        // One withdrawal the code cannot settle (a bug, a row an operator must look at) must not hold up the
        // others; it is logged and looked at again after the back-off.
        this.deps.logger.error({ err: error, withdrawal: withdrawal.public_id }, 'withdrawal could not be settled');
        await this.postpone(withdrawal, null);
      }
    }
    await repository.deleteWebhookEventsBefore(db, new Date(clock.now().getTime() - WEBHOOK_EVENTS_KEPT_MS), 1000);
    return { checked: due.length, settled };
  }

  /** Applies a webhook notification that passed the signature check; answers whether it named a withdrawal. */
  async notified(event: { eventId: string; reference: string; state: PayoutState }): Promise<boolean> {
    const { db, repository, clock } = this.deps;
    const withdrawal = await repository.findByPublicId(db, event.reference);
    if (!withdrawal) {
      for (const other of this.#otherPayouts) if (await other.notified(event)) return true;
      return false;
    }
    if (await repository.webhookEventSeen(db, event.eventId)) return true;
    await this.apply(withdrawal, event.state);
    // Recorded after it was applied: a failure in between lets the party's retry through, and settling is
    // idempotent anyway.
    await repository.recordWebhookEvent(db, event.eventId, clock.now());
    return true;
  }

  private async check(withdrawal: Withdrawal): Promise<Withdrawal> {
    try {
      const state = await this.deps.payout.status(withdrawal.public_id);
      if (state.status === 'not_found') return await this.requestPayout(withdrawal);
      return await this.apply(withdrawal, state);
    } catch (error) {
      if (!(error instanceof PayoutUnavailableError)) throw error;
      this.deps.logger.warn({ err: error, withdrawal: withdrawal.public_id }, 'payout status unknown');
      await this.postpone(withdrawal, null);
      return withdrawal;
    }
  }

  private async requestPayout(withdrawal: Withdrawal): Promise<Withdrawal> {
    try {
      const state = await this.deps.payout.pay({
        reference: withdrawal.public_id,
        amountMinor: withdrawal.amount_minor,
        currency: withdrawal.currency,
        bankCode: withdrawal.bank_code,
        accountNo: withdrawal.bank_account_no,
        accountName: withdrawal.bank_account_name,
      });
      return await this.apply(withdrawal, state);
    } catch (error) {
      if (!(error instanceof PayoutUnavailableError)) throw error;
      // Unknown outcome: the settler asks again later; the party applies our reference at most once.
      this.deps.logger.warn({ err: error, withdrawal: withdrawal.public_id }, 'payout request outcome unknown');
      await this.postpone(withdrawal, null);
      return withdrawal;
    }
  }

  private async apply(withdrawal: Withdrawal, state: PayoutState): Promise<Withdrawal> {
    if (state.status === 'paid' || state.status === 'failed') {
      return (await this.settle(withdrawal.public_id, state)) ?? withdrawal;
    }
    await this.postpone(withdrawal, state.status === 'pending' ? state.payoutId : null);
    return withdrawal;
  }

  private async postpone(withdrawal: Withdrawal, payoutReference: string | null): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.repository.recordCheck(this.deps.db, withdrawal.id, {
      nextCheckAt: new Date(now.getTime() + backoff(withdrawal.attempts)),
      payoutReference,
      now,
    });
  }

  private member(memberId: bigint): Promise<Member> {
    return sessionMember(this.deps.members, memberId);
  }

  private async accounts(member: Member): Promise<{ wallet: LedgerAccount; payable: LedgerAccount }> {
    const wallet = await this.deps.ledger.memberWallet(this.deps.db, member.id, member.currency);
    const { payable } = await this.systemAccounts(member.currency);
    return { wallet, payable };
  }

  private async systemAccounts(currency: string): Promise<{ payable: LedgerAccount; clearing: LedgerAccount }> {
    const { ledger, db } = this.deps;
    const system = { memberId: null, providerCode: null, currency };
    return {
      payable: await ledger.ensureAccount(db, { kind: 'withdrawal_payable', ...system }),
      clearing: await ledger.ensureAccount(db, { kind: 'payout_clearing', ...system }),
    };
  }
}
