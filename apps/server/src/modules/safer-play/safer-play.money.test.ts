import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askAdjustment } from '../../../test/adjustments.ts';
import { activate, deposit, get, type Player, post, seedCatalogue } from '../../../test/games.ts';
import { bearer, registerMember, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { signedInOperator } from '../../../test/operators.ts';
import { LedgerRepository } from '../../core/ledger/ledger.repository.ts';
import { LedgerService } from '../../core/ledger/ledger.service.ts';
import { PersonRepository } from '../../core/person/person.repository.ts';
import { SaferPlayGate } from '../../core/safer-play/safer-play.gate.ts';
import { SaferPlayRepository } from '../../core/safer-play/safer-play.repository.ts';
import { FakeClock, HOUR_MS } from '../../lib/clock.ts';

/** The loss limit on every way into a game account, the QR refused before it exists, and deposits racing a limit. */

const clock = new FakeClock(new Date('2026-03-11T03:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ MONEY_RATE_PER_MINUTE: '1000', SESSION_TTL_HOURS: '720' }, { clock });
  await seedCatalogue(t);
});
afterAll(() => t.close());

const NONE = { day: null, week: null, month: null };

async function player(amount: number): Promise<Player> {
  const registered = await registerMember(t, { bankCode: 'KBANK' });
  if (amount > 0) await deposit(t, registered.id, 'BAHT', amount);
  return { id: registered.id, token: registered.token, phone: registered.username };
}

async function limits(p: Player, body: object) {
  const answer = await t.api({
    method: 'PUT',
    url: '/api/rg/limits',
    payload: { deposit: NONE, loss: NONE, ...body },
    headers: bearer(p.token),
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

describe('the loss limit', () => {
  it('refuses a transfer, an add and a transfer-all into games past the net moved in, with what is left', async () => {
    const p = await player(1000);
    await activate(t, p, 'PG');
    await limits(p, { loss: { ...NONE, day: 300 } });
    expect((await post(t, p, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 200 })).statusCode).toBe(200);
    const over = await post(t, p, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 150 });
    expect(over.statusCode).toBe(403);
    expect(over.json()).toEqual({ message: 'LOSS_LIMIT_REACHED', detail: '100.00' });
    expect((await post(t, p, '/api/wallet/add', { slotCode: 'PG', amount: 101 })).json().message).toBe(
      'LOSS_LIMIT_REACHED',
    );
    // Money back from the game gives room again: 200 in, 100 out, so 200 more may go in.
    expect((await post(t, p, '/api/wallet/transfer', { from: 'PG', to: 'wallet', amount: 100 })).statusCode).toBe(200);
    expect((await post(t, p, '/api/wallet/add', { slotCode: 'PG', amount: 200 })).statusCode).toBe(200);
    const all = await post(t, p, '/api/wallet/transferAll', { to: 'PG' });
    expect(all.json().message).toBe('LOSS_LIMIT_REACHED');
    expect((await get(t, p, '/api/wallet')).json().wallet.amount).toBe(700);
    const view = (await get(t, p, '/api/rg/limits')).json();
    expect(view.loss.day).toMatchObject({ amount: 300, used: 300, left: 0 });
    // The reality check's figure: the session moved 400 into games and 100 back.
    expect((await get(t, p, '/api/rg/status')).json().session.netResult).toBe(-300);
  });
});

describe('the loss limit and what the providers recorded', () => {
  it('counts play with money already in a game account: the larger of the net moved in and the recorded loss', async () => {
    const p = await player(1000);
    const { username } = await activate(t, p, 'PG');
    expect((await post(t, p, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 600 })).statusCode).toBe(200);
    // The next local day: nothing moved in yet today.
    clock.advance(24 * HOUR_MS);
    await limits(p, { loss: { ...NONE, day: 300 } });
    const bet = (stake: number) =>
      t.app.inject({
        method: 'POST',
        url: `/sandbox/games/PG/accounts/${username}/bets`,
        payload: { stake, win: 0, at: new Date(clock.now().getTime() - 60_000).toISOString() },
      });
    expect((await bet(250)).statusCode).toBe(200);
    expect((await get(t, p, '/api/rg/limits')).json().loss.day).toMatchObject({ used: 250, left: 50 });
    // Moved in today, 60 stays below the 250 recorded: it goes.
    expect((await post(t, p, '/api/wallet/add', { slotCode: 'PG', amount: 60 })).statusCode).toBe(200);
    // 250 more would make 310 moved in: past the limit; 50 was left by the larger of the two measures.
    const over = await post(t, p, '/api/wallet/add', { slotCode: 'PG', amount: 250 });
    expect(over.json()).toEqual({ message: 'LOSS_LIMIT_REACHED', detail: '50.00' });
    // Recorded losses past the limit close the way in, whatever was moved.
    expect((await bet(100)).statusCode).toBe(200);
    expect((await post(t, p, '/api/wallet/add', { slotCode: 'PG', amount: 1 })).json()).toEqual({
      message: 'LOSS_LIMIT_REACHED',
      detail: '0.00',
    });
  });
});

describe('a QR past the deposit limit', () => {
  it('is refused before it exists, with what is left', async () => {
    const p = await player(0);
    await limits(p, { deposit: { ...NONE, week: 100 } });
    const answer = await t.api({
      method: 'POST',
      url: '/api/qrcode/WW',
      payload: { amount: 100.01 },
      headers: bearer(p.token),
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ message: 'DEPOSIT_LIMIT_REACHED', detail: '100.00' });
    const rows = await t.app.db.selectFrom('qr_codes').select('id').where('member_id', '=', p.id).execute();
    expect(rows).toEqual([]);
  });

  it('paid after the limit was used up meanwhile: held in the suspense queue, never credited', async () => {
    const p = await player(0);
    await limits(p, { deposit: { ...NONE, day: 100 } });
    const created = await t.api({
      method: 'POST',
      url: '/api/qrcode/WW',
      payload: { amount: 100 },
      headers: bearer(p.token),
    });
    expect(created.statusCode, created.body).toBe(200);
    const { qrcodeId } = created.json();
    // Another deposit takes half the day's room before the QR is paid.
    const admin = await signedInOperator(t, 'admin');
    const publicId = (
      await t.app.db.selectFrom('members').select('public_id').where('id', '=', p.id).executeTakeFirstOrThrow()
    ).public_id;
    expect((await askAdjustment(t, admin, publicId, { amountMinor: '5000' })).statusCode).toBe(200);
    const paid = await t.app.inject({ method: 'POST', url: '/sandbox/payments/WW/pay', payload: { qrcodeId } });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await get(t, p, '/api/wallet')).json().wallet.amount).toBe(50);
    const held = await t.app.db
      .selectFrom('bank_transfers')
      .select(['status', 'unmatched_reason', 'recorded_by', 'amount_minor', 'entry_id'])
      .where('member_id', '=', p.id)
      .execute();
    expect(held).toEqual([
      {
        status: 'unmatched',
        unmatched_reason: 'deposit_limit',
        recorded_by: 'qr',
        amount_minor: 10_000n,
        entry_id: expect.any(BigInt),
      },
    ]);
    const queue = await t.api({
      method: 'GET',
      url: '/backoffice/api/bank-transfers?status=open',
      headers: admin.headers,
    });
    expect(
      queue
        .json()
        .transfers.some(
          (item: { reason: string; heldFor: { id: string } | null }) =>
            item.reason === 'deposit_limit' && item.heldFor?.id === publicId,
        ),
    ).toBe(true);
  });
});

describe('deposits racing a limit', () => {
  it('credits exactly up to it: 50 concurrent deposits of 30 at a limit of 1,000 credit 33', async () => {
    const p = await player(0);
    await limits(p, { deposit: { ...NONE, day: 1000 } });
    const gate = new SaferPlayGate({
      repository: new SaferPlayRepository(),
      people: new PersonRepository(),
      clock,
      timeZone: 'Asia/Bangkok',
    });
    const ledger = new LedgerService({
      repository: new LedgerRepository(),
      clock,
      depositCheck: (trx, memberId, amountMinor) => gate.assertDeposit(trx, memberId, amountMinor),
    });
    const { db } = t.app;
    const { wallet, clearing } = await ledger.depositAccounts(db, p.id, 'BAHT');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        db.transaction().execute((trx) =>
          ledger.postDeposit(trx, {
            memberId: p.id,
            idempotencyKey: `race:${randomUUID()}`,
            from: clearing.id,
            to: wallet.id,
            amountMinor: 3000n,
          }),
        ),
      ),
    );
    const credited = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason.message] : []));
    expect(credited).toBe(33);
    expect(new Set(refused)).toEqual(new Set(['DEPOSIT_LIMIT_REACHED']));
    expect(await ledger.balanceOf(db, wallet.id)).toBe(99_000n);
  });
});
