import type { Transaction } from 'kysely';
import type { LedgerService } from '../../core/ledger/ledger.service.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { BonusRepository } from './bonus.repository.ts';

/** Money that has just come back from a game account into a member's wallet, in the transaction crediting it. */
export interface GameMoneyReturned {
  memberId: bigint;
  currency: string;
  walletId: bigint;
  amountMinor: bigint;
  /** The game transfer that brought it: names the payments, so a replayed settlement pays nothing twice. */
  transferId: string;
}

/** What the games module calls when money comes back from a game account; the bonus module answers it. */
export interface BonusDebtCollector {
  /** Pays what cancelled bonuses still owe from `money`, oldest first; answers the amount taken. */
  collect(trx: Transaction<Database>, money: GameMoneyReturned): Promise<bigint>;
}

/**
 * The part of a cancelled bonus the wallet could not pay when it was cancelled, because the money was in game
 * accounts (docs/promotions/bonuses.md, "Where the bonus money goes"): each transfer back from a game pays it first, as a
 * `finish_bonus` entry wallet -> bonus expense, in the transaction that credits the transfer. The debts are
 * locked, so two transfers settling at once pay each debt once.
 */
export class BonusDebts implements BonusDebtCollector {
  constructor(private readonly deps: { ledger: LedgerService; repository: BonusRepository; clock: Clock }) {}

  async collect(trx: Transaction<Database>, money: GameMoneyReturned): Promise<bigint> {
    const { ledger, repository } = this.deps;
    let left = money.amountMinor;
    for (const debt of await repository.lockOwed(trx, money.memberId)) {
      if (left <= 0n) break;
      const paid = debt.owed_minor < left ? debt.owed_minor : left;
      const expense = await ledger.accountId(trx, {
        kind: 'bonus_expense',
        memberId: null,
        providerCode: null,
        currency: debt.currency,
      });
      await ledger.post(trx, {
        memberId: money.memberId,
        type: 'finish_bonus',
        status: 'completed',
        idempotencyKey: `finish_bonus:${debt.public_id}:${money.transferId}`,
        reference: { ...(await repository.entryReference(trx, debt.entry_id)), transferId: money.transferId },
        postings: [
          { account: money.walletId, amount: -paid },
          { account: expense, amount: paid },
        ],
      });
      await repository.payOwed(trx, debt.id, paid, this.deps.clock.now());
      left -= paid;
    }
    return money.amountMinor - left;
  }
}
