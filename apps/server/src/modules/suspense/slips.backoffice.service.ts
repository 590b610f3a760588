import type {
  BackofficeSlip,
  SlipReviewCsvQuery,
  SlipReviewPage,
  SlipReviewQuery,
  SlipReviewResponse,
} from '@member-wallet/contract/backoffice/slips';
import type { Member } from '../../core/account/account.repository.ts';
import type { OperatorActor } from '../../core/operator/audit-log.ts';
import { refusalError } from '../../core/safer-play/safer-play.gate.ts';
import type { Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { byIdDescending } from '../../lib/keyset.ts';
import type { Slip, SlipService } from '../slip/slip.module.ts';
import type { SlipReviewRepository, SlipReviewRow } from './slips.backoffice.repository.ts';
import type { AuditRecorder } from './suspense.backoffice.service.ts';

const CSV_BATCH = 500;

export interface SlipReviewDeps {
  db: Db;
  repository: SlipReviewRepository;
  slips: SlipService;
  members: { findById(id: bigint): Promise<Member | undefined> };
  audit: AuditRecorder;
  clock: Clock;
}

interface ReviewOutcome {
  slip: Slip;
  changed: boolean;
}

function auditState(slip: Slip) {
  return {
    status: slip.status,
    reason: slip.note,
    amountMinor: slip.amount_minor === null ? null : String(slip.amount_minor),
    currency: slip.currency,
    reference: slip.reference,
    review: slip.review,
    note: slip.review_note,
    entryId: slip.entry_id === null ? null : String(slip.entry_id),
  };
}

/**
 * Slips refused with a verified amount (NOT_MATCH, EXPIRED_SLIP): the transfer reached the operator's account
 * but nothing credited it (docs/deposits/slips.md, "Money never lost by a refusal"). An operator credits it to the
 * slip's member once, recording the transfer as a slip does (so the feed or another slip cannot credit it
 * again, nor it them), or dismisses it without money. Each with its audit line, in one transaction.
 */
export class SlipReviewService {
  constructor(private readonly deps: SlipReviewDeps) {}

  async page(query: SlipReviewQuery): Promise<SlipReviewPage> {
    const offset = (query.page - 1) * query.limit;
    const { total, rows } = await this.deps.repository.page(this.deps.db, query, offset, query.limit);
    return { total, slips: rows.map((row) => this.toBackoffice(row)) };
  }

  async *all(query: SlipReviewCsvQuery, batchSize = CSV_BATCH): AsyncGenerator<BackofficeSlip> {
    yield* byIdDescending(
      (beforeId, size) => this.deps.repository.batch(this.deps.db, query, beforeId, size),
      (row) => this.toBackoffice(row),
      batchSize,
    );
  }

  async view(outcome: ReviewOutcome): Promise<SlipReviewResponse> {
    const row = await this.deps.repository.findForBackoffice(this.deps.db, outcome.slip.public_id);
    if (!row) throw new Error(`slip ${outcome.slip.public_id} vanished`);
    return { slip: this.toBackoffice(row), changed: outcome.changed };
  }

  /**
   * Credits the slip's transfer to its member, once. The verifier is asked again for the transfer (the slip
   * row keeps only what the QR and the amount said); a transfer already recorded by the feed or another slip
   * answers 409 ALREADY_REVIEWED and credits nothing.
   */
  async credit(publicId: string, note: string | null, operator: OperatorActor): Promise<ReviewOutcome> {
    const { db, repository, slips, clock } = this.deps;
    const row = await this.reviewable(publicId);
    if (row.review === 'credited') return { slip: row, changed: false };
    if (row.review !== null) throw new AppError('ALREADY_REVIEWED');
    const member = await this.deps.members.findById(row.member_id);
    if (!member) throw new Error(`member ${row.member_id} of slip ${publicId} does not exist`);
    // As an assignment from suspense: a locked member is unlocked first, so money never reaches one unseen.
    if (member.status !== 'active') throw new AppError('INACTIVE_USER');
    const verified = await slips.verifiedTransferOf(row, member);
    const accounts = await slips.creditAccounts(member);
    return transactionWithRetry(db, async (trx) => {
      const slip = await repository.lock(trx, publicId);
      if (!slip) throw new AppError('NO_DATA');
      if (slip.review === 'credited') return { slip, changed: false };
      if (slip.review !== null) throw new AppError('ALREADY_REVIEWED');
      const credited = await slips.recordCredit(trx, accounts, { ...verified, member, slipId: slip.public_id });
      if (!credited) throw new AppError('ALREADY_REVIEWED');
      // The member's own limit or block refuses an operator's credit too (docs/safer-play.md): nothing is kept.
      if (credited.held) throw refusalError(credited.held);
      const now = clock.now();
      const reviewed = await repository.markReviewed(trx, slip.id, {
        review: 'credited',
        operatorId: operator.operatorId,
        note: note || null,
        transferId: credited.transferId,
        entryId: credited.entryId,
        now,
      });
      await this.record(trx, operator, 'slip.credit', slip, reviewed, now);
      return { slip: reviewed, changed: true };
    });
  }

  /** Marks the slip reviewed without money (the reason is kept and audited); again answers `changed: false`. */
  async dismiss(publicId: string, reason: string, operator: OperatorActor): Promise<ReviewOutcome> {
    const { db, repository, clock } = this.deps;
    await this.reviewable(publicId);
    return transactionWithRetry(db, async (trx) => {
      const slip = await repository.lock(trx, publicId);
      if (!slip) throw new AppError('NO_DATA');
      if (slip.review === 'dismissed') return { slip, changed: false };
      if (slip.review !== null) throw new AppError('ALREADY_REVIEWED');
      const now = clock.now();
      const reviewed = await repository.markReviewed(trx, slip.id, {
        review: 'dismissed',
        operatorId: operator.operatorId,
        note: reason,
        now,
      });
      await this.record(trx, operator, 'slip.dismiss', slip, reviewed, now);
      return { slip: reviewed, changed: true };
    });
  }

  private async record(trx: Db, operator: OperatorActor, action: string, before: Slip, after: Slip, now: Date) {
    await this.deps.audit.record(
      trx,
      {
        actor: operator,
        action,
        target: `slip:${before.public_id}`,
        before: auditState(before),
        after: auditState(after),
      },
      now,
    );
  }

  /** A slip of the review list (refused with a verified amount); any other answers 404. */
  private async reviewable(publicId: string): Promise<SlipReviewRow> {
    if (publicId.length > 64) throw new AppError('NO_DATA');
    const row = await this.deps.repository.findForBackoffice(this.deps.db, publicId);
    if (!row) throw new AppError('NO_DATA');
    return row;
  }

  private toBackoffice(row: SlipReviewRow): BackofficeSlip {
    return {
      id: row.public_id,
      member: { id: row.member_public_id, phone: row.member_phone, name: row.member_name },
      reason: row.note as BackofficeSlip['reason'],
      amountMinor: String(row.amount_minor),
      currency: row.currency,
      sendingBank: row.sending_bank,
      reference: row.reference,
      pictureUrl: this.deps.slips.pictureUrl(row),
      review: row.review,
      reviewedBy: row.reviewer,
      reviewedAt: row.reviewed_at?.toISOString() ?? null,
      reviewNote: row.review_note,
      createdAt: row.created_at.toISOString(),
    };
  }
}
