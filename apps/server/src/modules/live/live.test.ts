import { API } from '@member-wallet/contract/api-paths';
import { LIVE_EVENTS, LIVE_NAMESPACE, type WalletEvent } from '@member-wallet/contract/live';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askAdjustment } from '../../../test/adjustments.ts';
import { connectSocket } from '../../../test/chat.ts';
import { activate, fundedMember, type Player, post, seedCatalogue } from '../../../test/games.ts';
import { bearer, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { signedInOperator } from '../../../test/operators.ts';
import { payQrDeposit } from '../../../test/qr.ts';
import { askWithdrawal, reviewWithdrawal } from '../../../test/withdrawals.ts';

/** Live money over the member's socket (docs/live.md), with the flows that change a member's money for real. */

let t: TestApp;
let finance: Awaited<ReturnType<typeof signedInOperator>>;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp({
    PAYOUT_SETTLE_INTERVAL_MS: '0',
    SANDBOX_PAYOUT_DELAY_MS: '0',
    WITHDRAW_RATE_PER_MINUTE: '1000',
    WITHDRAW_RATE_PER_HOUR: '10000',
    MONEY_RATE_PER_MINUTE: '1000',
  });
  await seedCatalogue(t);
  // Withdrawals above 1,000 baht wait for an operator's review in this file.
  await t.app.siteSettings.setWithdrawAutoApproveMax('BAHT', 100_000n);
  finance = await signedInOperator(t, 'finance');
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

/** The member's live socket, and every `wallet` event it hears, in order. */
async function listen(player: Player) {
  const socket = await connectSocket(t, { token: player.token }, LIVE_NAMESPACE);
  sockets.push(socket);
  const heard: WalletEvent[] = [];
  socket.on(LIVE_EVENTS.wallet, (event: WalletEvent) => heard.push(event));
  /** Waits until `count` events were heard (the emit crosses the socket after the commit). */
  const events = async (count: number) => {
    for (let tries = 0; tries < 250 && heard.length < count; tries++) await new Promise((r) => setTimeout(r, 20));
    return heard;
  };
  return { socket, heard, events };
}

function withdraw(player: Player, amount: number) {
  return askWithdrawal(t, player, amount);
}

function pending(player: Player) {
  return t.api({ method: 'GET', url: API.walletPendingWithdrawals, headers: bearer(player.token) });
}

function review(action: 'approve' | 'reject', reference: string) {
  return reviewWithdrawal(t, finance.headers, action, reference, 'Name does not match');
}

const withdrawEvent = (status: string, amount: number, balance: number) =>
  expect.objectContaining({ type: 'withdraw', status, amount, balance, currency: 'BAHT' });

describe('the live socket', () => {
  it('admits a member by their session token only', async () => {
    await expect(connectSocket(t, {}, LIVE_NAMESPACE)).rejects.toThrow('UNAUTHORIZED');
    await expect(connectSocket(t, { token: 'not-a-token' }, LIVE_NAMESPACE)).rejects.toThrow('UNAUTHORIZED');
  });

  it('tells a withdrawal under review, then paid once approved; the pending list follows it', async () => {
    const player = await fundedMember(t, 3000);
    const live = await listen(player);
    const { reference, status } = await withdraw(player, 1500);
    expect(status).toBe('IN_PROGRESS');
    expect((await pending(player)).json()).toEqual({
      withdrawals: [{ id: reference, amount: 1500, currency: 'BAHT', review: true, createdAt: expect.any(String) }],
    });
    expect(await live.events(1)).toEqual([withdrawEvent('IN_PROGRESS', -1500, 1500)]);
    expect((await review('approve', reference)).statusCode).toBe(200);
    expect(await live.events(2)).toEqual([
      withdrawEvent('IN_PROGRESS', -1500, 1500),
      withdrawEvent('SUCCESS', -1500, 1500),
    ]);
    expect(live.heard[0]?.reference).toBe(live.heard[1]?.reference);
    expect((await pending(player)).json()).toEqual({ withdrawals: [] });
  });

  it('tells a rejected withdrawal failed, with the money back in the wallet', async () => {
    const player = await fundedMember(t, 2000);
    const live = await listen(player);
    const { reference } = await withdraw(player, 1200);
    expect((await review('reject', reference)).statusCode).toBe(200);
    expect(await live.events(2)).toEqual([
      withdrawEvent('IN_PROGRESS', -1200, 800),
      withdrawEvent('FAILED', 1200, 2000),
    ]);
  });

  it("tells an operator's adjustment to its member, and nothing to another member", async () => {
    const player = await fundedMember(t, 10);
    const other = await listen(await fundedMember(t, 10));
    const live = await listen(player);
    const publicId = (
      await t.app.db.selectFrom('members').select('public_id').where('id', '=', player.id).executeTakeFirstOrThrow()
    ).public_id;
    const answer = await askAdjustment(t, finance, publicId, { amountMinor: '2550' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await live.events(1)).toEqual([
      expect.objectContaining({ type: 'adjustment', status: 'SUCCESS', amount: 25.5, balance: 35.5 }),
    ]);
    expect(other.heard).toEqual([]);
  });

  it('tells a QR deposit credited when the sandbox gateway pays it', async () => {
    const player = await fundedMember(t, 0);
    const live = await listen(player);
    await payQrDeposit(t, player.token, 300);
    expect(await live.events(1)).toEqual([
      expect.objectContaining({ type: 'deposit', status: 'SUCCESS', amount: 300, balance: 300 }),
    ]);
  });

  it('tells a transfer to a game account and back, with the wallet after each', async () => {
    const player = await fundedMember(t, 100);
    await activate(t, player, 'PG');
    const live = await listen(player);
    expect((await post(t, player, API.walletTransfer, { from: 'wallet', to: 'PG', amount: 40 })).statusCode).toBe(200);
    expect((await post(t, player, API.walletTransfer, { from: 'PG', to: 'wallet', amount: 15 })).statusCode).toBe(200);
    const heard = await live.events(3);
    expect(heard[0]).toMatchObject({ type: 'transfer', status: 'IN_PROGRESS', amount: -40, balance: 60 });
    // The provider applied it: the completion (one statement of its own) is news too.
    expect(heard[1]).toMatchObject({ type: 'transfer', status: 'SUCCESS', amount: -40, balance: 60 });
    expect(heard.at(-1)).toMatchObject({ type: 'transfer', status: 'SUCCESS', balance: 75 });
  });

  it('drops the socket of a session that ended', async () => {
    const player = await fundedMember(t, 0);
    const live = await listen(player);
    const closed = new Promise((resolve) => live.socket.once('disconnect', resolve));
    await t.api({ method: 'POST', url: API.logout, headers: bearer(player.token) });
    await t.app.live.recheckSessions();
    expect(await closed).toBe('io server disconnect');
  });
});
