import { randomUUID } from 'node:crypto';
import type {
  AdjustmentBonusTerms,
  AdjustmentCsvQuery,
  AdjustmentPage,
  AdjustmentQuery,
  AdjustmentRequest,
  AdjustmentResponse,
  BackofficeAdjustment,
} from '@member-wallet/contract/backoffice/adjustments';
import type { Transaction } from 'kysely';
import type { PerCurrency } from '../../config.ceilings.ts';
import type { LedgerService } from '../../core/ledger/ledger.service.ts';
import type { AuditLog, OperatorActor } from '../../core/operator/audit-log.ts';
import { type FourEyes, MONEY_APPROVING_ROLES } from '../../core/operator/four-eyes.ts';
import type { SettingsService } from '../../core/settings/settings.service.ts';
import type { Database, Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { byIdDescending } from '../../lib/keyset.ts';
import { localDayStart } from '../../lib/local-calendar.ts';
import type { RewardBonuses, RewardDefinition } from '../bonus/bonus.module.ts';
import type { Adjustment, AdjustmentRepository } from './adjustment.repository.ts';

/** Rows per read of the CSV export. */
const CSV_BATCH = 500;

export interface AdjustmentServiceDeps {
  db: Db;
  repository: AdjustmentRepository;
  ledger: LedgerService;
  settings: SettingsService;
  audit: AuditLog;
  clock: Clock;
  /** An adjustment paid as a bonus runs as the member's bonus (docs/backoffice/members.md, Manual adjustments). */
  rewards: RewardBonuses;
  /**
   * The member's own limits and block (docs/safer-play.md): a credit, cash or bonus, counts as a deposit, and
   * none reaches a member in a time-out or self-exclusion.
   */
  saferPlay: {
    assertDeposit(trx: Db, memberId: bigint, amountMinor: bigint): Promise<void>;
  };
  /** The approver's lock and the separation of related operators (docs/backoffice/four-eyes.md). */
  fourEyes: FourEyes;
  /** What one operator may credit alone in a site day, per currency (`ADJUSTMENT_ALONE_DAILY_MINOR`). */
  aloneCreditDaily: PerCurrency;
  /** The site's time zone, whose midnight starts the day the ceiling counts. */
  timeZone: string;
}

/** An adjustment being applied: by whom, as which audited action, and the definition it runs under as a bonus. */
interface Application {
  adjustment: Adjustment;
  reward: RewardDefinition | null;
  operator: OperatorActor;
  action: 'adjustment.apply' | 'adjustment.approve';
  now: Date;
}

type ShownRow = Adjustment & {
  member_public_id: string;
  phone: string;
  name: string;
  requester: string;
  reviewer: string | null;
};

function toBackoffice(row: ShownRow): BackofficeAdjustment {
  return {
    id: row.public_id,
    member: { id: row.member_public_id, phone: row.phone, name: row.name },
    currency: row.currency,
    amountMinor: String(row.amount_minor),
    reason: row.reason,
    status: row.status,
    requestedBy: row.requester,
    requestedAt: row.requested_at.toISOString(),
    reviewedBy: row.reviewer,
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
    reviewReason: row.review_reason,
    entryId: row.entry_id === null ? null : String(row.entry_id),
    asBonus: bonusTermsOf(row),
  };
}

/** The terms of an adjustment paid as a bonus; null for cash. */
function bonusTermsOf(adjustment: Adjustment): AdjustmentBonusTerms | null {
  const { bonus_win_multiple: winMultiple, bonus_percent_fail: percentFail } = adjustment;
  return winMultiple === null || percentFail === null ? null : { winMultiple, percentFail };
}

/** An adjustment paid as a bonus: its terms and the definition it runs under; null for cash. */
function bonusOf(
  adjustment: Adjustment,
  reward: RewardDefinition | null,
): { terms: AdjustmentBonusTerms; reward: RewardDefinition } | null {
  const terms = bonusTermsOf(adjustment);
  if (!terms) return null;
  // The contract and adjustments_bonus_check allow terms on credits only; the callers name the definition.
  if (!reward || adjustment.amount_minor <= 0n) {
    throw new Error(`bonus adjustment ${adjustment.public_id} without its definition or with a debit`);
  }
  return { terms, reward };
}

/** What the audit log keeps of an adjustment's state. */
function auditState(adjustment: Adjustment) {
  return {
    status: adjustment.status,
    amountMinor: String(adjustment.amount_minor),
    currency: adjustment.currency,
    reason: adjustment.reason,
    ...(adjustment.bonus_win_multiple !== null ? { asBonus: bonusTermsOf(adjustment) } : {}),
    ...(adjustment.review_reason ? { reviewReason: adjustment.review_reason } : {}),
    ...(adjustment.entry_id !== null ? { entryId: String(adjustment.entry_id) } : {}),
  };
}

/**
 * Manual adjustments of a member's wallet (docs/backoffice/members.md, Manual adjustments). One at or below the
 * currency's approval amount applies at once; a larger one waits for a second operator, who approves it (the
 * money moves then) or rejects it. Each action and its audit line are one transaction; the ledger entry's key is
 * the adjustment's, so nothing is applied twice. A credit marked as a bonus starts as the member's running bonus in
 * the transaction that applies it, or is refused with BONUS_REMAINING when one already runs.
 */
export class AdjustmentService {
  constructor(private readonly deps: AdjustmentServiceDeps) {}

  async request(
    memberPublicId: string,
    input: AdjustmentRequest,
    operator: OperatorActor,
  ): Promise<AdjustmentResponse> {
    const { db, repository, audit, clock, settings } = this.deps;
    const amount = BigInt(input.amountMinor);
    // Read before the transaction: a member's currency never changes, and the setting is read from the pool.
    const member = await repository.findMember(db, memberPublicId);
    if (!member) throw new AppError('NO_DATA');
    const approvalAbove = await settings.adjustmentApprovalAbove(member.currency);
    const asBonus = input.asBonus ?? null;
    const reward = asBonus ? await this.deps.rewards.rewardDefinition('adjustment', member.currency) : null;
    const outcome = await transactionWithRetry(db, async (trx) => {
      const now = clock.now();
      const inserted = await repository.insertIfNew(trx, {
        public_id: randomUUID(),
        request_id: input.requestId,
        member_id: member.id,
        currency: member.currency,
        amount_minor: amount,
        reason: input.reason,
        status: 'awaiting',
        requested_by: operator.operatorId,
        requested_at: now,
        bonus_win_multiple: asBonus?.winMultiple ?? null,
        bonus_percent_fail: asBonus?.percentFail ?? null,
      });
      if (!inserted) return { adjustment: await this.replay(trx, member.id, input, operator), changed: false };
      await audit.record(
        trx,
        {
          actor: operator,
          action: 'adjustment.request',
          target: `adjustment:${inserted.public_id}`,
          after: auditState(inserted),
        },
        now,
      );
      if (!(await this.appliesAlone(trx, inserted, approvalAbove, now))) return { adjustment: inserted, changed: true };
      const applied = await this.apply(trx, {
        adjustment: inserted,
        reward,
        operator,
        action: 'adjustment.apply',
        now,
      });
      return { adjustment: applied, changed: true };
    });
    return this.answer(outcome);
  }

  /** A second operator approves an adjustment waiting for it: the money moves now, once. */
  async approve(publicId: string, operator: OperatorActor): Promise<AdjustmentResponse> {
    const { db, clock } = this.deps;
    // Read before the transaction (on PGlite's single connection nothing may run beside it): whether it is paid
    // as a bonus and in which currency never change once asked.
    const asked = await this.deps.repository.findShown(db, publicId);
    const reward =
      asked && bonusTermsOf(asked) ? await this.deps.rewards.rewardDefinition('adjustment', asked.currency) : null;
    const outcome = await transactionWithRetry(db, async (trx) => {
      // The approver's row first: a change of their role waits for this decision, or this one reads its result.
      await this.deps.fourEyes.lockApprover(trx, operator.operatorId, MONEY_APPROVING_ROLES);
      const adjustment = await this.lockForReview(trx, publicId, operator);
      await this.deps.fourEyes.assertUnrelated(trx, operator.operatorId, adjustment.requested_by);
      if (adjustment.status === 'applied') return { adjustment, changed: false };
      if (adjustment.status !== 'awaiting') throw new AppError('ALREADY_REVIEWED');
      const now = clock.now();
      const applied = await this.apply(trx, { adjustment, reward, operator, action: 'adjustment.approve', now });
      return { adjustment: applied, changed: true };
    });
    return this.answer(outcome);
  }

  /** A second operator rejects an adjustment waiting for it, with a reason: no money moves. */
  async reject(publicId: string, operator: OperatorActor, reason: string): Promise<AdjustmentResponse> {
    const { db, repository, audit, clock } = this.deps;
    const outcome = await transactionWithRetry(db, async (trx) => {
      const adjustment = await this.lockForReview(trx, publicId, operator);
      if (adjustment.status === 'rejected') return { adjustment, changed: false };
      if (adjustment.status !== 'awaiting') throw new AppError('ALREADY_REVIEWED');
      const now = clock.now();
      const rejected = await repository.update(trx, adjustment.id, {
        status: 'rejected',
        reviewed_by: operator.operatorId,
        reviewed_at: now,
        review_reason: reason,
      });
      await audit.record(
        trx,
        {
          actor: operator,
          action: 'adjustment.reject',
          target: `adjustment:${publicId}`,
          before: auditState(adjustment),
          after: auditState(rejected),
        },
        now,
      );
      return { adjustment: rejected, changed: true };
    });
    return this.answer(outcome);
  }

  async page(query: AdjustmentQuery): Promise<AdjustmentPage> {
    const { total, rows } = await this.deps.repository.page(this.deps.db, query);
    return { total, adjustments: rows.map(toBackoffice) };
  }

  /** Every adjustment of a filter, newest first, read a batch at a time. */
  async *all(query: AdjustmentCsvQuery, batchSize = CSV_BATCH): AsyncGenerator<BackofficeAdjustment> {
    yield* byIdDescending(
      (beforeId, size) => this.deps.repository.batch(this.deps.db, query, beforeId, size),
      toBackoffice,
      batchSize,
    );
  }

  /**
   * Whether a new adjustment applies without a second operator: at most the approval amount (absolute) and, for a
   * credit, within what its operator may credit alone today (the site's day). The operator's row is locked first,
   * so two credits of one operator at once are counted one after the other.
   */
  private async appliesAlone(trx: Transaction<Database>, asked: Adjustment, approvalAbove: bigint, now: Date) {
    const amount = asked.amount_minor;
    if ((amount < 0n ? -amount : amount) > approvalAbove) return false;
    if (amount < 0n) return true;
    await this.deps.fourEyes.lock(trx, asked.requested_by);
    const since = localDayStart(now, this.deps.timeZone);
    const today = await this.deps.repository.aloneCreditsSince(trx, asked.requested_by, asked.currency, since);
    const ceiling = this.deps.aloneCreditDaily[asked.currency as keyof PerCurrency];
    return ceiling !== undefined && today + amount <= ceiling;
  }

  /** The adjustment locked for a review; its requester may not review it (four eyes): 403 FORBIDDEN. */
  private async lockForReview(trx: Transaction<Database>, publicId: string, operator: OperatorActor) {
    const adjustment = await this.deps.repository.lock(trx, publicId);
    if (!adjustment) throw new AppError('NO_DATA');
    if (adjustment.requested_by === operator.operatorId) throw new AppError('FORBIDDEN');
    return adjustment;
  }

  /**
   * Posts the adjustment's entry (wallet +/-A, manual_adjustment -/+A) and marks it applied, with its audit line;
   * approved by `operator` when the action is an approval. A debit beyond the wallet answers MONEY_NOT_ENOUGH, and
   * a bonus while another bonus runs BONUS_REMAINING: the caller's transaction rolls back.
   */
  private async apply(trx: Transaction<Database>, input: Application): Promise<Adjustment> {
    const { ledger, repository, audit } = this.deps;
    const { adjustment, operator, action, now } = input;
    const wallet = await ledger.memberWalletId(trx, adjustment.member_id, adjustment.currency);
    const counterpart = await ledger.accountId(trx, {
      kind: 'manual_adjustment',
      memberId: null,
      providerCode: null,
      currency: adjustment.currency,
    });
    const bonus = bonusOf(adjustment, input.reward);
    const posted = await ledger.post(trx, {
      memberId: adjustment.member_id,
      // Paid as a bonus, it is a bonus row of the member's statement, described as the reward's definition.
      type: bonus ? 'bonus' : 'adjustment',
      status: 'completed',
      idempotencyKey: `adjustment:${adjustment.public_id}`,
      reference: {
        ...(bonus ? { bonus: { description: bonus.reward.description } } : {}),
        adjustment: adjustment.public_id,
      },
      metadata: { reason: adjustment.reason, operator: operator.username },
      postings: [
        { account: wallet, amount: adjustment.amount_minor },
        { account: counterpart, amount: -adjustment.amount_minor },
      ],
    });
    // Every operator credit counts against the member's deposit limit and is refused during a block, paid as cash
    // or as a bonus alike: a bonus's terms may ask no play at all (docs/safer-play.md, What counts).
    if (adjustment.amount_minor > 0n) {
      await this.deps.saferPlay.assertDeposit(trx, adjustment.member_id, adjustment.amount_minor);
    }
    if (bonus) {
      // Bonus money from this moment (docs/promotions/wheel.md, "Rewards are bonus money"); a bonus already running, or
      // started since, refuses it and the credit rolls back with it.
      await this.deps.rewards.startRewardIn(trx, {
        definitionId: bonus.reward.id,
        memberId: adjustment.member_id,
        currency: adjustment.currency,
        amountMinor: adjustment.amount_minor,
        entryId: posted.entry.id,
        terms: bonus.terms,
      });
    }
    const applied = await repository.update(trx, adjustment.id, {
      status: 'applied',
      entry_id: posted.entry.id,
      ...(action === 'adjustment.approve' ? { reviewed_by: operator.operatorId, reviewed_at: now } : {}),
    });
    await audit.record(
      trx,
      {
        actor: operator,
        action,
        target: `adjustment:${adjustment.public_id}`,
        before: auditState(adjustment),
        after: auditState(applied),
      },
      now,
    );
    return applied;
  }

  /** A retried request: the first one, if it asked for the same adjustment; else IDEMPOTENCY_KEY_REUSED. */
  private async replay(
    trx: Transaction<Database>,
    memberId: bigint,
    input: AdjustmentRequest,
    operator: OperatorActor,
  ): Promise<Adjustment> {
    const first = await this.deps.repository.findByRequest(trx, operator.operatorId, input.requestId);
    if (!first) throw new Error(`adjustment request ${input.requestId} vanished after a conflicting insert`);
    const asked = input.asBonus ?? null;
    const stored = bonusTermsOf(first);
    const sameTerms =
      asked === null || stored === null
        ? asked === stored
        : asked.winMultiple === stored.winMultiple && asked.percentFail === stored.percentFail;
    const same =
      first.member_id === memberId &&
      first.amount_minor === BigInt(input.amountMinor) &&
      first.reason === input.reason &&
      sameTerms;
    if (!same) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return first;
  }

  private async answer(outcome: { adjustment: Adjustment; changed: boolean }): Promise<AdjustmentResponse> {
    const row = await this.deps.repository.findShown(this.deps.db, outcome.adjustment.public_id);
    if (!row) throw new Error(`adjustment ${outcome.adjustment.public_id} vanished`);
    return { adjustment: toBackoffice(row), changed: outcome.changed };
  }
}
