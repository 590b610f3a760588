import { randomInt } from 'node:crypto';
import type { Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { newGamePassword } from '../../lib/tokens.ts';
import type {
  SandboxDb,
  SandboxGameAccountsTable,
  SandboxGameTransactionsTable,
  SandboxTables,
} from '../sandbox.tables.ts';

export type SandboxAccount = Selectable<SandboxGameAccountsTable>;
export type SandboxTransaction = Selectable<SandboxGameTransactionsTable>;
export type MoneyType = 'deposit' | 'withdraw';

/** The answer of a money call as the sandbox recorded it. */
export type Applied =
  | { status: 'applied'; balanceMinor: bigint }
  | { status: 'failed'; reason: string }
  | { status: 'pending' }
  | { status: 'conflict' };

/**
 * All SQL of the sandbox game provider: its own accounts, balances, transactions (unique per transaction id)
 * and bets, persistent in the database like a real provider's books.
 */
export class SandboxGameStore {
  constructor(
    private readonly db: SandboxDb,
    private readonly clock: Clock,
  ) {}

  async createAccount(provider: string, externalId: string): Promise<SandboxAccount> {
    const existing = await this.findByExternalId(provider, externalId);
    if (existing) return existing;
    const username = `${provider.toLowerCase().slice(0, 6)}${randomInt(10_000_000, 99_999_999)}`;
    const inserted = await this.db
      .insertInto('sandbox_game_accounts')
      .values({ provider_code: provider, external_id: externalId, username, password: newGamePassword() })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    // A racer with the same external id (or, rarely, the same random username) won: answer what is stored.
    return inserted ?? (await this.findByExternalId(provider, externalId)) ?? this.createAccount(provider, externalId);
  }

  findByExternalId(provider: string, externalId: string): Promise<SandboxAccount | undefined> {
    return this.db
      .selectFrom('sandbox_game_accounts')
      .selectAll()
      .where('provider_code', '=', provider)
      .where('external_id', '=', externalId)
      .executeTakeFirst();
  }

  findByUsername(provider: string, username: string): Promise<SandboxAccount | undefined> {
    return this.db
      .selectFrom('sandbox_game_accounts')
      .selectAll()
      .where('provider_code', '=', provider)
      .where('username', '=', username)
      .executeTakeFirst();
  }

  /** Sets the password the caller chose, or one of the sandbox's own when it sent none. */
  async resetPassword(account: SandboxAccount, chosen?: string): Promise<string> {
    const password = chosen ?? newGamePassword();
    await this.db.updateTable('sandbox_game_accounts').set({ password }).where('id', '=', account.id).execute();
    return password;
  }

  /** The account's balance after applying its late transactions that are due. */
  async balance(account: SandboxAccount): Promise<bigint> {
    await this.applyDue(account.provider_code, account.id);
    const row = await this.db
      .selectFrom('sandbox_game_accounts')
      .select('balance_minor')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    return row.balance_minor;
  }

  async findTransaction(provider: string, txId: string): Promise<SandboxTransaction | undefined> {
    const row = await this.db
      .selectFrom('sandbox_game_transactions')
      .selectAll()
      .where('provider_code', '=', provider)
      .where('tx_id', '=', txId)
      .executeTakeFirst();
    if (row?.status !== 'pending') return row;
    await this.applyDue(provider, row.account_id);
    return this.db
      .selectFrom('sandbox_game_transactions')
      .selectAll()
      .where('provider_code', '=', provider)
      .where('tx_id', '=', txId)
      .executeTakeFirst();
  }

  /**
   * Applies (or refuses) a money call once per transaction id. `record`: `apply` moves the money now, `fail`
   * records a refusal, `late` records it to be applied `lateMs` later. A repeated id answers its first outcome.
   */
  async money(
    provider: string,
    account: SandboxAccount,
    call: { txId: string; type: MoneyType; amountMinor: bigint },
    record: { kind: 'apply' } | { kind: 'fail'; reason: string } | { kind: 'late'; lateMs: number },
  ): Promise<Applied> {
    return this.db.transaction().execute(async (trx) => {
      const balance = await applyDueLocked(trx, provider, account.id, this.clock.now());
      const earlier = await trx
        .selectFrom('sandbox_game_transactions')
        .selectAll()
        .where('provider_code', '=', provider)
        .where('tx_id', '=', call.txId)
        .executeTakeFirst();
      if (earlier) return answerOf(earlier, call, balance);
      const now = this.clock.now();
      const base = {
        provider_code: provider,
        tx_id: call.txId,
        account_id: account.id,
        type: call.type,
        amount_minor: call.amountMinor,
        created_at: now,
      };
      if (record.kind === 'fail') {
        await trx
          .insertInto('sandbox_game_transactions')
          .values({ ...base, status: 'failed', reason: record.reason })
          .execute();
        return { status: 'failed', reason: record.reason };
      }
      if (record.kind === 'late') {
        const applyAt = new Date(now.getTime() + record.lateMs);
        await trx
          .insertInto('sandbox_game_transactions')
          .values({ ...base, status: 'pending', apply_at: applyAt })
          .execute();
        return { status: 'pending' };
      }
      return applyNow(trx, base, balance);
    });
  }

  /** Applies the account's late transactions whose time has come. */
  async applyDue(provider: string, accountId: bigint): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction().execute((trx) => applyDueLocked(trx, provider, accountId, now));
  }

  /**
   * One bet (a spin of the demo slot, or the sandbox control's): stake taken, win paid, the bet recorded, all in
   * one transaction. Undefined when the balance cannot cover the stake. `placedAt` dates the record (the
   * sandbox control's `at`); now when absent.
   */
  async bet(accountId: bigint, stakeMinor: bigint, win: bigint, reels: string, placedAt?: Date) {
    return this.db.transaction().execute(async (trx) => {
      const locked = await lockAccount(trx, accountId);
      if (locked.balance_minor < stakeMinor) return undefined;
      const balance = locked.balance_minor - stakeMinor + win;
      await trx
        .updateTable('sandbox_game_accounts')
        .set({ balance_minor: balance })
        .where('id', '=', accountId)
        .execute();
      await trx
        .insertInto('sandbox_game_bets')
        .values({
          account_id: accountId,
          stake_minor: stakeMinor,
          win_minor: win,
          reels,
          created_at: placedAt ?? this.clock.now(),
        })
        .execute();
      return { win, balance };
    });
  }

  /** The account's bets placed in `[from, to)`: their number, stakes and winnings. */
  async betSummary(accountId: bigint, from: Date, to: Date) {
    const row = await this.db
      .selectFrom('sandbox_game_bets')
      .select((eb) => [
        eb.fn.countAll<string>().as('bets'),
        eb.fn.coalesce(eb.fn.sum<string>('stake_minor'), eb.lit(0)).as('stake'),
        eb.fn.coalesce(eb.fn.sum<string>('win_minor'), eb.lit(0)).as('win'),
      ])
      .where('account_id', '=', accountId)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .executeTakeFirstOrThrow();
    return { bets: Number(row.bets), stakeMinor: BigInt(row.stake), winMinor: BigInt(row.win) };
  }

  listBets(accountId: bigint, limit: number) {
    return this.db
      .selectFrom('sandbox_game_bets')
      .select(['stake_minor', 'win_minor', 'reels', 'created_at'])
      .where('account_id', '=', accountId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}

/** Locks the account, applies its late transactions due at `now`, and answers its balance after them. */
async function applyDueLocked(
  trx: Transaction<Database & SandboxTables>,
  provider: string,
  accountId: bigint,
  now: Date,
): Promise<bigint> {
  const locked = await lockAccount(trx, accountId);
  const due = await trx
    .selectFrom('sandbox_game_transactions')
    .selectAll()
    .where('provider_code', '=', provider)
    .where('account_id', '=', accountId)
    .where('status', '=', 'pending')
    .where('apply_at', '<=', now)
    .orderBy('created_at')
    .execute();
  if (due.length === 0) return locked.balance_minor;
  let balance = locked.balance_minor;
  for (const row of due) {
    const next = row.type === 'deposit' ? balance + row.amount_minor : balance - row.amount_minor;
    const status = next >= 0n ? 'applied' : 'failed';
    if (status === 'applied') balance = next;
    await trx
      .updateTable('sandbox_game_transactions')
      .set({ status, reason: status === 'failed' ? 'insufficient balance' : null, apply_at: null })
      .where('provider_code', '=', provider)
      .where('tx_id', '=', row.tx_id)
      .execute();
  }
  await trx.updateTable('sandbox_game_accounts').set({ balance_minor: balance }).where('id', '=', accountId).execute();
  return balance;
}

function lockAccount(trx: Transaction<Database & SandboxTables>, id: bigint) {
  return trx
    .selectFrom('sandbox_game_accounts')
    .select(['id', 'balance_minor'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

function answerOf(
  earlier: SandboxTransaction,
  call: { type: MoneyType; amountMinor: bigint },
  balance: bigint,
): Applied {
  if (earlier.type !== call.type || earlier.amount_minor !== call.amountMinor) return { status: 'conflict' };
  if (earlier.status === 'applied') return { status: 'applied', balanceMinor: balance };
  if (earlier.status === 'failed') return { status: 'failed', reason: earlier.reason ?? '' };
  return { status: 'pending' };
}

async function applyNow(
  trx: Transaction<Database & SandboxTables>,
  base: {
    provider_code: string;
    tx_id: string;
    account_id: bigint;
    type: MoneyType;
    amount_minor: bigint;
    created_at: Date;
  },
  balance: bigint,
): Promise<Applied> {
  const next = base.type === 'deposit' ? balance + base.amount_minor : balance - base.amount_minor;
  if (next < 0n) {
    const reason = 'insufficient balance';
    await trx
      .insertInto('sandbox_game_transactions')
      .values({ ...base, status: 'failed', reason })
      .execute();
    return { status: 'failed', reason };
  }
  await trx
    .insertInto('sandbox_game_transactions')
    .values({ ...base, status: 'applied' })
    .execute();
  await trx
    .updateTable('sandbox_game_accounts')
    .set({ balance_minor: next })
    .where('id', '=', base.account_id)
    .execute();
  return { status: 'applied', balanceMinor: next };
}
