import { AUTO_LOGIN } from '@member-wallet/contract/wallet';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activate, balances, fundedMember, get, type Player, post, seedCatalogue } from '../../../test/games.ts';
import { startTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let alice: Player;
let bob: Player;
let alicePg: { username: string; password: string };
let aliceImi: { username: string; password: string };
beforeAll(async () => {
  t = await startTestApp({ GAME_PROVIDER_TIMEOUT_MS: '300', TRANSFER_RECONCILE_INTERVAL_MS: '0', LOG_LEVEL: 'trace' });
  await seedCatalogue(t);
  alice = await fundedMember(t, 100);
  bob = await fundedMember(t, 100);
  alicePg = await activate(t, alice, 'PG');
  aliceImi = await activate(t, alice, 'IMI');
  await post(t, alice, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 40 });
});
afterAll(() => t.close());

describe('auto-login', () => {
  it('answers a launch link for the caller own account, with and without a password segment', async () => {
    const pg = await get(t, alice, `/api/autoLogin/pg/${alicePg.username}`);
    expect(pg.statusCode).toBe(200);
    expect(pg.json().link).toMatch(/\/sandbox\/games\/PG\/play\?session=/);
    const imi = await get(t, alice, `/api/autoLogin/imi/${aliceImi.username}/${aliceImi.password}`);
    expect(imi.statusCode).toBe(200);
    const wrong = await get(t, alice, `/api/autoLogin/imi/${aliceImi.username}/not-the-password`);
    expect(wrong.statusCode).toBe(404);
  });

  it('answers INTERNAL_SERVER_ERROR (503) when no adapter of the provider can give a link: the party failed, not the game', async () => {
    const missing = vi.spyOn(t.app.games.registry, 'for').mockReturnValue(undefined);
    try {
      const failed = await get(t, alice, `/api/autoLogin/pg/${alicePg.username}`);
      expect([failed.statusCode, failed.json()]).toEqual([503, { message: 'INTERNAL_SERVER_ERROR' }]);
    } finally {
      missing.mockRestore();
    }
  });

  it('has a route for every path of the contract', async () => {
    for (const entry of Object.values(AUTO_LOGIN)) {
      const url = `/api/autoLogin/${entry.path}/someone${entry.password ? '/secret' : ''}`;
      expect((await get(t, alice, url)).json()).toEqual({ message: 'NO_DATA' });
    }
  });

  it('launches a playable demo slot that bets against the provider balance and records the bet', async () => {
    const { link } = (await get(t, alice, `/api/autoLogin/pg/${alicePg.username}`)).json();
    const url = new URL(link);
    const page = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('SANDBOX');
    expect(page.body).toContain('<script src="/sandbox/games/slot.js"></script>');
    // SPIN arrives disabled and the script enables it once its click handler is on: a click before then (a slow
    // script, a player quick off the mark) would otherwise do nothing at all.
    expect(page.body).toContain('<button id="spin" type="button" disabled>SPIN</button>');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const script = await t.app.inject({ method: 'GET', url: '/sandbox/games/slot.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('  });\n  button.disabled = false;\n})();');
    const session = url.searchParams.get('session');
    const spin = await t.app.inject({
      method: 'POST',
      url: '/sandbox/games/PG/play/spin',
      payload: { session, stake: 5 },
    });
    expect(spin.statusCode).toBe(200);
    const { win, balance } = spin.json();
    expect(balance).toBe(40 - 5 + win);
    const bets = await t.app.sandboxDb.selectFrom('sandbox_game_bets').selectAll().execute();
    expect(bets).toHaveLength(1);
    expect(bets[0]?.stake_minor).toBe(500n);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/sandbox/games/PG/play/spin',
      payload: { session: `${session}x`, stake: 5 },
    });
    expect(forged.statusCode).toBe(403);
  });
});

describe("member B against member A's identifiers", () => {
  it("cannot read, reset, transfer from or launch A's game accounts", async () => {
    expect((await get(t, bob, '/api/wallet/account/PG')).json()).toEqual({ message: 'SLOT_NO_ACCOUNT' });
    expect((await get(t, bob, '/api/wallet/resetpassword/PG')).json()).toEqual({ message: 'SLOT_NO_ACCOUNT' });
    const steal = await post(t, bob, '/api/wallet/transfer', { from: 'PG', to: 'wallet', amount: 40 });
    expect(steal.json()).toEqual({ message: 'SLOT_NO_ACCOUNT' });
    expect((await post(t, bob, '/api/wallet/transferAll', { to: 'wallet' })).json()).toEqual({
      message: 'MONEY_NOT_ENOUGH',
    });
    const launch = await get(t, bob, `/api/autoLogin/pg/${alicePg.username}`);
    expect(launch.statusCode).toBe(404);
    expect(launch.json()).toEqual({ message: 'NO_DATA' });
    const launchImi = await get(t, bob, `/api/autoLogin/imi/${aliceImi.username}/${aliceImi.password}`);
    expect(launchImi.statusCode).toBe(404);
    // B opening an account at PG gets an account of B's own; A's stays A's.
    const bobPg = await activate(t, bob, 'PG');
    expect(bobPg.username).not.toBe(alicePg.username);
    expect((await get(t, bob, `/api/autoLogin/pg/${alicePg.username}`)).statusCode).toBe(404);
    expect(await balances(t, alice)).toMatchObject({ wallet: 60, slots: { PG: 40 } });
    expect(await balances(t, bob)).toMatchObject({ wallet: 100, slots: { PG: 0 } });
  });

  it("cannot replay A's Idempotency-Key into A's answer", async () => {
    const key = 'shared-key-123';
    const first = await post(t, alice, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 1 }, key);
    expect(first.json()).toMatchObject({ status: 'SUCCESS' });
    const other = await post(t, bob, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 1 }, key);
    expect(other.json()).toMatchObject({ status: 'SUCCESS', wallet: { amount: 99 } });
  });
});

describe('logs', () => {
  it('never contain auto-login or game-account path segments, nor game passwords', async () => {
    await get(t, alice, `/api/autoLogin/imi/${aliceImi.username}/${aliceImi.password}`);
    await get(t, alice, `/api/autoLogin/imi/${aliceImi.username}/${aliceImi.password}/extra`);
    await get(t, alice, '/api/wallet/account/IMI');
    const log = t.logs.join('');
    expect(log).toContain('/api/autoLogin/[redacted]');
    expect(log).toContain('/api/wallet/account/[redacted]');
    for (const secret of [aliceImi.username, aliceImi.password, alicePg.username, alicePg.password]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toContain('session=');
  });
});
