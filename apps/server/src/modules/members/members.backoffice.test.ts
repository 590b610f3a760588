import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposit } from '../../../test/games.ts';
import { bearer, nextAddress, registerAndLogin, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { signedInOperator } from '../../../test/operators.ts';

let t: TestApp;
let support: Awaited<ReturnType<typeof signedInOperator>>;
beforeAll(async () => {
  t = await startTestApp();
  support = await signedInOperator(t, 'support');
});
afterAll(() => t.close());

async function newMember(overrides: Record<string, unknown> = {}) {
  const registered = await registerAndLogin(t, overrides);
  const row = await t.app.db
    .selectFrom('members')
    .select(['id', 'public_id', 'bank_account_no'])
    .where('phone', '=', registered.username)
    .executeTakeFirstOrThrow();
  return { ...registered, id: row.id, publicId: row.public_id, accountNo: row.bank_account_no };
}

function search(q: string, headers = support.headers) {
  return t.api({ method: 'GET', url: `${BACKOFFICE_API.members}?q=${encodeURIComponent(q)}`, headers });
}

function action(pattern: string, id: string, headers = support.headers, payload?: object) {
  return t.api({ method: 'POST', url: backofficePath(pattern, id), headers, ...(payload ? { payload } : {}) });
}

describe('members in the back-office', () => {
  it('finds a member by phone start, part of the name, or bank account end, with the wallet balance', async () => {
    const member = await newMember({ name: 'Wanida Rakdee' });
    await deposit(t, member.id, 'BAHT', 123.45);
    for (const q of [member.username.slice(0, 7), 'anida rak', member.accountNo.slice(-5)]) {
      const answer = await search(q);
      expect(answer.statusCode, answer.body).toBe(200);
      const found = answer.json().members.find((each: { id: string }) => each.id === member.publicId);
      expect(found, q).toMatchObject({
        phone: member.username,
        name: 'Wanida Rakdee',
        currency: 'BAHT',
        status: 'active',
        walletMinor: '12345',
      });
    }
    // A LIKE wildcard is searched for as itself, not as "anything".
    expect((await search('%')).json().members).toEqual([]);
    expect((await search('x'.repeat(65))).json()).toMatchObject({ message: 'KEY_INVALID' });
  });

  it("shows a member's wallet entries, game accounts, slips and bonuses", async () => {
    const member = await newMember();
    await deposit(t, member.id, 'BAHT', 50);
    const answer = await t.api({
      method: 'GET',
      url: backofficePath(BACKOFFICE_API.member, member.publicId),
      headers: support.headers,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body.member).toMatchObject({ id: member.publicId, walletMinor: '5000' });
    expect(body.entries).toEqual([
      expect.objectContaining({ type: 'deposit', status: 'completed', walletChangeMinor: '5000' }),
    ]);
    expect(body).toMatchObject({ gameAccounts: [], slips: [], bonuses: [] });
    const unknown = await t.api({
      method: 'GET',
      url: backofficePath(BACKOFFICE_API.member, 'nobody'),
      headers: support.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('locks a member: sessions end, sign-in is refused, audited once; unlocking lets them in again', async () => {
    const member = await newMember();
    const reason = { reason: 'Reported stolen phone' };
    const [first, again] = [
      await action(BACKOFFICE_API.memberLock, member.publicId, support.headers, reason),
      await action(BACKOFFICE_API.memberLock, member.publicId, support.headers, reason),
    ];
    expect(first.json()).toMatchObject({ changed: true, member: { status: 'inactive' } });
    expect(again.json()).toMatchObject({ changed: false });
    expect((await t.api({ method: 'GET', url: '/api/wallet', headers: bearer(member.token) })).json()).toEqual({
      message: 'invalid-token',
    });
    const login = () =>
      t.api({
        method: 'POST',
        url: '/api/login',
        payload: { username: member.username, password: member.password },
        remoteAddress: nextAddress(),
      });
    expect((await login()).json()).toEqual({ message: 'INACTIVE_USER' });
    const audit = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target', '=', `member:${member.publicId}`)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: support.username,
      action: 'member.lock',
      before: { status: 'active' },
      after: { status: 'inactive', reason: 'Reported stolen phone' },
    });

    expect((await action(BACKOFFICE_API.memberUnlock, member.publicId)).json()).toMatchObject({ changed: true });
    expect((await login()).statusCode).toBe(200);
    expect(
      (await action(BACKOFFICE_API.memberLock, member.publicId, support.headers, { reason: 'no' })).json(),
    ).toMatchObject({
      message: 'KEY_INVALID',
    });
  });

  it('resets a password: a temporary one works once handed over, the old one and old sessions do not', async () => {
    const member = await newMember();
    const answer = await action(BACKOFFICE_API.memberResetPassword, member.publicId);
    expect(answer.statusCode, answer.body).toBe(200);
    const { temporaryPassword } = answer.json();
    expect(temporaryPassword).toMatch(/^[A-Z2-9]{10}$/);
    expect((await t.api({ method: 'GET', url: '/api/wallet', headers: bearer(member.token) })).statusCode).toBe(401);
    const login = (password: string) =>
      t.api({
        method: 'POST',
        url: '/api/login',
        payload: { username: member.username, password },
        remoteAddress: nextAddress(),
      });
    expect((await login(member.password)).json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    expect((await login(temporaryPassword)).statusCode).toBe(200);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('target', '=', `member:${member.publicId}`)
      .execute();
    expect(audit).toEqual([{ action: 'member.reset_password', after: { sessions: 'ended' } }]);
    expect(JSON.stringify(audit)).not.toContain(temporaryPassword);
  });

  it('refuses the finance role a lock and a reset', async () => {
    const member = await newMember();
    const finance = await signedInOperator(t, 'finance');
    for (const pattern of [BACKOFFICE_API.memberLock, BACKOFFICE_API.memberResetPassword]) {
      const answer = await action(pattern, member.publicId, finance.headers, { reason: 'Reported stolen phone' });
      expect([answer.statusCode, answer.json()]).toEqual([403, { message: 'FORBIDDEN' }]);
    }
  });
});
