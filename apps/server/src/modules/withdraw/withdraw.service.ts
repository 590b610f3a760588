import { randomUUID } from 'node:crypto';
import type {
  BackofficeWithdrawal,
  WithdrawalCsvQuery,
  WithdrawalPage,
  WithdrawalQuery,
  WithdrawalReviewResponse,
} from '@member-wallet/contract/backoffice/withdrawals';
import { toMajor } from '@member-wallet/contract/money';
import type {
  MoneyActionResponse,
  PendingWithdrawalsResponse,
  WithdrawLookupResponse,
} from '@member-wallet/contract/wallet';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Payout, PayoutState } from '../../adapters/payout/payout.ts';
import type { Member } from '../../core/account/account.repository.ts';
import { type MemberFinder, sessionMember } from '../../core/account/session-member.ts';
import type { LedgerAccount } from '../../core/ledger/ledger.repository.ts';
import type { LedgerService, PostedEntry, PostInput } from '../../core/ledger/ledger.service.ts';
import type { AuditRecorder, OperatorActor } from '../../core/operator/audit-log.ts';
import type { FourEyes } from '../../core/operator/four-eyes.ts';
import type { SettingsService } from '../../core/settings/settings.service.ts';
import type { Database, Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { moneyInvariant } from '../../lib/money-invariant.ts';
import type { Withdrawal, WithdrawalRepository } from './withdraw.repository.ts';
import { type ReviewOutcome, WithdrawalReview } from './withdraw.review.ts';
import {
  FIRST_CHECK_DELAY_MS,
  type FinalPayoutState,
  type OtherPayouts,
  SETTLE_BATCH_MAX,
  WithdrawalSettler,
} from './withdraw.settle.ts';

export type { AuditRecorder } from '../../core/operator/audit-log.ts';
export type { ReviewOutcome } from './withdraw.review.ts';
export { FIRST_CHECK_DELAY_MS, type FinalPayoutState, type OtherPayouts, SETTLE_BATCH_MAX } from './withdraw.settle.ts';

/** Home's pending list shows at most this many withdrawals in progress. */
export const PENDING_WITHDRAWALS_MAX = 20;

/**
 * What withdrawals ask of a running bonus (docs/promotions/bonuses.md): a partial withdrawal is refused while one runs
 * (`BONUS_REMAINING`), and a withdraw-all first ends it, or is refused when its condition is not met.
 */
export interface WithdrawalBonusRules {
  hasActiveBonus(memberId: bigint): Promise<boolean>;
  endForWithdrawAll(memberId: bigint): Promise<void>;
}

export interface WithdrawalServiceDeps {
  db: Db;
  ledger: LedgerService;
  repository: WithdrawalRepository;
  members: MemberFinder;
  settings: SettingsService;
  bonus: WithdrawalBonusRules;
  payout: Payout;
  audit: AuditRecorder;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Every review locks its approver first (docs/backoffice/four-eyes.md, Races). */
  approvers: Pick<FourEyes, 'lockApprover'>;
}

export interface WithdrawInput {
  memberId: bigint;
  amountMinor: bigint;
  /** The request's Idempotency-Key: the ledger key derives from it, so a re-run moves nothing twice. */
  idempotencyKey: string;
  /** withdrawAll: the amount must be the whole wallet balance. */
  all: boolean;
}

/**
 * Withdrawals (docs/withdrawals.md): one ledger entry moves the amount from the wallet to withdrawal payable at
 * once, then the payout party is asked to pay the registered bank account. Its answer, a webhook or the
 * settler's poll settles the withdrawal exactly once: paid (payable -> payout clearing) or failed (the entry is
 * reversed, the money is back in the wallet).
 */
export class WithdrawalService {
  readonly #settler: WithdrawalSettler;
  readonly #review: WithdrawalReview;

  constructor(private readonly deps: WithdrawalServiceDeps) {
    this.#settler = new WithdrawalSettler(deps);
    this.#review = new WithdrawalReview(deps, this.#settler);
  }

  /** The payout party withdrawals pay through, for other payments out (refunds of bank transfers in suspense). */
  get payout(): Payout {
    return this.deps.payout;
  }

  /** Another kind of payment made through the same party: its webhook notifications are handed to it. */
  addPayoutListener(listener: OtherPayouts): void {
    this.#settler.addPayoutListener(listener);
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
      throw new AppError('KEY_INVALID', { amount: 'KEY_INVALID' });
    }
    if (input.all) await this.deps.bonus.endForWithdrawAll(member.id);
    else if (await this.deps.bonus.hasActiveBonus(member.id)) throw new AppError('BONUS_REMAINING');
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
      const balance = await this.deps.ledger.balanceOf(trx, wallet.id);
      if (posted.replayed) {
        // A re-run after a crash between the ledger commit and the stored answer: the row came with the entry.
        const existing = await this.deps.repository.findByEntry(trx, posted.entry.id);
        if (!existing) throw new Error(`withdrawal entry ${posted.entry.id} has no withdrawal`);
        return { withdrawal: existing, balance };
      }
      // What the entry moved is what was asked: the amount out of the wallet, into payable, and no wallet below 0.
      const moved = (account: bigint) => posted.postings.find((posting) => posting.account_id === account)?.amount;
      moneyInvariant(
        moved(wallet.id) === -input.amountMinor && moved(payable.id) === input.amountMinor && balance >= 0n,
        `a withdrawal of ${input.amountMinor} moved ${moved(wallet.id)} from the wallet, leaving ${balance}`,
      );
      // Checked on the locked, updated wallet, so a deposit or transfer racing this request cannot slip in.
      if (input.all && balance !== 0n) throw new AppError('KEY_INVALID', { amount: 'KEY_INVALID' });
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
    const current = this.payable(withdrawal) ? await this.#settler.requestPayout(withdrawal) : withdrawal;
    return {
      message: 'SUCCESS',
      wallet: { amount: toMajor(current.status === 'FAILED' ? balance + current.amount_minor : balance) },
      status: current.status,
      reference: current.public_id,
    };
  }

  /** The member's withdrawals not settled yet, newest first (home's pending list, docs/live.md). */
  async pending(memberId: bigint): Promise<PendingWithdrawalsResponse> {
    const rows = await this.deps.repository.listInProgress(this.deps.db, memberId, PENDING_WITHDRAWALS_MAX);
    return {
      withdrawals: rows.map((row) => ({
        id: row.public_id,
        amount: toMajor(row.amount_minor),
        currency: row.currency,
        review: row.review === 'awaiting',
        createdAt: row.created_at.toISOString(),
      })),
    };
  }

  /** In progress and cleared to be paid: auto-approved, or approved by an operator. */
  private payable(withdrawal: Withdrawal): boolean {
    return withdrawal.status === 'IN_PROGRESS' && withdrawal.review !== 'awaiting';
  }

  /** An operator approves a withdrawal waiting for review, then it is paid (withdraw.review.ts). */
  approve(publicId: string, operator: OperatorActor): Promise<ReviewOutcome> {
    return this.#review.approve(publicId, operator);
  }

  /** An operator rejects a withdrawal waiting for review: the money is back in the wallet (withdraw.review.ts). */
  reject(publicId: string, operator: OperatorActor, reason: string): Promise<ReviewOutcome> {
    return this.#review.reject(publicId, operator, reason);
  }

  backofficePage(query: WithdrawalQuery): Promise<WithdrawalPage> {
    return this.#review.backofficePage(query);
  }

  backofficeAll(query: WithdrawalCsvQuery, batchSize?: number): AsyncGenerator<BackofficeWithdrawal> {
    return this.#review.backofficeAll(query, batchSize);
  }

  backofficeReview(outcome: ReviewOutcome): Promise<WithdrawalReviewResponse> {
    return this.#review.backofficeReview(outcome);
  }

  /** Settles a withdrawal with the party's final answer, exactly once (withdraw.settle.ts). */
  settle(publicId: string, state: FinalPayoutState): Promise<Withdrawal | undefined> {
    return this.#settler.settle(publicId, state);
  }

  /** The settler's pass, also run on demand (withdraw.settle.ts). */
  settlePending(limit = SETTLE_BATCH_MAX): Promise<{ checked: number; settled: number }> {
    return this.#settler.settlePending(limit);
  }

  /** Applies a webhook notification that passed the signature check; answers whether it named a withdrawal. */
  notified(event: { eventId: string; reference: string; state: PayoutState }): Promise<boolean> {
    return this.#settler.notified(event);
  }

  /** withdrawAll: an amount above the balance means the balance is no longer what the member saw. */
  private async post(trx: Transaction<Database>, input: WithdrawInput, entry: PostInput): Promise<PostedEntry> {
    try {
      return await this.deps.ledger.post(trx, entry);
    } catch (error) {
      if (input.all && error instanceof AppError && error.code === 'MONEY_NOT_ENOUGH') {
        throw new AppError('KEY_INVALID', { amount: 'KEY_INVALID' });
      }
      throw error;
    }
  }

  private member(memberId: bigint): Promise<Member> {
    return sessionMember(this.deps.members, memberId);
  }

  private async accounts(member: Member): Promise<{ wallet: LedgerAccount; payable: LedgerAccount }> {
    const wallet = await this.deps.ledger.memberWallet(this.deps.db, member.id, member.currency);
    const { payable } = await this.#settler.systemAccounts(member.currency);
    return { wallet, payable };
  }
}
