import { bankAccountNoFormat } from '@member-wallet/contract/bank-account-no';
import { type Insertable, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import type { BankTransfersTable } from '../../db/tables/deposits.table.ts';

export type BankTransfer = Selectable<BankTransfersTable>;
export type NewBankTransfer = Insertable<BankTransfersTable>;

export interface MemberByBankAccount {
  id: bigint;
  status: 'active' | 'inactive';
  currency: string;
  bank_account_no: string;
  bank_account_name: string;
}

/**
 * The members a masked number's pattern may find before the names narrow them down. More than this is
 * ambiguous whatever the names say, and goes to suspense.
 */
const CANDIDATES_MAX = 50;

/** All SQL of the bank feed matcher (docs/deposits/bank-transfers.md). */
export class BankFeedRepository {
  async cursorOf(db: Db, feed: string): Promise<string | null> {
    const row = await db.selectFrom('bank_feed_cursors').select('cursor').where('feed', '=', feed).executeTakeFirst();
    return row?.cursor ?? null;
  }

  async saveCursor(db: Db, feed: string, cursor: string, now: Date): Promise<void> {
    await db
      .insertInto('bank_feed_cursors')
      .values({ feed, cursor, updated_at: now })
      .onConflict((oc) => oc.column('feed').doUpdateSet({ cursor, updated_at: now }))
      .execute();
  }

  /**
   * Members of the bank whose registered account is LIKE one of the shown number's patterns (masked-match.ts
   * accountPatterns), at most CANDIDATES_MAX. A registered number that does not fit the bank's length (stored
   * before it was checked: `0` + a number, issue 39 finding 3) is no account of that bank and sent nothing: it is
   * left out, so it neither takes another member's transfer nor makes it ambiguous (docs/accounts.md).
   */
  async membersByAccountPatterns(
    db: Db,
    bankCode: string,
    patterns: readonly string[],
  ): Promise<MemberByBankAccount[]> {
    // The length is asked before the limit, so padded numbers, however many, never crowd the real account out.
    const { min, max } = bankAccountNoFormat(bankCode);
    return db
      .selectFrom('members')
      .select(['id', 'status', 'currency', 'bank_account_no', 'bank_account_name'])
      .where('bank_code', '=', bankCode)
      .where((eb) => eb.or(patterns.map((pattern) => eb('bank_account_no', 'like', pattern))))
      .where(sql<boolean>`bank_account_no ~ '^[0-9]+$' and char_length(bank_account_no) between ${min} and ${max}`)
      .orderBy('id')
      .limit(CANDIDATES_MAX)
      .execute();
  }

  /**
   * Transfers recorded on the operator account with this amount and sender bank between two times: the records of
   * one transfer under another reference (a statement line has none of the bank's), docs/deposits/slips.md.
   */
  transfersNear(
    db: Db,
    near: { operatorAccountNo: string; amountMinor: bigint; senderBankCode: string; from: Date; to: Date },
  ): Promise<BankTransfer[]> {
    return db
      .selectFrom('bank_transfers')
      .selectAll()
      .where('operator_account_no', '=', near.operatorAccountNo)
      .where('amount_minor', '=', near.amountMinor)
      .where('sender_bank_code', '=', near.senderBankCode)
      .where('transferred_at', '>=', near.from)
      .where('transferred_at', '<=', near.to)
      .limit(CANDIDATES_MAX)
      .execute();
  }

  findTransfer(db: Db, operatorAccountNo: string, reference: string): Promise<BankTransfer | undefined> {
    return db
      .selectFrom('bank_transfers')
      .selectAll()
      .where('operator_account_no', '=', operatorAccountNo)
      .where('reference', '=', reference)
      .executeTakeFirst();
  }

  /**
   * Records a transfer unless its reference is already recorded for the operator account; a racer recording the
   * same one waits here for the first one's commit, then records nothing. Answers the new row's id, or undefined.
   */
  async insertTransferIfAbsent(trx: Transaction<Database>, transfer: NewBankTransfer): Promise<bigint | undefined> {
    const row = await trx
      .insertInto('bank_transfers')
      .values(transfer)
      .onConflict((oc) => oc.columns(['operator_account_no', 'reference']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  async setEntry(trx: Transaction<Database>, id: bigint, entryId: bigint, now: Date): Promise<void> {
    await trx.updateTable('bank_transfers').set({ entry_id: entryId, updated_at: now }).where('id', '=', id).execute();
  }
}
