import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { HeldReason } from '../../db/tables/deposits.table.ts';
import type { BankFeedRepository } from './bank-feed.repository.ts';

/** A payment that reached a member through a party other than the bank feed, held for their limit or block. */
export interface HeldPayment {
  /** The party's channel: the QR gateway, or `TRUEMONEY`. */
  channel: string;
  /** What names the payment at the party, unique there. */
  reference: string;
  /** The payer as the party names it, when it does; else the party's reference. */
  payer: string;
  recordedBy: 'qr' | 'voucher';
  memberId: bigint;
  reason: HeldReason;
  amountMinor: bigint;
  currency: string;
  paidAt: Date;
  /** The suspense entry the money went to. */
  entryId: bigint;
}

/**
 * Makes a held QR payment or gift link a row of the operators' suspense queue, as a held bank transfer is
 * (docs/safer-play.md): the channel stands for the operator account, the party's reference for the bank's, and an
 * operator returns it (Refund, to the account the payer gives) or, once the member's limit allows it, assigns it.
 */
export async function recordHeldPayment(
  trx: Transaction<Database>,
  transfers: BankFeedRepository,
  payment: HeldPayment,
  now: Date,
): Promise<void> {
  const id = await transfers.insertTransferIfAbsent(trx, {
    reference: payment.reference.slice(0, 100),
    operator_account_no: payment.channel.slice(0, 40),
    sender_bank_code: payment.channel.slice(0, 20),
    sender_account_no: payment.payer.slice(0, 40),
    amount_minor: payment.amountMinor,
    currency: payment.currency,
    transferred_at: payment.paidAt,
    status: 'unmatched',
    unmatched_reason: payment.reason,
    member_id: payment.memberId,
    recorded_by: payment.recordedBy,
    created_at: now,
    updated_at: now,
  });
  if (id === undefined) throw new Error(`held payment ${payment.channel}:${payment.reference} recorded twice`);
  await transfers.setEntry(trx, id, payment.entryId, now);
}
