import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_NAME, APP_NAME_HEADER } from '@member-wallet/contract/constants';
import { toMinor } from '@member-wallet/contract/money';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  activate,
  balances,
  fundedMember,
  noDrift,
  type Player,
  post,
  providerBalanceMinor,
  seedCatalogue,
  setFaults,
  transferStates,
} from '../../../test/games.ts';
import { startTestApp, TEST_ARGON2, type TestApp } from '../../../test/helpers.ts';
import { misreportPostings } from '../../../test/ledger-faults.ts';
import { buildApp } from '../../app.ts';
import { BonusDebts } from '../bonus/bonus.debt.ts';

const ENV = { GAME_PROVIDER_TIMEOUT_MS: '250', TRANSFER_RECONCILE_INTERVAL_MS: '0' };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(ENV);
  await seedCatalogue(t);
});
afterAll(() => t.close());
beforeEach(() => setFaults(t, {}));

const reconcile = (app: FastifyInstance = t.app) => app.games.reconciler.reconcile({ minAgeMs: 0 });

/** The member's money in baht: the wallet plus what the provider really holds. */
async function total(player: Player, code: string, username: string): Promise<number> {
  const { wallet } = await balances(t, player);
  return wallet + Number(await providerBalanceMinor(t, code, username)) / 100;
}

async function setup(amount: number, code = 'PG') {
  const player = await fundedMember(t, amount);
  const { username } = await activate(t, player, code);
  return { player, username };
}

describe('wallet to game under provider faults', () => {
  it('a time-out before the provider applied: IN_PROGRESS, never refunded on its own, then settled by re-sending', async () => {
    const { player, username } = await setup(100);
    await setFaults(t, { timeoutRate: 1 });
    const answer = await post(t, player, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 40 });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'IN_PROGRESS', wallet: { amount: 60 } });
    expect(await transferStates(t, player.id)).toEqual(['unknown']);
    // Still failing: the reconciler learns nothing definitive and leaves the money reserved.
    await setFaults(t, { timeoutRate: 1, operations: ['deposit', 'status'] });
    await reconcile();
    expect(await transferStates(t, player.id)).toEqual(['unknown']);
    expect((await balances(t, player)).wallet).toBe(60);
    await setFaults(t, {});
    expect(await reconcile()).toMatchObject({ completed: 1, failed: 0, stillOpen: 0 });
    expect(await transferStates(t, player.id)).toEqual(['completed']);
    expect(await providerBalanceMinor(t, 'PG', username)).toBe(4_000n);
    expect(await balances(t, player)).toMatchObject({ wallet: 60, slots: { PG: 40 } });
    expect(await noDrift(t)).toBe(true);
  });

  it('applied then timed out: the status query finds it applied and completes', async () => {
    const { player, username } = await setup(100);
    await setFaults(t, { appliedThenTimeoutRate: 1 });
    const answer = await post(t, player, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 25 });
    expect(answer.json()).toMatchObject({ status: 'IN_PROGRESS' });
    expect(await providerBalanceMinor(t, 'PG', username)).toBe(2_500n);
    expect(await reconcile()).toMatchObject({ completed: 1 });
    expect(await total(player, 'PG', username)).toBe(100);
    expect(await balances(t, player)).toMatchObject({ wallet: 75, slots: { PG: 25 } });
  });

  it('late application: pending at the provider until its time comes, then completed', async () => {
    const { player, username } = await setup(100);
    await setFaults(t, { timeoutRate: 1, lateApplyMs: 60_000 });
    await post(t, player, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 10 });
    await setFaults(t, {});
    expect(await reconcile()).toMatchObject({ stillOpen: 1 });
    expect(await providerBalanceMinor(t, 'PG', username)).toBe(0n);
    t.clock.advance(61_000);
    expect(await reconcile()).toMatchObject({ completed: 1 });
    expect(await providerBalanceMinor(t, 'PG', username)).toBe(1_000n);
    expect(await total(player, 'PG', username)).toBe(100);
  });

  it('a refusal found by the status query returns the funds', async () => {
    const { player, username } = await setup(100);
    await setFaults(t, { timeoutRate: 1 });
    await post(t, player, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 30 });
    // The re-sent call is refused: TRANSFER_FAIL semantics, the reservation is reversed.
    await setFaults(t, { errorRate: 1 });
    expect(await reconcile()).toMatchObject({ failed: 1 });
    expect(await transferStates(t, player.id)).toEqual(['failed']);
    expect(await balances(t, player)).toMatchObject({ wallet: 100, slots: { PG: 0 } });
    expect(await total(player, 'PG', username)).toBe(100);
    expect(await noDrift(t)).toBe(true);
  });
});

describe('game to wallet under provider faults', () => {
  async function funded() {
    const setupResult = await setup(200, 'JOKER');
    const moved = await post(t, setupResult.player, '/api/wallet/transfer', {
      from: 'wallet',
      to: 'JOKER',
      amount: 150,
    });
    expect(moved.json()).toMatchObject({ status: 'SUCCESS' });
    return setupResult;
  }

  it('a refusal leaves the money at the provider and the position as it was', async () => {
    const { player, username } = await funded();
    await setFaults(t, { errorRate: 1 });
    const answer = await post(t, player, '/api/wallet/transfer', { from: 'JOKER', to: 'wallet', amount: 50 });
    expect(answer.json()).toEqual({ message: 'TRANSFER_FAIL' });
    expect(await balances(t, player)).toMatchObject({ wallet: 50, slots: { JOKER: 150 } });
    expect(await total(player, 'JOKER', username)).toBe(200);
  });

  it('a time-out credits nothing until the reconciler settles; then the wallet gets the money', async () => {
    const { player, username } = await funded();
    await setFaults(t, { timeoutRate: 1 });
    const answer = await post(t, player, '/api/wallet/transfer', { from: 'JOKER', to: 'wallet', amount: 50 });
    expect(answer.json()).toMatchObject({ status: 'IN_PROGRESS', wallet: { amount: 50 } });
    expect(await balances(t, player)).toMatchObject({ wallet: 50, slots: { JOKER: 100 } });
    await setFaults(t, {});
    expect(await reconcile()).toMatchObject({ completed: 1 });
    expect(await balances(t, player)).toMatchObject({ wallet: 100, slots: { JOKER: 100 } });
    expect(await total(player, 'JOKER', username)).toBe(200);
    expect(await noDrift(t)).toBe(true);
  });

  it('applied then timed out: the wallet is credited by the reconciler, once', async () => {
    const { player, username } = await funded();
    await setFaults(t, { appliedThenTimeoutRate: 1 });
    await post(t, player, '/api/wallet/transfer', { from: 'JOKER', to: 'wallet', amount: 70 });
    await setFaults(t, {});
    await reconcile();
    await reconcile();
    expect(await balances(t, player)).toMatchObject({ wallet: 120, slots: { JOKER: 80 } });
    expect(await total(player, 'JOKER', username)).toBe(200);
  });
});

describe('game to wallet, its money rules', () => {
  it('keeps no transfer and moves nothing when the reserve written is not the amount asked (a fault planted in post)', async () => {
    const { player } = await setup(100);
    const wrong = misreportPostings((amount) => amount * 2n);
    try {
      const answer = await post(t, player, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 40 });
      expect(answer.statusCode).toBe(500);
    } finally {
      wrong.mockRestore();
    }
    expect((await balances(t, player)).wallet).toBe(100);
    expect(await transferStates(t, player.id)).toEqual([]);
    await noDrift(t);
  });

  it('writes nothing when bonus debts would take more than came back, and settles once the fault is gone', async () => {
    const { player, username } = await setup(100);
    expect((await post(t, player, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 40 })).statusCode).toBe(
      200,
    );
    // A fault planted in the bonus debts: they claim one satang more than the transfer brings back.
    const collect = vi
      .spyOn(BonusDebts.prototype, 'collect')
      .mockImplementation(async (_trx, money) => money.amountMinor + 1n);
    try {
      const answer = await post(t, player, '/api/wallet/transfer', { from: 'PG', to: 'wallet', amount: 40 });
      expect(answer.statusCode).toBe(500);
      expect((await balances(t, player)).wallet).toBe(60);
    } finally {
      collect.mockRestore();
    }
    await reconcile();
    expect((await balances(t, player)).wallet).toBe(100);
    expect(await total(player, 'PG', username)).toBe(100);
    await noDrift(t);
  });
});

describe('random faults', () => {
  it('keeps every satang through a seeded storm of transfers once reconciled', async () => {
    const { player, username } = await setup(1000, 'SLOTXO');
    await setFaults(t, { errorRate: 0.2, timeoutRate: 0.15, appliedThenTimeoutRate: 0.15, seed: 42 });
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let step = 0; step < 16; step++) {
      const toGame = next() < 0.6;
      const amount = 1 + Math.floor(next() * 200);
      const payload = toGame ? { from: 'wallet', to: 'SLOTXO', amount } : { from: 'SLOTXO', to: 'wallet', amount };
      const answer = await post(t, player, '/api/wallet/transfer', payload);
      expect([200, 400, 502]).toContain(answer.statusCode);
    }
    await setFaults(t, {});
    await reconcile();
    expect((await transferStates(t, player.id)).every((state) => state === 'completed' || state === 'failed')).toBe(
      true,
    );
    expect(await total(player, 'SLOTXO', username)).toBe(1000);
    const { wallet, slots } = await balances(t, player);
    expect(toMinor(wallet) + toMinor(slots.SLOTXO ?? 0)).toBe(100_000n);
    expect(await noDrift(t)).toBe(true);
  });
});

describe('restart', () => {
  it('a new server on the same database settles what the old one left open', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mw-restart-'));
    const first = await startTestApp({ ...ENV, DATA_DIR: dataDir });
    let second: FastifyInstance | undefined;
    try {
      await seedCatalogue(first);
      const player = await fundedMember(first, 100);
      const { username } = await activate(first, player, 'PG');
      await setFaults(first, { appliedThenTimeoutRate: 1 });
      await post(first, player, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 20 });
      // A crash right after the reservation: the provider was never called.
      const member = await first.app.db
        .selectFrom('members')
        .select('currency')
        .where('id', '=', player.id)
        .executeTakeFirstOrThrow();
      await first.app.games.transfers.reserve({
        memberId: player.id,
        currency: member.currency,
        providerCode: 'PG',
        direction: 'to_game',
        amountMinor: 3_000n,
        key: 'crashed-before-the-call',
      });
      expect((await transferStates(first, player.id)).toSorted()).toEqual(['reserved', 'unknown']);
      // The old server goes away as in a crash: its connections are cut, not drained.
      first.app.server.closeAllConnections();
      await first.app.close();

      second = await buildApp(first.config, { clock: first.clock, argon2: TEST_ARGON2 });
      await second.listen({ port: 0, host: '127.0.0.1' });
      expect(await reconcile(second)).toMatchObject({ completed: 2, stillOpen: 0 });
      const app = second;
      const view = {
        ...first,
        app,
        api: (options: InjectOptions) =>
          app.inject({ ...options, headers: { [APP_NAME_HEADER]: APP_NAME, ...options.headers } }),
      };
      expect(await balances(view, player)).toMatchObject({ wallet: 50, slots: { PG: 50 } });
      expect(await providerBalanceMinor(view, 'PG', username)).toBe(5_000n);
      expect(await noDrift(view)).toBe(true);
    } finally {
      await second?.close();
      await first.close().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
