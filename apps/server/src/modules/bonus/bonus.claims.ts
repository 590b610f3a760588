import { randomUUID } from 'node:crypto';
import type { Country } from '@member-wallet/contract/constants';
import type { Transaction } from 'kysely';
import type { Member } from '../../core/account/account.repository.ts';
import type { LedgerAccount } from '../../core/ledger/ledger.repository.ts';
import type { LedgerService } from '../../core/ledger/ledger.service.ts';
import type { PersonService } from '../../core/person/person.service.ts';
import type { Database } from '../../db/database.ts';
import { type Clock, HOUR_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { siteTimeZone } from '../../lib/local-calendar.ts';
import { countingSince } from './bonus.period.ts';
import type { BonusDefinition, BonusRepository, MemberBonus } from './bonus.repository.ts';
import { bonusAmount, statementText } from './bonus.rules.ts';

export interface ClaimDeps {
  repository: BonusRepository;
  ledger: LedgerService;
  clock: Clock;
  country: Country;
  /** A bonus's receipts count over every account of the member's person (docs/accounts.md). */
  people: Pick<PersonService, 'accountsOf'>;
}

/** A member's claim of a bonus of the grid (`bonus`) or a promotion code (`promotion`), accounts named. */
export interface Claim {
  member: Member;
  definition: BonusDefinition;
  wallet: LedgerAccount;
  expense: LedgerAccount;
  kind: 'bonus' | 'promotion';
}

/**
 * Activates a bonus in `trx` (docs/promotions/bonuses.md): refused while another runs, past
 * the member's or everyone's limit, or without a qualifying deposit for a percentage; else the bonus is credited
 * from the bonus expense account once, and the member's bonus starts with the definition's end terms.
 */
export async function claimIn(deps: ClaimDeps, trx: Transaction<Database>, claim: Claim): Promise<MemberBonus> {
  const { repository, ledger, clock } = deps;
  const { member, definition, wallet, expense, kind } = claim;
  // The definition's row is the lock every activation of this bonus takes: counts cannot race past limits.
  await repository.lockDefinition(trx, definition.id);
  if (await repository.lockActive(trx, member.id)) throw new AppError('BONUS_ALREADY_ACTIVE');
  const now = clock.now();
  const since = countingSince(definition.type, now, siteTimeZone(deps.country));
  const accounts = await deps.people.accountsOf(trx, member.id);
  if ((await repository.countReceived(trx, accounts, definition.id, since)) >= definition.max_received) {
    throw new AppError(kind === 'promotion' ? 'PROMOTION_RECEIVED' : 'BONUS_MAX_CLAIMED');
  }
  if (definition.total_max !== null && (await repository.countAll(trx, definition.id)) >= definition.total_max) {
    throw new AppError('BONUS_FULL');
  }
  let deposit: { entryId: bigint; amountMinor: bigint } | undefined;
  if (definition.amount_rule === 'deposit_percent') {
    const windowStart = new Date(now.getTime() - (definition.deposit_window_hours ?? 0) * HOUR_MS);
    deposit = await repository.findQualifyingDeposit(trx, member.id, wallet.id, windowStart);
    if (!deposit) throw new AppError('BONUS_CONDITION');
  }
  const amount = bonusAmount(definition, deposit?.amountMinor ?? null);
  if (amount <= 0n) throw new AppError('BONUS_CONDITION');
  const publicId = randomUUID();
  const posted = await ledger.creditReward(trx, {
    memberId: member.id,
    idempotencyKey: `bonus:${publicId}`,
    reference: { [kind]: { description: statementText(definition, deps.country) }, bonusCode: definition.code },
    from: expense.id,
    to: wallet.id,
    amountMinor: amount,
  });
  const inserted = await repository.insertActive(trx, {
    public_id: publicId,
    member_id: member.id,
    bonus_id: definition.id,
    status: 'active',
    amount_minor: amount,
    currency: member.currency,
    deposit_entry_id: deposit?.entryId ?? null,
    entry_id: posted.entry.id,
    activated_at: now,
    // The end terms travel with the received bonus: an operator's later change of the definition leaves them.
    win_multiple: definition.win_multiple,
    end_below_minor: definition.end_below_minor,
    percent_fail: definition.percent_fail,
  });
  // Another activation of this member won the unique index: this transaction (and its credit) is undone.
  if (!inserted) throw new AppError('BONUS_ALREADY_ACTIVE');
  return inserted;
}
