import { randomUUID } from 'node:crypto';
import { GAME_CATEGORIES, GAME_PROVIDER_CODES, walletResponse } from '@member-wallet/contract/wallet';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  activate,
  balances,
  fundedMember,
  get,
  noDrift,
  post,
  providerBalanceMinor,
  seedCatalogue,
  setFaults,
} from '../../../test/games.ts';
import { startTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ GAME_PROVIDER_TIMEOUT_MS: '300', TRANSFER_RECONCILE_INTERVAL_MS: '0' });
  await seedCatalogue(t);
});
afterAll(() => t.close());
beforeEach(() => setFaults(t, {}));

describe('GET /api/wallet', () => {
  it('answers the contract shape with every demo provider, all inactive, and the wallet amount', async () => {
    const player = await fundedMember(t, 250.5);
    const answer = await get(t, player, '/api/wallet');
    expect(answer.statusCode).toBe(200);
    const body = walletResponse.parse(answer.json());
    expect(body.wallet).toEqual({ amount: 250.5, currency: 'BAHT' });
    // Prize-wheel coins: one per 100 baht of completed deposits (docs/promotions/wheel.md).
    expect(body.profile).toMatchObject({ username: player.phone, coin: 2 });
    // The invite programme's split (modules/invite), its defaults here; nothing collectable without invitees.
    expect(body.invite).toEqual({ amount: 0, success: 80, fail: 20 });
    const codes = body.slots.map((slot) => slot.code);
    for (const code of GAME_PROVIDER_CODES) expect(codes).toContain(code);
    for (const category of GAME_CATEGORIES) expect(body.slots.some((slot) => slot.category === category)).toBe(true);
    expect(body.slots.every((slot) => !slot.isActive && slot.amount === 0 && slot.ftWalletSlot === 1)).toBe(true);
    expect(body.slots.some((slot) => slot.android === null)).toBe(true);
  });

  it('serves the bundled logos and backgrounds', async () => {
    const player = await fundedMember(t);
    const slot = (await get(t, player, '/api/wallet')).json().slots[0];
    for (const url of [slot.logo, slot.background]) {
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.body).toContain('<svg');
    }
  });

  it('requires a session', async () => {
    expect((await t.api({ method: 'GET', url: '/api/wallet' })).statusCode).toBe(401);
  });
});

describe('game accounts', () => {
  it('activates once, shows the credentials, resets the password', async () => {
    const player = await fundedMember(t);
    const created = await activate(t, player, 'PG');
    expect(created.username).toMatch(/^pg\d+$/);
    const again = await get(t, player, '/api/wallet/activate/PG');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'SLOT_ALREADY_ACTIVE' });
    expect((await get(t, player, '/api/wallet/account/PG')).json()).toEqual(created);
    const reset = (await get(t, player, '/api/wallet/resetpassword/PG')).json();
    expect(reset.username).toBe(created.username);
    expect(reset.password).not.toBe(created.password);
    expect((await get(t, player, '/api/wallet/account/PG')).json()).toEqual(reset);
    const slot = (await get(t, player, '/api/wallet'))
      .json()
      .slots.find((item: { code: string }) => item.code === 'PG');
    expect(slot.isActive).toBe(true);
  });

  it('resets to a password of our making with no look-alike characters, which the provider then holds', async () => {
    const player = await fundedMember(t);
    const created = await activate(t, player, 'PGSLOT');
    const passwords: string[] = [];
    for (let round = 0; round < 12; round++) {
      passwords.push((await get(t, player, '/api/wallet/resetpassword/PGSLOT')).json().password);
    }
    for (const password of passwords) {
      // Read aloud or copied by hand into a game app: no l, I, 1, O, 0 or o, and letters of both cases and a digit.
      expect(password).toMatch(/^[A-HJ-NP-Za-km-np-z2-9]{10}$/);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/\d/);
    }
    expect(new Set(passwords).size).toBe(passwords.length);
    const held = await t.app.sandboxDb
      .selectFrom('sandbox_game_accounts')
      .select('password')
      .where('provider_code', '=', 'PGSLOT')
      .where('username', '=', created.username)
      .executeTakeFirstOrThrow();
    expect(held.password).toBe(passwords.at(-1));
  });

  it('stores the game password sealed, never in clear', async () => {
    const player = await fundedMember(t);
    const created = await activate(t, player, 'JOKER');
    const row = await t.app.db
      .selectFrom('game_accounts')
      .select('password_encrypted')
      .where('member_id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(row.password_encrypted).not.toContain(created.password);
    expect(row.password_encrypted).toMatch(/^v1\./);
  });

  it('answers NO_GAME for an unknown provider and SLOT_NO_ACCOUNT before activation', async () => {
    const player = await fundedMember(t);
    expect((await get(t, player, '/api/wallet/activate/NOPE')).json()).toEqual({ message: 'NO_GAME' });
    expect((await get(t, player, '/api/wallet/account/SLOTXO')).json()).toEqual({ message: 'SLOT_NO_ACCOUNT' });
    expect((await get(t, player, '/api/wallet/resetpassword/SLOTXO')).json()).toEqual({ message: 'SLOT_NO_ACCOUNT' });
  });

  it('answers SLOT_ACTIVATE_FAIL and SLOT_RESET_PASSWORD_FAIL when the provider fails', async () => {
    const player = await fundedMember(t);
    await setFaults(t, { errorRate: 1, operations: ['createAccount', 'resetPassword'] });
    const failed = await get(t, player, '/api/wallet/activate/CIRCUS');
    expect(failed.json()).toEqual({ message: 'SLOT_ACTIVATE_FAIL' });
    await setFaults(t, {});
    await activate(t, player, 'CIRCUS');
    await setFaults(t, { errorRate: 1, operations: ['resetPassword'] });
    expect((await get(t, player, '/api/wallet/resetpassword/CIRCUS')).json()).toEqual({
      message: 'SLOT_RESET_PASSWORD_FAIL',
    });
  });
});

describe('transfers', () => {
  it('moves money to a game account and back, provider and ledger agreeing', async () => {
    const player = await fundedMember(t, 500);
    const { username } = await activate(t, player, 'PG');
    const to = await post(t, player, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 100.25 });
    expect(to.statusCode).toBe(200);
    expect(to.json()).toMatchObject({ message: 'SUCCESS', status: 'SUCCESS', wallet: { amount: 399.75 } });
    expect(await providerBalanceMinor(t, 'PG', username)).toBe(10_025n);
    expect(await balances(t, player)).toMatchObject({ wallet: 399.75, slots: { PG: 100.25 } });
    const back = await post(t, player, '/api/wallet/transfer', { from: 'PG', to: 'wallet', amount: 50 });
    expect(back.json()).toMatchObject({ status: 'SUCCESS', wallet: { amount: 449.75 } });
    expect(await providerBalanceMinor(t, 'PG', username)).toBe(5_025n);
    expect(await balances(t, player)).toMatchObject({ wallet: 449.75, slots: { PG: 50.25 } });
    expect(await noDrift(t)).toBe(true);
  });

  it('/add moves wallet money into the named game account', async () => {
    const player = await fundedMember(t, 100);
    const { username } = await activate(t, player, 'BETFLIX');
    const answer = await post(t, player, '/api/wallet/add', { slotCode: 'BETFLIX', amount: 30 });
    expect(answer.json()).toMatchObject({ status: 'SUCCESS', wallet: { amount: 70 } });
    expect(await providerBalanceMinor(t, 'BETFLIX', username)).toBe(3_000n);
  });

  it('refuses below 1 baht, more than the wallet holds, the same account, and unknown accounts', async () => {
    const player = await fundedMember(t, 10);
    await activate(t, player, 'PG');
    const cases: [Record<string, unknown>, unknown][] = [
      [
        { from: 'wallet', to: 'PG', amount: 0.99 },
        { message: 'TRANSFER_MINIMUM', fields: { amount: 'TRANSFER_MINIMUM' } },
      ],
      [{ from: 'wallet', to: 'PG', amount: 10.01 }, { message: 'MONEY_NOT_ENOUGH' }],
      [
        { from: 'PG', to: 'PG', amount: 5 },
        { message: 'KEY_INVALID', fields: { to: 'KEY_INVALID' } },
      ],
      [{ from: 'wallet', to: 'JOKER', amount: 5 }, { message: 'SLOT_NO_ACCOUNT' }],
      [{ from: 'wallet', to: 'NOPE', amount: 5 }, { message: 'NO_GAME' }],
      [
        { from: 'wallet', to: 'PG', amount: 1.001 },
        { message: 'KEY_INVALID', fields: { amount: 'KEY_INVALID' } },
      ],
    ];
    for (const [payload, expected] of cases) {
      expect((await post(t, player, '/api/wallet/transfer', payload)).json()).toEqual(expected);
    }
    expect((await balances(t, player)).wallet).toBe(10);
  });

  it('requires an Idempotency-Key and replays the first answer without moving money twice', async () => {
    const player = await fundedMember(t, 100);
    const { username } = await activate(t, player, 'PG');
    const missing = await post(t, player, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 10 }, null);
    expect(missing.json()).toEqual({ message: 'KEY_MISSING', fields: { 'idempotency-key': 'KEY_MISSING' } });
    const key = randomUUID();
    const first = await post(t, player, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 10 }, key);
    const second = await post(t, player, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 10 }, key);
    expect(second.json()).toEqual(first.json());
    expect(await providerBalanceMinor(t, 'PG', username)).toBe(1_000n);
    const reused = await post(t, player, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 11 }, key);
    expect(reused.json()).toEqual({ message: 'IDEMPOTENCY_KEY_REUSED' });
    expect((await balances(t, player)).wallet).toBe(90);
  });

  it('TRANSFER_FAIL returns the funds to the wallet', async () => {
    const player = await fundedMember(t, 100);
    const { username } = await activate(t, player, 'PG');
    await setFaults(t, { errorRate: 1 });
    const failed = await post(t, player, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 40 });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ message: 'TRANSFER_FAIL' });
    expect(await balances(t, player)).toMatchObject({ wallet: 100, slots: { PG: 0 } });
    expect(await providerBalanceMinor(t, 'PG', username)).toBe(0n);
    expect(await noDrift(t)).toBe(true);
  });

  it('transferAll gathers every game account into the wallet, and then into one game account', async () => {
    const player = await fundedMember(t, 300);
    await activate(t, player, 'PG');
    const joker = await activate(t, player, 'JOKER');
    await post(t, player, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 100 });
    await post(t, player, '/api/wallet/transfer', { from: 'wallet', to: 'JOKER', amount: 50 });
    const home = await post(t, player, '/api/wallet/transferAll', { to: 'wallet' });
    expect(home.json()).toMatchObject({ status: 'SUCCESS', wallet: { amount: 300 } });
    const all = await post(t, player, '/api/wallet/transferAll', { to: 'JOKER' });
    expect(all.json()).toMatchObject({ status: 'SUCCESS', wallet: { amount: 0 } });
    expect(await providerBalanceMinor(t, 'JOKER', joker.username)).toBe(30_000n);
    expect(await balances(t, player)).toMatchObject({ wallet: 0, slots: { PG: 0, JOKER: 300 } });
    const nothing = await post(t, player, '/api/wallet/transferAll', { to: 'JOKER' });
    expect(nothing.json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
  });

  it('picks up game wins and losses from the provider on refresh and before paying out', async () => {
    const player = await fundedMember(t, 100);
    const { username } = await activate(t, player, 'PG');
    await post(t, player, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 100 });
    // The member wins 20 at the provider's game.
    await t.app.sandboxDb
      .updateTable('sandbox_game_accounts')
      .set({ balance_minor: 12_000n })
      .where('username', '=', username)
      .execute();
    expect((await balances(t, player)).slots.PG).toBe(100);
    const refreshed = (await get(t, player, '/api/wallet/refresh/slot')).json();
    expect(refreshed.slots.find((slot: { code: string }) => slot.code === 'PG').amount).toBe(120);
    const out = await post(t, player, '/api/wallet/transfer', { from: 'PG', to: 'wallet', amount: 120 });
    expect(out.json()).toMatchObject({ status: 'SUCCESS', wallet: { amount: 120 } });
    expect(await noDrift(t)).toBe(true);
  });

  it('limits money actions per member', async () => {
    const player = await fundedMember(t, 1);
    const answers = [];
    for (let index = 0; index < 31; index++) {
      answers.push((await post(t, player, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 1 })).json());
    }
    expect(answers.at(-1)).toEqual({ message: 'REQUEST_LIMIT_1MIN' });
  });

  it('takes the per-member limit from MONEY_RATE_PER_MINUTE', async () => {
    const strict = await startTestApp({ MONEY_RATE_PER_MINUTE: '2', TRANSFER_RECONCILE_INTERVAL_MS: '0' });
    try {
      await seedCatalogue(strict);
      const player = await fundedMember(strict, 10);
      const send = () => post(strict, player, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 1 });
      expect((await send()).json()).not.toEqual({ message: 'REQUEST_LIMIT_1MIN' });
      expect((await send()).json()).not.toEqual({ message: 'REQUEST_LIMIT_1MIN' });
      expect((await send()).json()).toEqual({ message: 'REQUEST_LIMIT_1MIN' });
    } finally {
      await strict.close();
    }
  });
});
