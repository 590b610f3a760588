import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activate,
  balances,
  fundedMember,
  noDrift,
  post,
  providerBalanceMinor,
  seedCatalogue,
} from '../../../test/games.ts';
import { startTestApp, type TestApp } from '../../../test/helpers.ts';

// PGlite has one connection, so these races only truly race on PostgreSQL (DATABASE_URL); they must hold on both.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ GAME_PROVIDER_TIMEOUT_MS: '5000', TRANSFER_RECONCILE_INTERVAL_MS: '0' });
  await seedCatalogue(t);
});
afterAll(() => t.close());

describe('concurrent transfers', () => {
  it('exactly the affordable ones go through; the rest are MONEY_NOT_ENOUGH; nothing is created or lost', async () => {
    const player = await fundedMember(t, 100);
    const { username } = await activate(t, player, 'PG');
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        post(t, player, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 10 }),
      ),
    );
    const messages = answers.map((answer) => answer.json().message);
    expect(messages.filter((message) => message === 'SUCCESS')).toHaveLength(10);
    expect(messages.filter((message) => message === 'MONEY_NOT_ENOUGH')).toHaveLength(15);
    expect(await providerBalanceMinor(t, 'PG', username)).toBe(10_000n);
    expect(await balances(t, player)).toMatchObject({ wallet: 0, slots: { PG: 100 } });
    expect(await noDrift(t)).toBe(true);
  });

  it('one Idempotency-Key sent many times in parallel moves the money once and gives each the same answer', async () => {
    const player = await fundedMember(t, 100);
    const { username } = await activate(t, player, 'JOKER');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(t, player, '/api/wallet/transfer', { from: 'wallet', to: 'JOKER', amount: 30 }, 'one-action-key'),
      ),
    );
    expect(answers[0]?.json().message).toBe('SUCCESS');
    for (const answer of answers) expect([answer.statusCode, answer.body]).toEqual([200, answers[0]?.body]);
    expect(await providerBalanceMinor(t, 'JOKER', username)).toBe(3_000n);
    expect(await balances(t, player)).toMatchObject({ wallet: 70, slots: { JOKER: 30 } });
  });

  it('opposite transfers at once settle without deadlock or drift', async () => {
    const player = await fundedMember(t, 100);
    const { username } = await activate(t, player, 'SLOTXO');
    await post(t, player, '/api/wallet/transfer', { from: 'wallet', to: 'SLOTXO', amount: 50 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        post(
          t,
          player,
          '/api/wallet/transfer',
          index % 2 === 0 ? { from: 'wallet', to: 'SLOTXO', amount: 5 } : { from: 'SLOTXO', to: 'wallet', amount: 5 },
        ),
      ),
    );
    expect(answers.every((answer) => answer.json().message === 'SUCCESS')).toBe(true);
    const { wallet, slots } = await balances(t, player);
    expect(wallet + (slots.SLOTXO ?? 0)).toBe(100);
    expect(Number(await providerBalanceMinor(t, 'SLOTXO', username)) / 100).toBe(slots.SLOTXO);
    expect(await noDrift(t)).toBe(true);
  });

  it('a wallet-to-game transfer the provider applied completes once when ten settlers race for it', async () => {
    const player = await fundedMember(t, 100);
    await activate(t, player, 'PG');
    const { currency } = await t.app.db
      .selectFrom('members')
      .select('currency')
      .where('id', '=', player.id)
      .executeTakeFirstOrThrow();
    const { transfers } = t.app.games;
    const reserved = await transfers.reserve({
      memberId: player.id,
      currency,
      providerCode: 'PG',
      direction: 'to_game',
      amountMinor: 4_000n,
      key: 'ten-settlers',
    });
    // The live request and reconcilers on several nodes, all told "applied" at once.
    const settled = await Promise.all(Array.from({ length: 10 }, () => transfers.settleApplied(reserved)));
    expect(settled.map((transfer) => transfer.state)).toEqual(Array(10).fill('completed'));
    const entry = await t.app.db
      .selectFrom('journal_entries')
      .select('status')
      .where('id', '=', reserved.reservation_entry_id)
      .executeTakeFirstOrThrow();
    expect(entry.status).toBe('completed');
    expect(await balances(t, player)).toMatchObject({ wallet: 60, slots: { PG: 40 } });
    expect(await noDrift(t)).toBe(true);
  });
});
