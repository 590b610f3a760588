import type {
  BackofficeInviteReview,
  InviteReviewCsvQuery,
  InviteReviewPage,
  InviteReviewQuery,
  InviteReviewResponse,
} from '@member-wallet/contract/backoffice/invite-reviews';
import type { Transaction } from 'kysely';
import type { AuditLog, OperatorActor } from '../../core/operator/audit-log.ts';
import type { Database, Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { byIdDescending } from '../../lib/keyset.ts';
import type { InviteReview, InviteReviewRepository } from './invite.backoffice.repository.ts';
import type { InviteService } from './invite.service.ts';

/** Rows per read of the CSV export. */
const CSV_BATCH = 500;

export interface InviteReviewServiceDeps {
  db: Db;
  repository: InviteReviewRepository;
  /** The member side's service: its cursor lock orders a decision with accrual passes and collections. */
  invites: InviteService;
  audit: AuditLog;
  clock: Clock;
}

type ShownRow = NonNullable<Awaited<ReturnType<InviteReviewRepository['findShown']>>>;

function party(row: ShownRow, side: 'inviter' | 'invitee') {
  return {
    id: row[`${side}_public_id`],
    phone: row[`${side}_phone`],
    name: row[`${side}_name`],
    bankCode: row[`${side}_bank_code`],
    bankAccountNo: row[`${side}_bank_account_no`],
    bankAccountName: row[`${side}_bank_account_name`],
    registrationIp: row[`${side}_registration_ip`],
  };
}

function toBackoffice(row: ShownRow): BackofficeInviteReview {
  return {
    inviter: party(row, 'inviter'),
    invitee: party(row, 'invitee'),
    reasons: row.reasons,
    status: row.status,
    currency: row.currency,
    heldMinor: String(row.held_minor),
    forfeitedMinor: String(row.forfeited_minor),
    openMinor: String(row.open_minor),
    heldAt: row.held_at.toISOString(),
    decidedBy: row.decided_by,
    decidedAt: row.decided_at?.toISOString() ?? null,
    note: row.note,
  };
}

type Decision = { kind: 'release'; note: string | null } | { kind: 'reject'; reason: string };

/**
 * Invite links held for review (docs/backoffice/invite-reviews.md): an operator releases a held link (its held accruals become
 * collectable, and later ones accrue open) or rejects it (its held accruals are forfeited and the invitee accrues
 * nothing more). Each decision and its audit line are one transaction, under the inviter's cursor lock, so a
 * decision never interleaves with an accrual pass or a collection of the same inviter.
 */
export class InviteReviewService {
  constructor(private readonly deps: InviteReviewServiceDeps) {}

  release(inviteePublicId: string, operator: OperatorActor, note: string | undefined): Promise<InviteReviewResponse> {
    return this.decide(inviteePublicId, operator, { kind: 'release', note: note || null });
  }

  reject(inviteePublicId: string, operator: OperatorActor, reason: string): Promise<InviteReviewResponse> {
    return this.decide(inviteePublicId, operator, { kind: 'reject', reason });
  }

  async page(query: InviteReviewQuery): Promise<InviteReviewPage> {
    const { total, rows } = await this.deps.repository.page(this.deps.db, query);
    return { total, reviews: rows.map(toBackoffice) };
  }

  /** Every review of a filter, newest invitee first, read a batch at a time. */
  async *all(query: InviteReviewCsvQuery, batchSize = CSV_BATCH): AsyncGenerator<BackofficeInviteReview> {
    yield* byIdDescending(
      (beforeId, size) => this.deps.repository.batch(this.deps.db, query, beforeId, size),
      toBackoffice,
      batchSize,
    );
  }

  private async decide(
    inviteePublicId: string,
    operator: OperatorActor,
    decision: Decision,
  ): Promise<InviteReviewResponse> {
    const { db, repository, invites } = this.deps;
    const link = await repository.findLink(db, inviteePublicId);
    if (!link) throw new AppError('NO_DATA');
    const changed = await transactionWithRetry(db, async (trx) => {
      await invites.lockCursor(trx, { id: link.inviter_id, created_at: link.inviter_created_at });
      const review = await repository.lock(trx, link.invitee_id);
      const target = decision.kind === 'release' ? 'released' : 'rejected';
      if (review.status === target) return false;
      if (review.status !== 'held') throw new AppError('ALREADY_REVIEWED');
      await this.apply(trx, review, operator, decision, inviteePublicId);
      return true;
    });
    const row = await repository.findShown(db, link.invitee_id);
    if (!row) throw new Error(`invite review of ${inviteePublicId} vanished`);
    return { review: toBackoffice(row), changed };
  }

  /** The decision, the held accruals' new state and the audit line, in the caller's transaction. */
  private async apply(
    trx: Transaction<Database>,
    review: InviteReview,
    operator: OperatorActor,
    decision: Decision,
    inviteePublicId: string,
  ): Promise<void> {
    const { repository, invites, audit, clock } = this.deps;
    const now = clock.now();
    const before = { status: review.status, reasons: review.reasons, ...(await this.amounts(trx, review)) };
    const decided = await repository.decide(trx, review.invitee_id, {
      status: decision.kind === 'release' ? 'released' : 'rejected',
      decided_by: operator.operatorId,
      decided_at: now,
      note: decision.kind === 'release' ? decision.note : decision.reason,
    });
    await invites.moveHeldAccruals(trx, review.invitee_id, decision.kind === 'release' ? 'open' : 'forfeited');
    const after = {
      status: decided.status,
      reasons: decided.reasons,
      ...(decided.note ? { note: decided.note } : {}),
      ...(await this.amounts(trx, review)),
    };
    await audit.record(
      trx,
      {
        actor: operator,
        action: `invite_link.${decision.kind}`,
        target: `invite_link:${inviteePublicId}`,
        before,
        after,
      },
      now,
    );
  }

  /** What the audit line keeps of the invitee's uncollected accruals, in minor units. */
  private async amounts(trx: Transaction<Database>, review: InviteReview) {
    const sums = await this.deps.repository.uncollectedByState(trx, review.invitee_id);
    return { heldMinor: String(sums.held), openMinor: String(sums.open), forfeitedMinor: String(sums.forfeited) };
  }
}
