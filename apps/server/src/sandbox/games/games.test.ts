import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue, setFaults } from '../../../test/games.ts';
import { startTestApp, type TestApp } from '../../../test/helpers.ts';
import { HttpGameProvider } from '../../adapters/games/http.ts';
import { ownBaseUrl } from '../../app.ts';
import { SANDBOX_GAME_SECRET } from '../../config.ts';

let t: TestApp;
let provider: HttpGameProvider;
beforeAll(async () => {
  t = await startTestApp({ TRANSFER_RECONCILE_INTERVAL_MS: '0' });
  await seedCatalogue(t);
  provider = new HttpGameProvider({
    baseUrl: () => `${ownBaseUrl(t.app)}/sandbox/games/SBOBET`,
    secret: SANDBOX_GAME_SECRET,
    timeoutMs: 300,
  });
});
afterAll(() => t.close());

describe('sandbox game provider, through the HTTP adapter', () => {
  it('opens one account per external id, applies each transaction id once, and answers its status', async () => {
    const account = await provider.createAccount('m-sandbox-1');
    expect(await provider.createAccount('m-sandbox-1')).toEqual(account);
    expect(await provider.deposit('tx-1', account.username, 5_000n)).toEqual({
      status: 'applied',
      balanceMinor: 5_000n,
    });
    expect(await provider.deposit('tx-1', account.username, 5_000n)).toEqual({
      status: 'applied',
      balanceMinor: 5_000n,
    });
    expect(await provider.balance(account.username)).toBe(5_000n);
    expect(await provider.withdraw('tx-2', account.username, 9_000n)).toEqual({
      status: 'failed',
      reason: 'insufficient balance',
    });
    expect(await provider.transactionStatus('tx-1')).toBe('applied');
    expect(await provider.transactionStatus('tx-2')).toBe('failed');
    expect(await provider.transactionStatus('tx-3')).toBe('not_found');
    // The same id with another amount is refused: an id names one movement.
    await expect(provider.deposit('tx-1', account.username, 1n)).rejects.toThrow(/409/);
    expect(await provider.launchLink(account.username)).toMatch(/\/sandbox\/games\/SBOBET\/play\?session=/);
    expect(await provider.resetPassword(account.username, 'Chosen23xy')).toBe('Chosen23xy');
  });

  it("sums an account's bets in [from, to) by the provider's records, as promotions read them", async () => {
    const account = await provider.createAccount('m-sandbox-bets');
    await provider.deposit('tx-bets-1', account.username, 10_000n);
    const bet = (stake: number, win: number) =>
      t.app.inject({
        method: 'POST',
        url: `/sandbox/games/SBOBET/accounts/${account.username}/bets`,
        payload: { stake, win },
      });
    const before = t.clock.now();
    t.clock.advance(1_000);
    expect((await bet(20, 0)).json()).toEqual({ stake: 20, win: 0, balance: 80 });
    expect((await bet(10, 25.5)).json()).toEqual({ stake: 10, win: 25.5, balance: 95.5 });
    t.clock.advance(1_000);
    const middle = t.clock.now();
    t.clock.advance(1_000);
    expect((await bet(5, 0)).statusCode).toBe(200);
    const after = new Date(t.clock.now().getTime() + 1);

    expect(await provider.betSummary(account.username, before, after)).toEqual({
      bets: 3,
      stakeMinor: 3_500n,
      winMinor: 2_550n,
    });
    expect(await provider.betSummary(account.username, before, middle)).toEqual({
      bets: 2,
      stakeMinor: 3_000n,
      winMinor: 2_550n,
    });
    expect(await provider.betSummary(account.username, after, after)).toEqual({
      bets: 0,
      stakeMinor: 0n,
      winMinor: 0n,
    });
    await expect(provider.betSummary('no-such-player', before, after)).rejects.toThrow(/404/);

    // The control refuses a stake the balance cannot cover, and amounts that are not amounts.
    expect((await bet(1_000, 0)).statusCode).toBe(422);
    expect((await bet(0, 0)).statusCode).toBe(400);
    expect((await bet(1.001, 0)).statusCode).toBe(400);
    expect((await bet(1, -1)).statusCode).toBe(400);
  });

  it("dates a bet by the control's optional `at`, and refuses an `at` that is not an ISO date-time", async () => {
    const account = await provider.createAccount('m-sandbox-bets-at');
    await provider.deposit('tx-bets-at-1', account.username, 10_000n);
    const bet = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/sandbox/games/SBOBET/accounts/${account.username}/bets`, payload });
    const lastWeek = new Date(t.clock.now().getTime() - 7 * 24 * 60 * 60 * 1000);
    const placed = await bet({ stake: 30, win: 5, at: lastWeek.toISOString() });
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toEqual({ stake: 30, win: 5, balance: 75 });
    const aroundLastWeek = (from: number, to: number) =>
      provider.betSummary(account.username, new Date(lastWeek.getTime() + from), new Date(lastWeek.getTime() + to));
    expect(await aroundLastWeek(0, 1)).toEqual({ bets: 1, stakeMinor: 3_000n, winMinor: 500n });
    // Not at the control's "now": the record carries the given instant only.
    expect(await provider.betSummary(account.username, new Date(lastWeek.getTime() + 1), t.clock.now())).toEqual({
      bets: 0,
      stakeMinor: 0n,
      winMinor: 0n,
    });
    // An offset is read as the instant it names.
    expect((await bet({ stake: 1, win: 0, at: '2026-01-05T07:00:00+07:00' })).statusCode).toBe(200);
    expect(
      await provider.betSummary(account.username, new Date('2026-01-05T00:00:00Z'), new Date('2026-01-05T00:00:01Z')),
    ).toEqual({ bets: 1, stakeMinor: 100n, winMinor: 0n });

    for (const at of ['last week', '2026-13-01T00:00:00Z', '2026-01-05', 12345, null]) {
      expect((await bet({ stake: 1, win: 0, at })).statusCode, String(at)).toBe(400);
    }
    expect(await provider.balance(account.username)).toBe(7_400n);
  });

  it('refuses unsigned or wrongly signed requests', async () => {
    const unsigned = await fetch(`${ownBaseUrl(t.app)}/sandbox/games/SBOBET/transactions/tx-1`);
    expect(unsigned.status).toBe(401);
    const forger = new HttpGameProvider({
      baseUrl: () => `${ownBaseUrl(t.app)}/sandbox/games/SBOBET`,
      secret: 'not-the-secret',
      timeoutMs: 300,
    });
    await expect(forger.transactionStatus('tx-1')).rejects.toThrow(/401/);
  });

  it('injects faults: errors are definitive, time-outs are not answered', async () => {
    const account = await provider.createAccount('m-sandbox-2');
    await setFaults(t, { provider: 'SBOBET', errorRate: 1 });
    expect(await provider.deposit('tx-err', account.username, 100n)).toMatchObject({ status: 'failed' });
    await setFaults(t, { provider: 'SBOBET', appliedThenTimeoutRate: 1 });
    await expect(provider.deposit('tx-late', account.username, 100n)).rejects.toThrow(/unreachable or too slow/);
    await setFaults(t, {});
    expect(await provider.transactionStatus('tx-late')).toBe('applied');
    expect(await provider.balance(account.username)).toBe(100n);
    const latency = await t.app.inject({
      method: 'PUT',
      url: '/sandbox/games/SBOBET/faults',
      payload: { latencyMs: 1 },
    });
    expect(latency.json()).toMatchObject({ provider: 'SBOBET', latencyMs: 1 });
    const bad = await t.app.inject({ method: 'PUT', url: '/sandbox/games/faults', payload: { errorRate: 2 } });
    expect(bad.statusCode).toBe(400);
    await setFaults(t, {});
  });

  it('runs the reconciler on demand', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/sandbox/games/reconcile' });
    expect(answer.json()).toEqual({ examined: 0, completed: 0, failed: 0, stillOpen: 0 });
  });
});
