import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activate,
  balances,
  fundedMember,
  noDrift,
  type Player,
  post,
  providerBalanceMinor,
  seedCatalogue,
} from '../../../test/games.ts';
import { accountBalanceMinor, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { TRANSACTION_ATTEMPTS_MAX } from '../../db/transaction.ts';
import { HOUR_MS } from '../../lib/clock.ts';

/**
 * Transfers and withdrawals racing over one wallet, through the HTTP API. PGlite has one connection, so there
 * the requests queue; they truly race on PostgreSQL (DATABASE_URL), where these tests matter. They hold on both.
 */

const REQUESTS = 200;
const AMOUNT = 100;
const AFFORDABLE = 20;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    // On PGlite the 200 requests queue on its one connection, and the provider's side of a transfer (the sandbox,
    // in this same app) queues behind them: on a loaded 2-core machine that passed 5 s, and the transfers then
    // stayed open (IN_PROGRESS), as they should, but these tests are about the race, not time-outs.
    GAME_PROVIDER_TIMEOUT_MS: '20000',
    TRANSFER_RECONCILE_INTERVAL_MS: '0',
    PAYOUT_SETTLE_INTERVAL_MS: '0',
    // Every request of these tests comes from one member within a minute: the limits would refuse most.
    MONEY_RATE_PER_MINUTE: '10000',
    WITHDRAW_RATE_PER_MINUTE: '10000',
    WITHDRAW_RATE_PER_HOUR: '100000',
  });
  await seedCatalogue(t);
  // The payout party accepts each withdrawal and pays it an hour later: the money stays in withdrawal payable.
  const settings = await t.app.inject({
    method: 'PUT',
    url: '/sandbox/payout/settings',
    payload: { delayMs: HOUR_MS, webhooks: false },
  });
  expect(settings.statusCode).toBe(200);
});
afterAll(() => t.close());

/** The sum of every ledger account's balance, in minor units: zero, since every entry sums to zero. */
async function ledgerSum(): Promise<bigint> {
  const row = await t.app.db
    .selectFrom('ledger_accounts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('balance'), eb.val('0')).as('total'))
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

function transfer(player: Player, to: string, key?: string) {
  return post(t, player, '/api/wallet/transfer', { from: 'wallet', to, amount: AMOUNT }, key);
}

function withdraw(player: Player) {
  return post(t, player, '/api/wallet/withdraw', { amount: AMOUNT });
}

describe('transfers and withdrawals racing over one wallet', () => {
  it(`lets exactly the affordable ${AFFORDABLE} of ${REQUESTS} through; the rest are MONEY_NOT_ENOUGH and no satang moves wrongly`, async () => {
    const player = await fundedMember(t, AFFORDABLE * AMOUNT);
    const { username } = await activate(t, player, 'PG');
    const payableBefore = await accountBalanceMinor(t, 'withdrawal_payable');
    const sumBefore = await ledgerSum();

    const kinds = Array.from({ length: REQUESTS }, (_, index) => (index % 2 === 0 ? 'transfer' : 'withdraw'));
    const answers = await Promise.all(
      kinds.map((kind) => (kind === 'transfer' ? transfer(player, 'PG') : withdraw(player))),
    );

    const outcomes = answers.map((answer) => `${answer.statusCode} ${answer.json().message}`);
    expect(outcomes.filter((outcome) => outcome.startsWith('5'))).toEqual([]);
    expect(outcomes.filter((outcome) => outcome === '200 SUCCESS')).toHaveLength(AFFORDABLE);
    expect(outcomes.filter((outcome) => outcome === '400 MONEY_NOT_ENOUGH')).toHaveLength(REQUESTS - AFFORDABLE);
    // A transfer left open by a provider time-out answers SUCCESS too, with status IN_PROGRESS: said here, before
    // the provider's balance would say it less plainly (a withdrawal is IN_PROGRESS until its payout, an hour on).
    const openTransfers = answers
      .filter((answer, index) => kinds[index] === 'transfer' && answer.json().status === 'IN_PROGRESS')
      .map((answer) => answer.json());
    expect(openTransfers).toEqual([]);

    const succeeded = (kind: string) =>
      answers.filter((answer, index) => kinds[index] === kind && answer.statusCode === 200).length;
    const transferredMinor = BigInt(succeeded('transfer') * AMOUNT * 100);
    const withdrawnMinor = BigInt(succeeded('withdraw') * AMOUNT * 100);
    expect(await accountBalanceMinor(t, 'member_wallet', player.id)).toBe(0n);
    expect(await accountBalanceMinor(t, 'member_provider_position', player.id)).toBe(transferredMinor);
    expect((await accountBalanceMinor(t, 'withdrawal_payable')) - payableBefore).toBe(withdrawnMinor);
    expect(transferredMinor + withdrawnMinor).toBe(BigInt(AFFORDABLE * AMOUNT * 100));
    expect(await providerBalanceMinor(t, 'PG', username)).toBe(transferredMinor);
    expect(await balances(t, player)).toMatchObject({ wallet: 0, slots: { PG: Number(transferredMinor) / 100 } });

    const withdrawals = await t.app.db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(Number(withdrawals.n)).toBe(succeeded('withdraw'));
    expect(await ledgerSum()).toBe(sumBefore);
    expect(await noDrift(t)).toBe(true);
  });

  it('moves money once for one Idempotency-Key sent 50 times in parallel, and gives all 50 the same answer', async () => {
    const player = await fundedMember(t, 1000);
    const { username } = await activate(t, player, 'JOKER');
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 50 }, () => transfer(player, 'JOKER', key)));

    const first = answers[0];
    expect(first?.statusCode).toBe(200);
    expect(first?.json().message).toBe('SUCCESS');
    for (const answer of answers) expect([answer.statusCode, answer.body]).toEqual([200, first?.body]);
    expect(await providerBalanceMinor(t, 'JOKER', username)).toBe(BigInt(AMOUNT * 100));
    expect(await balances(t, player)).toMatchObject({ wallet: 1000 - AMOUNT, slots: { JOKER: AMOUNT } });
    const entries = await t.app.db
      .selectFrom('journal_entries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', '=', player.id)
      .where('type', '=', 'transfer')
      .executeTakeFirstOrThrow();
    expect(Number(entries.n)).toBe(1);
    expect(await noDrift(t)).toBe(true);
  });
});

/**
 * Makes the database abort every journal entry of one member with `code`, as PostgreSQL does a transaction
 * that lost a serialization race or a deadlock, and counts the attempts in a sequence (which no rollback
 * undoes). The fault lives in the test's own database, not in the server's code. Answers the attempt count
 * and a function that removes the fault.
 */
async function abortEntriesOf(memberId: bigint, code: '40001' | '40P01') {
  const name = `test_abort_${memberId}`;
  const db = t.app.db;
  await sql.raw(`create sequence ${name}`).execute(db);
  await sql
    .raw(
      `create function ${name}() returns trigger language plpgsql as $$
      begin
        if new.member_id = ${memberId} then
          perform nextval('${name}');
          raise exception 'aborted by the test' using errcode = '${code}';
        end if;
        return new;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(`create trigger ${name} before insert on journal_entries for each row execute function ${name}()`)
    .execute(db);
  return {
    attempts: async () => {
      const { rows } = await sql<{ n: number }>`select (case when is_called then last_value else 0 end)::int as n
        from ${sql.table(name)}`.execute(db);
      return rows[0]?.n;
    },
    remove: async () => {
      await sql.raw(`drop trigger ${name} on journal_entries`).execute(db);
      await sql.raw(`drop function ${name}()`).execute(db);
      await sql.raw(`drop sequence ${name}`).execute(db);
    },
  };
}

describe('a transaction PostgreSQL keeps aborting', () => {
  it.each([
    ['40001', '/api/wallet/transfer'],
    ['40P01', '/api/wallet/transfer'],
    ['40001', '/api/wallet/withdraw'],
    ['40P01', '/api/wallet/withdraw'],
  ] as const)(
    '%s on %s: retried a bounded number of times, then 503 to try again, nothing moved',
    async (code, url) => {
      const player = await fundedMember(t, 1000);
      const { username } = await activate(t, player, 'SLOTXO');
      const payload =
        url === '/api/wallet/transfer' ? { from: 'wallet', to: 'SLOTXO', amount: AMOUNT } : { amount: AMOUNT };
      const fault = await abortEntriesOf(player.id, code);
      const key = randomUUID();
      try {
        const answer = await post(t, player, url, payload, key);
        expect([answer.statusCode, answer.json()]).toEqual([503, { message: 'INTERNAL_SERVER_ERROR' }]);
        expect(answer.headers['retry-after']).toBe('1');
        expect(await fault.attempts()).toBe(TRANSACTION_ATTEMPTS_MAX);
      } finally {
        await fault.remove();
      }
      expect(await accountBalanceMinor(t, 'member_wallet', player.id)).toBe(1000_00n);
      expect(await providerBalanceMinor(t, 'SLOTXO', username)).toBe(0n);
      expect(await noDrift(t)).toBe(true);
      // Nothing was stored under the key: the member's retry with it runs, and moves the money once.
      const retry = await post(t, player, url, payload, key);
      expect([retry.statusCode, retry.json().message]).toEqual([200, 'SUCCESS']);
      expect(await accountBalanceMinor(t, 'member_wallet', player.id)).toBe(BigInt((1000 - AMOUNT) * 100));
    },
  );
});
