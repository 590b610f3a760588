import { type ExpressionBuilder, type Insertable, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import type {
  JournalEntriesTable,
  JournalEntryStatus,
  LedgerAccountKind,
  LedgerAccountsTable,
  PostingsTable,
} from '../../db/tables/ledger.table.ts';

export type LedgerAccount = Selectable<LedgerAccountsTable>;
export type JournalEntry = Selectable<JournalEntriesTable>;
export type Posting = Selectable<PostingsTable>;
export type NewJournalEntry = Insertable<JournalEntriesTable>;
export type NewPosting = Insertable<PostingsTable>;

/** What names an account: at most one account exists per key. */
export interface AccountKey {
  kind: LedgerAccountKind;
  memberId: bigint | null;
  providerCode: string | null;
  currency: string;
}

/** A locked account row: just what `post` needs to check and move money. */
export type LockedAccount = Pick<LedgerAccount, 'id' | 'kind' | 'member_id' | 'currency' | 'balance'>;

export interface BalanceDrift {
  accountId: bigint;
  stored: bigint;
  derived: bigint;
}

/** One string for a member's idempotency key, to look pairs up in a Set. */
export function memberKey(memberId: bigint | null, key: string): string {
  return `${memberId ?? ''}|${key}`;
}

/** The `is not distinct from` of a nullable column, which Kysely spells as `is` or `=`. */
function sameOrNull<C extends 'member_id' | 'provider_code'>(
  eb: ExpressionBuilder<Database, 'ledger_accounts'>,
  column: C,
  value: bigint | string | null,
) {
  return value === null ? eb(column, 'is', null) : eb(column, '=', value as never);
}

/**
 * All SQL of the ledger. Every method takes the executor to run on: writes and locks take a `Transaction`, so
 * they cannot be called outside one (STYLE.md 10); reads take any `Db`.
 */
export class LedgerRepository {
  /** Creates the account if absent; answers undefined when it already existed (or a racer created it). */
  insertAccountIfAbsent(db: Db, key: AccountKey): Promise<LedgerAccount | undefined> {
    return db
      .insertInto('ledger_accounts')
      .values({ kind: key.kind, member_id: key.memberId, provider_code: key.providerCode, currency: key.currency })
      .onConflict((oc) => oc.constraint('ledger_accounts_identity_key').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  findAccount(db: Db, key: AccountKey): Promise<LedgerAccount | undefined> {
    return db
      .selectFrom('ledger_accounts')
      .selectAll()
      .where('kind', '=', key.kind)
      .where('currency', '=', key.currency)
      .where((eb) => sameOrNull(eb, 'member_id', key.memberId))
      .where((eb) => sameOrNull(eb, 'provider_code', key.providerCode))
      .executeTakeFirst();
  }

  async balanceOf(db: Db, id: bigint): Promise<bigint | undefined> {
    const row = await db.selectFrom('ledger_accounts').select('balance').where('id', '=', id).executeTakeFirst();
    return row?.balance;
  }

  findAccountById(db: Db, id: bigint): Promise<LedgerAccount | undefined> {
    return db.selectFrom('ledger_accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Locks the rows in ascending id order, whoever calls: two transactions touching the same accounts queue up
   * instead of each holding one row the other waits for (a deadlock).
   */
  lockAccounts(trx: Transaction<Database>, ids: readonly bigint[]): Promise<LockedAccount[]> {
    return trx
      .selectFrom('ledger_accounts')
      .select(['id', 'kind', 'member_id', 'currency', 'balance'])
      .where('id', 'in', ids)
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  /**
   * Inserts postings (of one entry or of several) and adds each to its account's balance, in one statement (one
   * round trip on the hot path of every movement). The accounts must be locked already. An account named by
   * several entries moves once, by their sum. Answers the postings in id order.
   */
  async insertPostingsAndMove(
    trx: Transaction<Database>,
    postings: readonly { entryId: bigint; account: bigint; amount: bigint }[],
    now: Date,
  ): Promise<Posting[]> {
    if (postings.length === 0) return [];
    const rows = sql.join(
      postings.map(
        (posting) => sql`(${posting.entryId}::bigint, ${posting.account}::bigint, ${posting.amount}::bigint)`,
      ),
    );
    const result = await sql<Posting>`
      with v (entry_id, account_id, delta) as (values ${rows}),
      moved as (
        update ledger_accounts set balance = ledger_accounts.balance + s.delta
        from (select account_id, sum(delta)::bigint as delta from v group by account_id) as s
        where ledger_accounts.id = s.account_id
      )
      insert into postings (entry_id, account_id, amount, created_at)
      select v.entry_id, v.account_id, v.delta, ${now}::timestamptz from v
      returning *`.execute(trx);
    return result.rows.sort((a, b) => (a.id < b.id ? -1 : 1));
  }

  findEntry(db: Db, id: bigint): Promise<JournalEntry | undefined> {
    return db.selectFrom('journal_entries').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Locks the entry so that completing and reversing it happen one at a time. */
  lockEntry(trx: Transaction<Database>, id: bigint): Promise<JournalEntry | undefined> {
    return trx.selectFrom('journal_entries').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  findEntryByKey(db: Db, memberId: bigint | null, idempotencyKey: string): Promise<JournalEntry | undefined> {
    return db
      .selectFrom('journal_entries')
      .selectAll()
      .where((eb) => (memberId === null ? eb('member_id', 'is', null) : eb('member_id', '=', memberId)))
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
  }

  /** Which of these (member, key) pairs name an entry already; one statement for a batch of member entries. */
  async findMemberKeys(db: Db, keys: readonly { memberId: bigint; key: string }[]): Promise<Set<string>> {
    const pairs = sql.join(keys.map(({ memberId, key }) => sql`(${memberId}::bigint, ${key}::text)`));
    const result = await sql<{ member_id: bigint; idempotency_key: string }>`
      select member_id, idempotency_key from journal_entries
      where (member_id, idempotency_key) in (${pairs})`.execute(db);
    return new Set(result.rows.map((row) => memberKey(row.member_id, row.idempotency_key)));
  }

  findReversalOf(db: Db, entryId: bigint): Promise<JournalEntry | undefined> {
    return db.selectFrom('journal_entries').selectAll().where('reversal_of', '=', entryId).executeTakeFirst();
  }

  /**
   * Inserts the entry unless its (member, idempotency key) exists. A racer holding the same key makes this
   * wait for the racer's commit or rollback, then answer undefined (it committed) or insert (it rolled back).
   */
  insertEntryIfNew(trx: Transaction<Database>, entry: NewJournalEntry): Promise<JournalEntry | undefined> {
    return trx
      .insertInto('journal_entries')
      .values(entry)
      .onConflict((oc) => oc.constraint('journal_entries_idempotency_key').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /** Inserts entries whose keys are new, in one statement; answers those inserted (a racer's key is skipped). */
  async insertEntries(trx: Transaction<Database>, entries: readonly NewJournalEntry[]): Promise<JournalEntry[]> {
    if (entries.length === 0) return [];
    return trx
      .insertInto('journal_entries')
      .values([...entries])
      .onConflict((oc) => oc.constraint('journal_entries_idempotency_key').doNothing())
      .returningAll()
      .execute();
  }

  /** `pending` becomes `status` in one statement; answers undefined when the entry was not pending (or absent). */
  settlePendingEntry(
    trx: Transaction<Database>,
    id: bigint,
    status: JournalEntryStatus,
    now: Date,
  ): Promise<JournalEntry | undefined> {
    return trx
      .updateTable('journal_entries')
      .set({ status, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
  }

  async setEntryStatus(trx: Transaction<Database>, id: bigint, status: JournalEntryStatus, now: Date): Promise<void> {
    await trx.updateTable('journal_entries').set({ status, updated_at: now }).where('id', '=', id).execute();
  }

  /** The entry's posting on a member's main wallet, with that wallet's balance now; undefined when it has none. */
  findWalletPosting(
    db: Db,
    entryId: bigint,
  ): Promise<{ amount: bigint; balance: bigint; currency: string } | undefined> {
    return db
      .selectFrom('postings as p')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .select(['p.amount', 'a.balance', 'a.currency'])
      .where('p.entry_id', '=', entryId)
      .where('a.kind', '=', 'member_wallet')
      .executeTakeFirst();
  }

  listPostings(db: Db, entryId: bigint): Promise<Posting[]> {
    return db.selectFrom('postings').selectAll().where('entry_id', '=', entryId).orderBy('id').execute();
  }

  /**
   * Every account whose stored balance differs from the sum of its postings. One statement, so it reads one
   * snapshot: a transfer committing meanwhile is seen whole (balance and postings) or not at all.
   */
  async findDrifts(db: Db): Promise<BalanceDrift[]> {
    const rows = await db
      .selectFrom('ledger_accounts as a')
      .leftJoin('postings as p', 'p.account_id', 'a.id')
      .select((eb) => [
        'a.id',
        'a.balance',
        eb.fn.coalesce(eb.fn.sum<bigint>('p.amount'), sql<bigint>`0`).as('derived'),
      ])
      .groupBy('a.id')
      .having((eb) => eb('a.balance', '<>', eb.fn.coalesce(eb.fn.sum<bigint>('p.amount'), sql<bigint>`0`)))
      .orderBy('a.id')
      .execute();
    // sum(bigint) is numeric in SQL, read as a string: BigInt keeps every satang exact.
    return rows.map((row) => ({ accountId: row.id, stored: row.balance, derived: BigInt(row.derived) }));
  }

  /** Entries with fewer than two postings or not summing to zero in some currency: none can commit. */
  async findUnbalancedEntries(db: Db): Promise<bigint[]> {
    const result = await sql<{ id: bigint }>`
      select e.id from journal_entries e
      where (select count(*) from postings p where p.entry_id = e.id) < 2
         or exists (
           select 1 from postings p join ledger_accounts a on a.id = p.account_id
           where p.entry_id = e.id group by a.currency having sum(p.amount) <> 0)
      order by e.id`.execute(db);
    return result.rows.map((row) => row.id);
  }

  async countAccountsAndEntries(db: Db): Promise<{ accounts: bigint; entries: bigint }> {
    const result = await sql<{ accounts: bigint; entries: bigint }>`
      select (select count(*) from ledger_accounts) as accounts, (select count(*) from journal_entries) as entries
    `.execute(db);
    const row = result.rows[0];
    return { accounts: row?.accounts ?? 0n, entries: row?.entries ?? 0n };
  }
}
