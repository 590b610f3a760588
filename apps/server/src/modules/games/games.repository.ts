import { type Insertable, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import {
  type GameAccountsTable,
  type GameProviderRow,
  type GameProvidersTable,
  type GameTransferState,
  type GameTransfersTable,
  OPEN_TRANSFER_STATES,
} from '../../db/tables/games.table.ts';
import type { JournalEntriesTable } from '../../db/tables/ledger.table.ts';

export type { GameProviderRow };
export type GameAccount = Selectable<GameAccountsTable>;
export type GameTransfer = Selectable<GameTransfersTable>;
export type NewGameTransfer = Insertable<GameTransfersTable>;

/** A wallet-to-game transfer completed with its reservation entry, and the member's wallet after it. */
export interface CompletedToGame {
  transfer: GameTransfer;
  entry: Selectable<JournalEntriesTable>;
  /** The entry's posting on the member's wallet and the wallet's balance now (always there for a to-game one). */
  wallet: { amount: bigint; balance: bigint; currency: string } | undefined;
}

/** All SQL of game providers, members' game accounts and the transfer saga's records. */
export class GamesRepository {
  constructor(private readonly db: Db) {}

  listProviders(activeOnly: boolean): Promise<GameProviderRow[]> {
    let query = this.db.selectFrom('game_providers').selectAll();
    if (activeOnly) query = query.where('active', '=', true);
    return query.orderBy('sort_order').orderBy('code').execute();
  }

  findProvider(code: string): Promise<GameProviderRow | undefined> {
    return this.db.selectFrom('game_providers').selectAll().where('code', '=', code).executeTakeFirst();
  }

  /** The provider and, if the member has one there, their active account: one statement for every money call. */
  async findProviderWithAccount(
    code: string,
    memberId: bigint,
  ): Promise<{ provider: GameProviderRow; account: GameAccount | undefined } | undefined> {
    const row = await this.db
      .selectFrom('game_providers as p')
      .leftJoin('game_accounts as a', (join) =>
        join.onRef('a.provider_code', '=', 'p.code').on('a.member_id', '=', memberId).on('a.status', '=', 'active'),
      )
      .selectAll('p')
      .select(['a.id as a_id', 'a.username as a_username', 'a.password_encrypted as a_password'])
      .select(['a.created_at as a_created_at', 'a.updated_at as a_updated_at'])
      .where('p.code', '=', code)
      .executeTakeFirst();
    if (!row) return undefined;
    const { a_id: id, a_username: username, a_password: password, a_created_at, a_updated_at, ...provider } = row;
    // The join's columns are all null without an account, and all set with one (they are NOT NULL).
    const account =
      id !== null && username !== null && password !== null && a_created_at !== null && a_updated_at !== null
        ? {
            id,
            member_id: memberId,
            provider_code: provider.code,
            username,
            password_encrypted: password,
            status: 'active' as const,
            created_at: a_created_at,
            updated_at: a_updated_at,
          }
        : undefined;
    return { provider, account };
  }

  listAccounts(memberId: bigint): Promise<GameAccount[]> {
    return this.db
      .selectFrom('game_accounts')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('status', '=', 'active')
      .execute();
  }

  findAccount(memberId: bigint, providerCode: string): Promise<GameAccount | undefined> {
    return this.db
      .selectFrom('game_accounts')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('provider_code', '=', providerCode)
      .where('status', '=', 'active')
      .executeTakeFirst();
  }

  /** Inserts the account; answers undefined when the member already had one there (a racing activation). */
  insertAccount(
    memberId: bigint,
    providerCode: string,
    username: string,
    passwordEncrypted: string,
    now: Date,
  ): Promise<GameAccount | undefined> {
    return this.db
      .insertInto('game_accounts')
      .values({
        member_id: memberId,
        provider_code: providerCode,
        username,
        password_encrypted: passwordEncrypted,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.constraint('game_accounts_member_provider_key').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  async setPassword(id: bigint, passwordEncrypted: string, now: Date): Promise<void> {
    await this.db
      .updateTable('game_accounts')
      .set({ password_encrypted: passwordEncrypted, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  insertTransfer(trx: Transaction<Database>, transfer: NewGameTransfer): Promise<GameTransfer | undefined> {
    return trx
      .insertInto('game_transfers')
      .values(transfer)
      .onConflict((oc) => oc.constraint('game_transfers_member_key').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /** Inserts transfers in one statement; answers those inserted (a key taken already is skipped). */
  async insertTransfers(trx: Transaction<Database>, transfers: readonly NewGameTransfer[]): Promise<GameTransfer[]> {
    if (transfers.length === 0) return [];
    return trx
      .insertInto('game_transfers')
      .values([...transfers])
      .onConflict((oc) => oc.constraint('game_transfers_member_key').doNothing())
      .returningAll()
      .execute();
  }

  findTransferByKey(db: Db, memberId: bigint, key: string): Promise<GameTransfer | undefined> {
    return db
      .selectFrom('game_transfers')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  }

  findTransfer(db: Db, id: string): Promise<GameTransfer | undefined> {
    return db.selectFrom('game_transfers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Locks the transfer row: a live request and the reconciler settle one transfer one way only. */
  lockTransfer(trx: Transaction<Database>, id: string): Promise<GameTransfer | undefined> {
    return trx.selectFrom('game_transfers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  async setState(
    db: Db,
    id: string,
    state: GameTransferState,
    now: Date,
    extra: { attempts?: number; lastError?: string | null } = {},
  ): Promise<void> {
    await db
      .updateTable('game_transfers')
      .set({
        state,
        updated_at: now,
        ...(extra.attempts === undefined ? {} : { attempts: extra.attempts }),
        ...(extra.lastError === undefined ? {} : { last_error: extra.lastError }),
      })
      .where('id', '=', id)
      .execute();
  }

  /**
   * An open transfer becomes `state` (its last error cleared), in one statement that waits for a racer holding
   * the row; undefined when it was not open (or absent) by then.
   */
  advanceOpenTransfer(db: Db, id: string, state: GameTransferState, now: Date): Promise<GameTransfer | undefined> {
    return db
      .updateTable('game_transfers')
      .set({ state, updated_at: now, last_error: null })
      .where('id', '=', id)
      .where('state', 'in', [...OPEN_TRANSFER_STATES])
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Completes open wallet-to-game transfers and their pending reservation entries in one statement (no money
   * moves: it moved at the reservation), and reads each member's wallet for the answer and the live event. The
   * transfer rows are locked first, in id order, as every settling path takes them (a racer reversing one waits,
   * or is waited for and then finds it closed); nothing of a transfer changes unless both its rows are still
   * open. Answers those completed now; an id named twice completes once.
   */
  async completeToGame(db: Db, ids: readonly string[], now: Date): Promise<CompletedToGame[]> {
    const open = sql.join(OPEN_TRANSFER_STATES);
    const result = await sql<GameTransfer & CompletedEntryColumns>`
      with held as materialized (
        select id, reservation_entry_id from game_transfers
        where id in (${sql.join(ids)}) and direction = 'to_game' and state in (${open})
        order by id for update
      ),
      entry as (
        update journal_entries set status = 'completed', updated_at = ${now}::timestamptz
        where id in (select reservation_entry_id from held) and status = 'pending'
        returning *
      ),
      transfer as (
        update game_transfers set state = 'completed', updated_at = ${now}::timestamptz, last_error = null
        where id in (select id from held) and reservation_entry_id in (select id from entry)
        returning *
      )
      select t.*, e.member_id as e_member_id, e.type as e_type, e.status as e_status,
        e.idempotency_key as e_idempotency_key, e.reversal_of as e_reversal_of, e.reference as e_reference,
        e.metadata as e_metadata, e.listed as e_listed, e.created_at as e_created_at, e.updated_at as e_updated_at,
        w.amount as w_amount, w.balance as w_balance, w.currency as w_currency
      from transfer t
      join entry e on e.id = t.reservation_entry_id
      left join lateral (
        select p.amount, a.balance, a.currency from postings p join ledger_accounts a on a.id = p.account_id
        where p.entry_id = e.id and a.kind = 'member_wallet'
      ) w on true`.execute(db);
    return result.rows.map((row) => {
      const { e_member_id, e_type, e_status, e_idempotency_key, e_reversal_of, e_reference, e_metadata } = row;
      const { e_listed, e_created_at, e_updated_at, w_amount, w_balance, w_currency, ...transfer } = row;
      return {
        transfer,
        entry: {
          id: row.reservation_entry_id,
          member_id: e_member_id,
          type: e_type,
          status: e_status,
          idempotency_key: e_idempotency_key,
          reversal_of: e_reversal_of,
          reference: e_reference,
          metadata: e_metadata,
          listed: e_listed,
          created_at: e_created_at,
          updated_at: e_updated_at,
        },
        wallet: w_amount === null ? undefined : { amount: w_amount, balance: w_balance, currency: w_currency },
      };
    });
  }

  /** Open transfers not touched since `before`, oldest first, bounded. */
  listOpenTransfers(before: Date, limit: number): Promise<GameTransfer[]> {
    return this.db
      .selectFrom('game_transfers')
      .selectAll()
      .where('state', 'in', [...OPEN_TRANSFER_STATES])
      .where('updated_at', '<=', before)
      .orderBy('updated_at')
      .limit(limit)
      .execute();
  }

  async hasOpenTransfer(db: Db, memberId: bigint, providerCode: string): Promise<boolean> {
    const row = await db
      .selectFrom('game_transfers')
      .select('id')
      .where('member_id', '=', memberId)
      .where('provider_code', '=', providerCode)
      .where('state', 'in', [...OPEN_TRANSFER_STATES])
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insertProviders(rows: Insertable<GameProvidersTable>[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('game_providers')
      .values(rows)
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  }
}

interface CompletedEntryColumns {
  e_member_id: bigint | null;
  e_type: JournalEntriesTable['type'];
  e_status: JournalEntriesTable['status'];
  e_idempotency_key: string;
  e_reversal_of: bigint | null;
  e_reference: Selectable<JournalEntriesTable>['reference'];
  e_metadata: Selectable<JournalEntriesTable>['metadata'];
  e_listed: boolean;
  e_created_at: Date;
  e_updated_at: Date;
  w_amount: bigint | null;
  w_balance: bigint;
  w_currency: string;
}
