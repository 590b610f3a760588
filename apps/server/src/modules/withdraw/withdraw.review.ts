import type {
  BackofficeWithdrawal,
  WithdrawalCsvQuery,
  WithdrawalPage,
  WithdrawalQuery,
  WithdrawalReviewResponse,
} from '@member-wallet/contract/backoffice/withdrawals';
import type { LedgerService } from '../../core/ledger/ledger.service.ts';
import type { AuditRecord, AuditRecorder, OperatorActor } from '../../core/operator/audit-log.ts';
import { type FourEyes, MONEY_APPROVING_ROLES } from '../../core/operator/four-eyes.ts';
import type { Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { byIdDescending } from '../../lib/keyset.ts';
import type { Withdrawal, WithdrawalRepository } from './withdraw.repository.ts';
import { FIRST_CHECK_DELAY_MS, type WithdrawalSettler } from './withdraw.settle.ts';

/** Rows the CSV export reads at a time. */
const CSV_BATCH = 500;

/** An operator's decision on a withdrawal waiting for review, and whether this call made it. */
export interface ReviewOutcome {
  withdrawal: Withdrawal;
  /** False when the withdrawal had already been given the same decision: nothing moved again. */
  changed: boolean;
}

export interface WithdrawalReviewDeps {
  db: Db;
  ledger: LedgerService;
  repository: WithdrawalRepository;
  audit: AuditRecorder;
  clock: Clock;
  /** Locks the approver's row and reads their role again (docs/backoffice/four-eyes.md, Races). */
  approvers: Pick<FourEyes, 'lockApprover'>;
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

/**
 * Withdrawals above the auto-approve amount wait for an operator (docs/backoffice/withdrawals.md): approved ones
 * are paid, rejected ones are given back. Each decision and its audit line commit in one transaction.
 */
export class WithdrawalReview {
  constructor(
    private readonly deps: WithdrawalReviewDeps,
    private readonly settler: Pick<WithdrawalSettler, 'requestPayout'>,
  ) {}

  /**
   * An operator approves a withdrawal waiting for review (docs/backoffice/withdrawals.md): it is marked approved and
   * audited in one transaction, then the payout party is asked to pay it. Approving it again answers it as it
   * is and pays nothing twice; a rejected one cannot be approved (409 ALREADY_REVIEWED).
   */
  async approve(publicId: string, operator: OperatorActor): Promise<ReviewOutcome> {
    const { db, repository, clock, audit, approvers } = this.deps;
    const outcome = await transactionWithRetry(db, async (trx) => {
      // The approver's row first: a change of their role waits for this decision, or this one reads its result.
      await approvers.lockApprover(trx, operator.operatorId, MONEY_APPROVING_ROLES);
      const withdrawal = await repository.lock(trx, publicId);
      if (!withdrawal) throw new AppError('NO_DATA');
      if (withdrawal.review === 'approved') return { withdrawal, changed: false };
      if (withdrawal.review !== 'awaiting') throw new AppError('ALREADY_REVIEWED');
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
    return { withdrawal: await this.settler.requestPayout(outcome.withdrawal), changed: true };
  }

  /**
   * An operator rejects a withdrawal waiting for review, with a reason the member sees: the member's entry is
   * reversed (the money is back in the wallet), the withdrawal fails, and the audit line is written, all in one
   * transaction. Rejecting it again answers it as it is; an approved one cannot be rejected (409).
   */
  async reject(publicId: string, operator: OperatorActor, reason: string): Promise<ReviewOutcome> {
    const { db, repository, clock, audit, ledger, approvers } = this.deps;
    return transactionWithRetry(db, async (trx) => {
      await approvers.lockApprover(trx, operator.operatorId, MONEY_APPROVING_ROLES);
      const withdrawal = await repository.lock(trx, publicId);
      if (!withdrawal) throw new AppError('NO_DATA');
      if (withdrawal.review === 'rejected') return { withdrawal, changed: false };
      if (withdrawal.review !== 'awaiting') throw new AppError('ALREADY_REVIEWED');
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
}
