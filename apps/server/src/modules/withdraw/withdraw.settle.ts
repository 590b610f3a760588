import type { FastifyBaseLogger } from 'fastify';
import { type Payout, type PayoutState, PayoutUnavailableError } from '../../adapters/payout/payout.ts';
import type { LedgerAccount } from '../../core/ledger/ledger.repository.ts';
import type { LedgerService } from '../../core/ledger/ledger.service.ts';
import type { Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import { type Clock, HOUR_MS, MINUTE_MS, SECOND_MS } from '../../lib/clock.ts';
import type { Withdrawal, WithdrawalRepository } from './withdraw.repository.ts';

/** The settler's first look at a withdrawal: the webhook normally settles it well before. */
export const FIRST_CHECK_DELAY_MS = MINUTE_MS;
/** Later looks back off from 15 s, doubling, to at most an hour; a payout is never given up on by itself. */
const CHECK_BACKOFF_BASE_MS = 15 * SECOND_MS;
const CHECK_BACKOFF_MAX_MS = HOUR_MS;
/** Withdrawals one settler pass looks at. */
export const SETTLE_BATCH_MAX = 50;
const WEBHOOK_EVENTS_KEPT_MS = HOUR_MS;

/** A payout outcome the payout party has given: final. */
export type FinalPayoutState = Extract<PayoutState, { status: 'paid' | 'failed' }>;

/** Payments other than withdrawals made through the payout party; `notified` answers whether the reference is one. */
export interface OtherPayouts {
  notified(event: { reference: string; state: PayoutState }): Promise<boolean>;
}

export interface WithdrawalSettlerDeps {
  db: Db;
  ledger: LedgerService;
  repository: WithdrawalRepository;
  payout: Payout;
  clock: Clock;
  logger: FastifyBaseLogger;
}

function backoff(attempts: number): number {
  return Math.min(CHECK_BACKOFF_BASE_MS * 2 ** Math.min(attempts, 20), CHECK_BACKOFF_MAX_MS);
}

/**
 * Pays withdrawals and settles them (docs/withdrawals.md): the payout party is asked to pay once the ledger has
 * moved the money; its answer, a webhook or the settler's poll settles the withdrawal exactly once: paid
 * (payable -> payout clearing) or failed (the entry is reversed, the money is back in the wallet).
 */
export class WithdrawalSettler {
  readonly #others: OtherPayouts[] = [];

  constructor(private readonly deps: WithdrawalSettlerDeps) {}

  /** Another kind of payment made through the same party: its webhook notifications are handed to it. */
  addPayoutListener(listener: OtherPayouts): void {
    this.#others.push(listener);
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
      const settled = await ledger.settlePayout(trx, {
        entryId: withdrawal.entry_id,
        amountMinor: withdrawal.amount_minor,
        payable: payable.id,
        clearing: clearing.id,
        outcome:
          state.status === 'paid'
            ? {
                paid: true,
                idempotencyKey: `payout:${publicId}`,
                reference: { withdrawal: publicId, payout: state.payoutId },
              }
            : { paid: false, reason: state.reason },
      });
      if (state.status === 'paid') {
        return repository.markSettled(trx, withdrawal.id, {
          status: 'SUCCESS',
          failureReason: null,
          payoutReference: state.payoutId,
          settleEntryId: settled.entry.id,
          now,
        });
      }
      return repository.markSettled(trx, withdrawal.id, {
        status: 'FAILED',
        failureReason: state.reason.slice(0, 200),
        payoutReference: state.payoutId ?? withdrawal.payout_reference,
        settleEntryId: settled.entry.id,
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
      for (const other of this.#others) if (await other.notified(event)) return true;
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

  /** Asks the payout party to pay the withdrawal and applies its answer; an unknown outcome waits for the settler. */
  async requestPayout(withdrawal: Withdrawal): Promise<Withdrawal> {
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

  /** The system accounts a withdrawal's money moves through in its currency. */
  async systemAccounts(currency: string): Promise<{ payable: LedgerAccount; clearing: LedgerAccount }> {
    const { ledger, db } = this.deps;
    const system = { memberId: null, providerCode: null, currency };
    return {
      payable: await ledger.ensureAccount(db, { kind: 'withdrawal_payable', ...system }),
      clearing: await ledger.ensureAccount(db, { kind: 'payout_clearing', ...system }),
    };
  }
}
