import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activate, deposit, post, seedCatalogue } from '../../../test/games.ts';
import { nextAccountNo, registration, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { type Account, account, call, matchOf, register, selfExclude, signIn } from '../../../test/people.ts';
import { FakeClock } from '../../lib/clock.ts';

/**
 * Issue 39, finding 2: self-exclusion "for good" escaped in seconds with a new phone, the same name and an account
 * at another bank. A time-out or self-exclusion binds the person behind the accounts (docs/accounts.md, One person
 * behind the accounts): a registration that matches an excluded person is refused, and a sign-in, a deposit or a
 * transfer into a game of an account linked to them, or waiting for an operator's review with them, is refused.
 */

const clock = new FakeClock(new Date('2026-03-11T03:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SESSION_TTL_HOURS: '720' }, { clock });
  await seedCatalogue(t);
});
afterAll(() => t.close());

const player = (a: Account) => ({ id: a.id, token: a.token, phone: a.phone });

describe('a person who excluded themselves for good', () => {
  it('cannot register again with a new phone, the same name and an account at another bank', async () => {
    const excluded = await account(t, { bankCode: 'KBANK', bankAccountName: 'นาย สมชาย ใจดี' });
    await selfExclude(t, excluded);

    for (const fields of [
      { bankCode: 'SCB', bankAccountName: 'สมชาย ใจดี' },
      { bankCode: 'SCB', bankAccountName: 'นาย สมชาย  ใจดี' },
      { bankCode: 'SCB', bankAccountName: 'สมชาย ใจด' },
      { bankCode: 'BBL', bankAccountName: 'MR SOMCHAI JAIDEE' },
    ]) {
      const answer = await register(t, registration({ ...fields, bankAccountNo: nextAccountNo() }));
      expect(answer.statusCode, `${fields.bankAccountName}: ${answer.body}`).toBe(403);
      expect(answer.json()).toEqual({ message: 'SELF_EXCLUDED' });
    }
    const someoneElse = await register(t, registration({ bankCode: 'SCB', bankAccountName: 'สมหญิง รักดี' }));
    expect(someoneElse.statusCode, someoneElse.body).toBe(200);
  });

  it('cannot register again with the same account number at another bank under another name', async () => {
    const number = nextAccountNo();
    const excluded = await account(t, { bankCode: 'KBANK', bankAccountName: 'ANAN PERSONONE', bankAccountNo: number });
    await selfExclude(t, excluded, 6);
    const answer = await register(
      t,
      registration({ bankCode: 'SCB', bankAccountName: 'BOONMA OTHER', bankAccountNo: number }),
    );
    expect(answer.statusCode, answer.body).toBe(403);
    expect(answer.json()).toEqual({ message: 'SELF_EXCLUDED', detail: '2026-09-11T03:00:00.000Z' });
  });

  it('blocks an account of the same name registered before: its sessions end, sign-in is limited', async () => {
    const second = await account(t, { bankCode: 'SCB', bankAccountName: 'CHAIYA SAMENAME' });
    await deposit(t, second.id, 'BAHT', 500);
    await activate(t, player(second), 'PG');
    const excluded = await account(t, { bankCode: 'BBL', bankAccountName: 'MR CHAIYA SAMENAME' });
    expect(await matchOf(t, second, excluded)).toEqual({ status: 'open', signals: ['name'] });
    await selfExclude(t, excluded);

    // Its sessions ended with the exclusion; signing in gives the limited session, which cannot pay in or play.
    expect((await call(t, second.token, 'GET', '/api/wallet')).json()).toEqual({ message: 'invalid-token' });
    const login = await signIn(t, second.phone, second.password);
    expect(login.statusCode, login.body).toBe(403);
    expect(login.json()).toMatchObject({ message: 'SELF_EXCLUDED', session: { token: expect.any(String) } });
    const limited = login.json().session.token as string;
    const qr = await call(t, limited, 'POST', '/api/qrcode/KBANK', { amount: 500 });
    expect([qr.statusCode, qr.json().message]).toEqual([403, 'SELF_EXCLUDED']);
    const transfer = await call(t, limited, 'POST', '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 500 });
    expect(transfer.json()).toMatchObject({ message: 'SELF_EXCLUDED' });
  });

  it('blocks an account of the name in the other script registered before, which no look-up found then', async () => {
    // Seen in person.property.test.ts (seed 594716347): a Thai-script account registered before the Latin one's
    // exclusion went on moving money into a game; at registration the other script is found only with another signal.
    const thai = await account(t, { bankCode: 'SCB', bankAccountName: 'นาง ณัฐพล สุวรรณ' });
    await deposit(t, thai.id, 'BAHT', 300);
    await activate(t, player(thai), 'PG');
    const excluded = await account(t, { bankCode: 'KBANK', bankAccountName: 'NATTHAPHON SUWAN' });
    expect(await matchOf(t, thai, excluded)).toBeUndefined();
    await selfExclude(t, excluded);

    expect(await matchOf(t, thai, excluded)).toEqual({ status: 'open', signals: ['name'] });
    expect((await call(t, thai.token, 'GET', '/api/wallet')).json()).toEqual({ message: 'invalid-token' });
    const login = await signIn(t, thai.phone, thai.password);
    expect(login.json()).toMatchObject({ message: 'SELF_EXCLUDED' });
    const limited = login.json().session.token as string;
    const transfer = await call(t, limited, 'POST', '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 100 });
    expect(transfer.json()).toMatchObject({ message: 'SELF_EXCLUDED' });
  });

  it('blocks an account of another name signed in on the excluded person’s device', async () => {
    const excluded = await account(t, { bankCode: 'KBANK', bankAccountName: 'DEVICE OWNER' });
    const other = await account(t, { bankCode: 'SCB', bankAccountName: 'PRASERT ELSEWHERE' });
    await selfExclude(t, excluded);
    const relogin = await signIn(t, other.phone, other.password, excluded.cookie);
    expect(relogin.statusCode, relogin.body).toBe(403);
    expect(relogin.json()).toMatchObject({ message: 'SELF_EXCLUDED' });
    expect(await matchOf(t, other, excluded)).toEqual({ status: 'open', signals: ['device'] });
    const qr = await call(t, other.token, 'POST', '/api/qrcode/KBANK', { amount: 500 });
    expect(qr.json()).toMatchObject({ message: 'SELF_EXCLUDED' });
  });

  it('ends the sessions of a linked account and brings its game money back when the person is excluded', async () => {
    const first = await account(t, { bankCode: 'KBANK', bankAccountName: 'NIRAN LINKED' });
    const second = await account(t, { bankCode: 'SCB', bankAccountName: 'MR NIRAN LINKED' }, first.cookie);
    expect(await matchOf(t, first, second)).toEqual({ status: 'linked', signals: ['name', 'device'] });
    await deposit(t, second.id, 'BAHT', 500);
    await activate(t, player(second), 'PG');
    const moved = await post(t, player(second), '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 200 });
    expect(moved.statusCode, moved.body).toBe(200);

    await selfExclude(t, first);
    expect((await call(t, second.token, 'GET', '/api/wallet')).json()).toEqual({ message: 'invalid-token' });
    const limited = await signIn(t, second.phone, second.password);
    expect(limited.json()).toMatchObject({ message: 'SELF_EXCLUDED' });
    const wallet = await call(t, limited.json().session.token, 'GET', '/api/wallet');
    expect(wallet.json().wallet.amount).toBe(500);
  });
});
