import { randomUUID } from 'node:crypto';
import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askAdjustment } from '../../../test/adjustments.ts';
import { activate, deposit, post, seedCatalogue, setFaults } from '../../../test/games.ts';
import { bearer, registerMember, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { signedInOperator } from '../../../test/operators.ts';
import { FakeClock, HOUR_MS } from '../../lib/clock.ts';

/**
 * Time-outs and self-exclusion (docs/safer-play.md): every session ends, sign-in is refused with the end and a
 * limited session that can only withdraw, nothing else moves money, and the account reopens only after the end,
 * the member's ask and 24 more hours. Nobody can lift it early.
 */

const clock = new FakeClock(new Date('2026-03-11T03:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SESSION_TTL_HOURS: '720' }, { clock });
  await seedCatalogue(t);
});
afterAll(() => t.close());

async function member(amount = 0) {
  const registered = await registerMember(t, { bankCode: 'KBANK' });
  if (amount > 0) await deposit(t, registered.id, 'BAHT', amount);
  return { ...registered, phone: registered.username };
}

type Member = Awaited<ReturnType<typeof member>>;

function login(m: Member) {
  return t.api({ method: 'POST', url: '/api/login', payload: { username: m.username, password: m.password } });
}

async function limitedToken(m: Member, code: 'TIMED_OUT' | 'SELF_EXCLUDED'): Promise<string> {
  const answer = await login(m);
  expect(answer.statusCode, answer.body).toBe(403);
  expect(answer.json()).toMatchObject({ message: code, session: { token: expect.any(String) } });
  return answer.json().session.token;
}

function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.api({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { ...bearer(token), 'idempotency-key': randomUUID() },
  });
}

describe('a time-out', () => {
  it('ends every session, brings game balances back, and refuses sign-in with its end and a limited session', async () => {
    const m = await member(500);
    const player = { id: m.id, token: m.token, phone: m.phone };
    await activate(t, player, 'PG');
    expect((await post(t, player, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 200 })).statusCode).toBe(
      200,
    );
    const second = (await login(m)).json().token as string;

    const answer = await call(m.token, 'POST', '/api/rg/timeout', { days: 1 });
    expect(answer.statusCode, answer.body).toBe(200);
    const endsAt = new Date(clock.now().getTime() + 24 * HOUR_MS).toISOString();
    expect(answer.json()).toMatchObject({ message: 'SUCCESS', block: { kind: 'timeout', endsAt, ended: false } });
    for (const token of [m.token, second]) {
      expect((await call(token, 'GET', '/api/wallet')).json()).toEqual({ message: 'invalid-token' });
    }

    const refused = await login(m);
    expect(refused.json()).toMatchObject({ message: 'TIMED_OUT', detail: endsAt });
    const limited = refused.json().session.token as string;
    // The game account's 200 came back to the wallet.
    expect((await call(limited, 'GET', '/api/wallet')).json().wallet.amount).toBe(500);
  });

  it('lets the limited session bring game money back and withdraw, and nothing else', async () => {
    const m = await member(500);
    const player = { id: m.id, token: m.token, phone: m.phone };
    await activate(t, player, 'PG');
    expect((await post(t, player, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 100 })).statusCode).toBe(
      200,
    );
    // The provider refuses when the block starts: the game balance stays there for now.
    await setFaults(t, { errorRate: 1 });
    expect((await call(m.token, 'POST', '/api/rg/timeout', { days: 7 })).statusCode).toBe(200);
    await setFaults(t, {});
    const limited = await limitedToken(m, 'TIMED_OUT');
    expect((await call(limited, 'GET', '/api/wallet')).json().wallet.amount).toBe(400);
    const back = await call(limited, 'POST', '/api/wallet/transferAll', { to: 'wallet' });
    expect(back.json()).toMatchObject({ message: 'SUCCESS', wallet: { amount: 500 } });
    const withdraw = await call(limited, 'POST', '/api/wallet/withdraw', { amount: 100 });
    expect(withdraw.statusCode, withdraw.body).toBe(200);
    expect((await call(limited, 'GET', '/api/rg/status')).json()).toMatchObject({ block: { kind: 'timeout' } });
    const closed: [method: 'GET' | 'POST' | 'PUT', url: string, body?: object][] = [
      ['POST', '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 10 }],
      ['POST', '/api/wallet/transferAll', { to: 'PG' }],
      ['POST', '/api/wallet/add', { slotCode: 'PG', amount: 10 }],
      ['POST', '/api/qrcode/WW', { amount: 100 }],
      ['GET', '/api/bonus'],
      ['GET', '/api/refund/receive'],
      ['POST', '/api/spinwheel/spin'],
      ['GET', '/api/invite/bonus'],
      [
        'PUT',
        '/api/rg/limits',
        { deposit: { day: null, week: null, month: null }, loss: { day: null, week: null, month: null } },
      ],
      ['POST', '/api/rg/self-exclusion', { months: 6 }],
    ];
    for (const [method, url, body] of closed) {
      const answer = await call(limited, method, url, body);
      expect([url, answer.statusCode, answer.json()]).toEqual([url, 403, { message: 'TIMED_OUT' }]);
    }
  });

  it('closes every deposit channel: an operator credit refused for any role, a bank transfer held', async () => {
    const m = await member();
    expect((await call(m.token, 'POST', '/api/rg/timeout', { days: 30 })).statusCode).toBe(200);
    for (const role of ['admin', 'finance', 'support'] as const) {
      const operator = await signedInOperator(t, role);
      const answer = await askAdjustment(t, operator, m.publicId, { amountMinor: '1000' });
      expect(answer.json().message).toMatch(/TIMED_OUT|FORBIDDEN/);
    }
    await t.app.inject({
      method: 'POST',
      url: '/sandbox/bank/transfers',
      payload: { fromBankCode: 'KBANK', fromAccountNo: m.bankAccountNo, amount: 50 },
    });
    await t.app.bankFeedMatcher.runOnce();
    const row = await t.app.db
      .selectFrom('bank_transfers')
      .select(['status', 'unmatched_reason'])
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'unmatched', unmatched_reason: 'timed_out' });
  });

  it('keeps a transfer held for the member theirs: assigned to nobody else, only sent back to the payer', async () => {
    // Issue 39 finding 11: an operator could assign the timed-out member's held transfer to any other member.
    const [m, other] = [await member(), await member()];
    expect((await call(m.token, 'POST', '/api/rg/timeout', { days: 1 })).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/sandbox/bank/transfers',
      payload: { fromBankCode: 'KBANK', fromAccountNo: m.bankAccountNo, amount: 70 },
    });
    await t.app.bankFeedMatcher.runOnce();
    const held = await t.app.db
      .selectFrom('bank_transfers')
      .select('id')
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    const finance = await signedInOperator(t, 'finance');
    const assign = (memberId: string) =>
      t.api({
        method: 'POST',
        url: backofficePath(BACKOFFICE_API.bankTransferAssign, String(held.id)),
        headers: finance.headers,
        payload: { memberId },
      });
    const elsewhere = await assign(other.publicId);
    expect([elsewhere.statusCode, elsewhere.json()]).toEqual([409, { message: 'HELD_FOR_MEMBER' }]);
    expect((await assign(m.publicId)).json()).toMatchObject({ message: 'TIMED_OUT' });
    const row = await t.app.db
      .selectFrom('bank_transfers')
      .select(['settled_as', 'settled_member_id'])
      .where('id', '=', held.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ settled_as: null, settled_member_id: null });
  });

  it('reopens only after its end, the member asking, and 24 more hours', async () => {
    const m = await member();
    expect((await call(m.token, 'POST', '/api/rg/timeout', { days: 1 })).statusCode).toBe(200);
    let limited = await limitedToken(m, 'TIMED_OUT');
    expect((await call(limited, 'POST', '/api/rg/reopen')).json()).toMatchObject({ message: 'TIMED_OUT' });
    clock.advance(24 * HOUR_MS);
    limited = await limitedToken(m, 'TIMED_OUT');
    expect((await call(limited, 'GET', '/api/rg/status')).json().block).toMatchObject({ ended: true, reopensAt: null });
    const asked = await call(limited, 'POST', '/api/rg/reopen');
    const reopensAt = new Date(clock.now().getTime() + 24 * HOUR_MS).toISOString();
    expect(asked.json()).toMatchObject({ message: 'SUCCESS', block: { reopensAt } });
    clock.advance(24 * HOUR_MS - 1);
    await limitedToken(m, 'TIMED_OUT');
    clock.advance(1);
    const open = await login(m);
    expect(open.statusCode, open.body).toBe(200);
    expect((await call(open.json().token, 'GET', '/api/rg/status')).json().block).toBeNull();
  });
});

describe('self-exclusion', () => {
  it('for good: sign-in refused with no end, never reopened', async () => {
    const m = await member();
    const answer = await call(m.token, 'POST', '/api/rg/self-exclusion', { months: 0 });
    expect(answer.json()).toMatchObject({ block: { kind: 'self_exclusion', endsAt: null } });
    const refused = await login(m);
    expect(refused.json().message).toBe('SELF_EXCLUDED');
    expect(refused.json().detail).toBeUndefined();
    clock.advance(10 * 365 * 24 * HOUR_MS);
    const limited = await limitedToken(m, 'SELF_EXCLUDED');
    expect((await call(limited, 'POST', '/api/rg/reopen')).json()).toEqual({ message: 'SELF_EXCLUDED' });
  });

  it('refuses lengths that are not offered', async () => {
    const m = await member();
    for (const months of [1, 24, -1]) {
      expect((await call(m.token, 'POST', '/api/rg/self-exclusion', { months })).statusCode).toBe(400);
    }
    expect((await call(m.token, 'POST', '/api/rg/timeout', { days: 2 })).statusCode).toBe(400);
  });
});

describe('nobody lifts a block early', () => {
  it('no route writes safer play but the member own five: none of the back-office', () => {
    const writers = t.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .flatMap((line) => {
        const found = /(\/\S*) \(([A-Z, ]+)\)/.exec(line);
        if (!found?.[1] || !found[2] || !/safer|\/rg\//.test(found[1])) return [];
        return /POST|PUT|DELETE|PATCH/.test(found[2]) ? [found[1]] : [];
      });
    expect(writers.sort()).toEqual([
      '/api/rg/limits',
      '/api/rg/reality-check',
      '/api/rg/reopen',
      '/api/rg/self-exclusion',
      '/api/rg/timeout',
    ]);
  });
});
