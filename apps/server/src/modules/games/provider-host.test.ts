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
import { sentTo, statementsDuring } from '../../../test/sql-statements.ts';
import { ownBaseUrl } from '../../app.ts';

// SANDBOX_GAMES_BASE_URL: the sandbox providers live on another server with its own database, as a real
// provider is another party (bench/transfer measures our server that way).
let host: TestApp;
let wallet: TestApp;
beforeAll(async () => {
  host = await startTestApp();
  wallet = await startTestApp({
    SANDBOX_GAMES_BASE_URL: `${ownBaseUrl(host.app)}/`,
    TRANSFER_RECONCILE_INTERVAL_MS: '0',
  });
  await seedCatalogue(wallet);
});
afterAll(async () => {
  await wallet.close();
  await host.close();
});

describe('sandbox providers on a provider host of their own', () => {
  it('opens the account and moves the money at the host, not at this server', async () => {
    const player = await fundedMember(wallet, 100);
    const { username } = await activate(wallet, player, 'PG');
    const answer = await post(wallet, player, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 40 });
    expect(answer.json()).toMatchObject({ message: 'SUCCESS', wallet: { amount: 60 } });
    expect(await providerBalanceMinor(host, 'PG', username)).toBe(4_000n);
    expect(await providerBalanceMinor(wallet, 'PG', username)).toBe(0n);
    expect(await balances(wallet, player)).toMatchObject({ wallet: 60, slots: { PG: 40 } });
    expect(await noDrift(wallet)).toBe(true);
  });

  // Each statement is a round trip to the database, a large part of a transfer's cost (docs/performance.md,
  // Transfers): the session (with the member's currency), the idempotency record, the provider and account, the
  // reserve (begin, entry, lock, postings and balances, the member's safer-play row (docs/safer-play.md: a read by
  // primary key, which locks it when the member has limits), the blocks of the accounts of the member's person
  // (docs/accounts.md, One person behind the accounts: by index), transfer, commit), the settle (one statement,
  // which also reads the wallet for the answer), the idempotency record's answer.
  it('a wallet-to-game transfer asks our database at most 13 statements', async () => {
    const player = await fundedMember(wallet, 100);
    await activate(wallet, player, 'PG');
    // The first transfer finds the member's ledger accounts; their ids are remembered from then on.
    await post(wallet, player, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 1 });
    let answer: Awaited<ReturnType<typeof post>> | undefined;
    const sent = await statementsDuring(async () => {
      answer = await post(wallet, player, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 2 });
    });
    expect(answer?.json()).toMatchObject({ message: 'SUCCESS', wallet: { amount: 97 } });
    const ours = sentTo(sent, 'journal_entries');
    expect(ours.length, ours.join('\n')).toBeLessThanOrEqual(13);
  });
});
