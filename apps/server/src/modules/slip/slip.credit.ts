import { asciiDigits } from '@member-wallet/contract/bank-account-no';
import type { Transaction } from 'kysely';
import type { VerifiedTransfer } from '../../adapters/slip-verifier/slip-verifier.ts';
import type { Member } from '../../core/account/account.repository.ts';
import type { LedgerAccount } from '../../core/ledger/ledger.repository.ts';
import type { LedgerService } from '../../core/ledger/ledger.service.ts';
import { heldReasonOf, type Refusal } from '../../core/safer-play/safer-play.gate.ts';
import type { Database } from '../../db/database.ts';
import type { HeldReason } from '../../db/tables/deposits.table.ts';
import type { Clock } from '../../lib/clock.ts';
import type { BankFeedRepository, DepositHold } from '../bank-feed/bank-feed.module.ts';

/** The accounts a slip's credit moves: deposit clearing, and the member's wallet or suspense when it is held. */
export interface CreditAccounts {
  wallet: LedgerAccount;
  clearing: LedgerAccount;
  suspense: bigint;
}

export interface SlipCreditDeps {
  ledger: LedgerService;
  transfers: BankFeedRepository;
  clock: Clock;
  saferPlay: DepositHold;
}

export interface SlipCredit {
  transferId: bigint;
  entryId: bigint;
  /** Why the money was held in suspense instead of credited (docs/safer-play.md); null: credited. */
  held: Refusal | null;
}

/**
 * In the caller's transaction: records the transfer as the slip's (inserted first: a transfer the feed or
 * another slip recorded answers undefined and moves nothing) and credits it to the member under the bank
 * feed's ledger key, or, past the member's own deposit limit or during their block, holds it in suspense as
 * the bank feed does (the money has arrived: it cannot be refused, only returned by an operator).
 */
export async function recordSlipCredit(
  deps: SlipCreditDeps,
  trx: Transaction<Database>,
  accounts: CreditAccounts,
  input: { transfer: VerifiedTransfer; operatorAccountNo: string; member: Member; slipId: string },
): Promise<SlipCredit | undefined> {
  const { ledger, transfers, clock } = deps;
  const { transfer, operatorAccountNo, member } = input;
  const now = clock.now();
  const held = await deps.saferPlay.deposit(trx, member.id, transfer.amountMinor);
  const reason: HeldReason | null = held ? heldReasonOf(held) : null;
  const transferId = await transfers.insertTransferIfAbsent(trx, {
    reference: transfer.reference,
    operator_account_no: operatorAccountNo,
    sender_bank_code: transfer.sender.bankCode ?? '',
    // As the party shows it, its Thai, Lao or full-width digits as ASCII ones (docs/accounts.md).
    sender_account_no: asciiDigits(transfer.sender.account ?? ''),
    amount_minor: transfer.amountMinor,
    currency: transfer.currency,
    transferred_at: transfer.transferredAt,
    status: reason ? 'unmatched' : 'matched',
    unmatched_reason: reason,
    member_id: member.id,
    recorded_by: 'slip',
    created_at: now,
    updated_at: now,
  });
  if (transferId === undefined) return undefined;
  const posted = await ledger.postDeposit(trx, {
    // Held money belongs to nobody's statement: suspense, with no member.
    memberId: reason ? null : member.id,
    idempotencyKey: `bank:${operatorAccountNo}:${transfer.reference}`,
    reference: { source: transfer.sender.bankCode ?? '', slip: transfer.reference },
    metadata: {
      operatorAccountNo,
      senderAccountNo: transfer.sender.account,
      slipId: input.slipId,
      ...(reason ? { unmatched: reason } : {}),
    },
    from: accounts.clearing.id,
    to: reason ? accounts.suspense : accounts.wallet.id,
    amountMinor: transfer.amountMinor,
  });
  await transfers.setEntry(trx, transferId, posted.entry.id, now);
  return { transferId, entryId: posted.entry.id, held };
}
