import type { BackofficeBankTransfer } from '@member-wallet/contract/backoffice/suspense';
import type { AuditActor, AuditRecord } from '../../core/operator/audit-log.ts';
import type { BankTransfer } from '../bank-feed/bank-feed.module.ts';
import type { SuspenseRow } from './suspense.backoffice.repository.ts';

/** How a transfer in suspense is shown to operators and written to the audit log. */

function stateOf(row: BankTransfer): BackofficeBankTransfer['state'] {
  if (row.settled_at !== null) return 'settled';
  return row.refund_status === 'pending' ? 'refunding' : 'open';
}

export function toBackoffice(row: SuspenseRow): BackofficeBankTransfer {
  return {
    id: String(row.id),
    reference: row.reference,
    reason: row.unmatched_reason,
    sender: { bankCode: row.sender_bank_code, accountNo: row.sender_account_no },
    operatorAccountNo: row.operator_account_no,
    amountMinor: String(row.amount_minor),
    currency: row.currency,
    transferredAt: row.transferred_at.toISOString(),
    state: stateOf(row),
    settledAs: row.settled_as,
    settledBy: row.settler,
    settledAt: row.settled_at?.toISOString() ?? null,
    member:
      row.member_public_id === null
        ? null
        : { id: row.member_public_id, phone: row.member_phone ?? '', name: row.member_name ?? '' },
    heldFor:
      row.held_public_id === null
        ? null
        : { id: row.held_public_id, phone: row.held_phone ?? '', name: row.held_name ?? '' },
    note: row.settle_note,
    refundAttempts: row.refund_attempts,
    createdAt: row.created_at.toISOString(),
  };
}

function auditState(row: BankTransfer) {
  return {
    state: stateOf(row),
    amountMinor: String(row.amount_minor),
    currency: row.currency,
    settledAs: row.settled_as,
    memberId: row.settled_member_id === null ? null : String(row.settled_member_id),
    entryId: row.settled_entry_id === null ? null : String(row.settled_entry_id),
    refundReference: row.refund_reference,
    note: row.settle_note,
  };
}

export function audit(actor: AuditActor, action: string, before: BankTransfer, after: BankTransfer): AuditRecord {
  return { actor, action, target: `bank-transfer:${before.id}`, before: auditState(before), after: auditState(after) };
}
