import type { Db } from '../../db/database.ts';
import type { BankTransferStatus, BankTransferUnmatchedReason } from '../../db/tables/deposits.table.ts';

/** An operator bank account of the deposit channels (AUTO or MANUAL: a QR gateway has none). */
export interface OperatorBankAccount {
  bank_code: string;
  account_no: string;
  account_name: string;
  currency: string;
  mode: 'AUTO' | 'MANUAL';
  enabled: boolean;
}

/** A transfer recorded on the account, with the member it went to, for a line's outcome. */
export interface RecordedTransfer {
  id: bigint;
  reference: string;
  status: BankTransferStatus;
  unmatched_reason: BankTransferUnmatchedReason | null;
  member_public_id: string | null;
  member_phone: string | null;
  member_name: string | null;
}

/** A transfer the bank feed or a slip recorded on the account (not a statement line). */
export interface OtherRecording {
  reference: string;
  amount_minor: bigint;
  sender_bank_code: string;
  transferred_at: Date;
}

/** References are looked up this many at a time. */
const REFERENCE_BATCH = 500;

/** All SQL of statement imports (docs/backoffice/statement-import.md). */
export class StatementImportRepository {
  bankAccounts(db: Db): Promise<OperatorBankAccount[]> {
    return db
      .selectFrom('deposit_channels')
      .select(['bank_code', 'account_no', 'account_name', 'currency', 'mode', 'enabled'])
      .where('mode', '<>', 'QR')
      .orderBy('currency')
      .orderBy('sort_order')
      .orderBy('id')
      .execute() as Promise<OperatorBankAccount[]>;
  }

  bankAccount(db: Db, accountNo: string): Promise<OperatorBankAccount | undefined> {
    return db
      .selectFrom('deposit_channels')
      .select(['bank_code', 'account_no', 'account_name', 'currency', 'mode', 'enabled'])
      .where('mode', '<>', 'QR')
      .where('account_no', '=', accountNo)
      .executeTakeFirst() as Promise<OperatorBankAccount | undefined>;
  }

  /** The transfers of `references` recorded on the account, with the member each was credited to. */
  async recorded(db: Db, accountNo: string, references: readonly string[]): Promise<RecordedTransfer[]> {
    const found: RecordedTransfer[] = [];
    for (let start = 0; start < references.length; start += REFERENCE_BATCH) {
      const batch = references.slice(start, start + REFERENCE_BATCH);
      const rows = await db
        .selectFrom('bank_transfers as t')
        .leftJoin('members as m', 'm.id', 't.member_id')
        .select([
          't.id',
          't.reference',
          't.status',
          't.unmatched_reason',
          'm.public_id as member_public_id',
          'm.phone as member_phone',
          'm.name as member_name',
        ])
        .where('t.operator_account_no', '=', accountNo)
        .where('t.reference', 'in', batch)
        .execute();
      found.push(...rows);
    }
    return found;
  }

  /**
   * Transfers on the account between `from` and `to` whose reference is not of a statement (`prefix-…`): the
   * bank feed's and the slips' records, which carry the bank's own references.
   */
  otherRecordings(db: Db, accountNo: string, prefix: string, from: Date, to: Date): Promise<OtherRecording[]> {
    return db
      .selectFrom('bank_transfers')
      .select(['reference', 'amount_minor', 'sender_bank_code', 'transferred_at'])
      .where('operator_account_no', '=', accountNo)
      .where('transferred_at', '>=', from)
      .where('transferred_at', '<', to)
      .where('reference', 'not like', `${prefix}-%`)
      .orderBy('transferred_at')
      .orderBy('id')
      .execute();
  }
}
