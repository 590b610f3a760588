import { type Kysely, type Migration, sql } from 'kysely';

/**
 * SANDBOX ONLY. The sandbox bank's transfers may name their sender (`fromAccountName` of
 * `POST /sandbox/bank/transfers`), which the sandbox SlipOK shows as a real one does: cut, Thai with its title
 * or English in capitals (docs/parties/slip-verifier.md). Null for transfers injected without one. Frozen in
 * time like every migration (its checksum is 0002_transfer_sender_names.sha256 beside it).
 */
export const transferSenderNames: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table sandbox_bank_transfers add column sender_account_name text`.execute(db);
  },
};
