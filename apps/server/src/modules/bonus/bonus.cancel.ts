import type { Country } from '@member-wallet/contract/constants';
import type { Transaction } from 'kysely';
import type { Member } from '../../core/account/account.repository.ts';
import type { LedgerAccount } from '../../core/ledger/ledger.repository.ts';
import type { JsonValue, LedgerService } from '../../core/ledger/ledger.service.ts';
import type { Database, Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import type { BonusDefinition, BonusRepository, MemberBonus } from './bonus.repository.ts';
import { statementText, takeBack } from './bonus.rules.ts';

export interface EndDeps {
  db: Db;
  ledger: LedgerService;
  repository: BonusRepository;
  clock: Clock;
  country: Country;
}

/** The running bonus to end, the accounts a cancel moves money between, and how it ends. */
export interface Ending {
  member: Member;
  rowId: bigint;
  definition: BonusDefinition;
  wallet: LedgerAccount;
  expense: LedgerAccount;
  /**
   * Null clears the bonus; else it is cancelled: `due` (dueOnCancel) is taken back out of `holding`, what the
   * member holds (wallet and game accounts).
   */
  cancel: { holdingMinor: bigint; dueMinor: bigint } | null;
}

/**
 * Ends the running bonus once (the row is locked; a second request finds it ended and answers undefined).
 * Cleared: nothing is taken back. Cancelled: what is due is taken back out of what the member holds: the
 * wallet's share now, as a `finish_bonus` entry, the rest owed (`takeBack`).
 */
export function endBonus(deps: EndDeps, ending: Ending): Promise<MemberBonus | undefined> {
  const { db, ledger, repository, clock } = deps;
  const { member, rowId, definition, wallet, expense, cancel } = ending;
  return transactionWithRetry(db, async (trx) => {
    const row = await repository.lockActive(trx, member.id);
    if (!row || row.id !== rowId) return undefined;
    const now = clock.now();
    if (cancel === null) {
      return repository.markEnded(trx, row.id, {
        status: 'cleared',
        endEntryId: null,
        takenBackMinor: 0n,
        owedMinor: 0n,
        now,
      });
    }
    const walletMinor = (await ledger.lockBalance(trx, wallet.id)) ?? 0n;
    // The holding was measured before this transaction; money moved since from a game into the wallet is in
    // both, so the wallet as locked now counts when it is larger.
    const holding = cancel.holdingMinor > walletMinor ? cancel.holdingMinor : walletMinor;
    const { fromWallet, owed } = takeBack(cancel.dueMinor, walletMinor, holding);
    let endEntryId: bigint | null = null;
    if (fromWallet > 0n) {
      const posted = await ledger.post(trx, {
        memberId: member.id,
        type: 'finish_bonus',
        status: 'completed',
        idempotencyKey: `finish_bonus:${row.public_id}`,
        reference: await endReference(deps, trx, row, definition),
        postings: [
          { account: wallet.id, amount: -fromWallet },
          { account: expense.id, amount: fromWallet },
        ],
      });
      endEntryId = posted.entry.id;
    }
    return repository.markEnded(trx, row.id, {
      status: 'cancelled',
      endEntryId,
      takenBackMinor: fromWallet,
      owedMinor: owed,
      now,
    });
  });
}

/** A cancel's entry is described as the bonus's own: a reward's as the reward was (its entry's reference). */
async function endReference(
  deps: EndDeps,
  trx: Transaction<Database>,
  row: MemberBonus,
  definition: BonusDefinition,
): Promise<Record<string, JsonValue>> {
  if (definition.kind === 'reward') return deps.repository.entryReference(trx, row.entry_id);
  return { [definition.kind]: { description: statementText(definition, deps.country) }, bonusCode: definition.code };
}
