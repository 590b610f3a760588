import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, nextAddress, nextPhone, registerAndLogin, startTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

function login({ cookie, ...payload }: { cookie?: string; [field: string]: unknown }, remoteAddress = nextAddress()) {
  return t.api({ method: 'POST', url: '/api/login', payload, remoteAddress, headers: cookie ? { cookie } : {} });
}
/** The `name=value` of the device cookie a successful login set. */
function deviceCookie(answer: { headers: Record<string, unknown> }): string {
  const header = String(answer.headers['set-cookie'] ?? '');
  const pair = header.split(';')[0] ?? '';
  if (!pair.startsWith('mw_device=')) throw new Error(`no device cookie in ${header}`);
  return pair;
}
function profile(token: string) {
  return t.api({ method: 'GET', url: '/api/account/profile', headers: bearer(token) });
}

describe('login', () => {
  it('returns a 256-bit token that expires after the session time, longer with remember-me', async () => {
    const member = await registerAndLogin(t);
    const short = (await login({ username: member.username, password: member.password })).json();
    expect(short.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const hours = (Date.parse(short.expiresAt) - t.clock.now().getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(12, 1);
    const long = (await login({ username: member.username, password: member.password, remember: true })).json();
    expect((Date.parse(long.expiresAt) - t.clock.now().getTime()) / 86_400_000).toBeCloseTo(30, 1);

    t.clock.advance(12 * 3_600_000 + 1000);
    expect((await profile(short.token)).json()).toEqual({ message: 'invalid-token' });
    expect((await profile(long.token)).statusCode).toBe(200);
  });

  it('answers WRONG_CREDENTIAL alike for an unknown phone and a wrong password', async () => {
    const member = await registerAndLogin(t);
    const wrongPassword = await login({ username: member.username, password: 'nope-nope' });
    const unknown = await login({ username: nextPhone(), password: 'nope-nope' });
    for (const answer of [wrongPassword, unknown]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    }
    expect((await login({ username: member.username })).json()).toEqual({
      message: 'KEY_MISSING',
      fields: { password: 'KEY_MISSING' },
    });
    expect((await login({ username: member.username, password: 5 })).json()).toMatchObject({ message: 'KEY_INVALID' });
  });

  it('answers INACTIVE_USER only after a correct password', async () => {
    const member = await registerAndLogin(t);
    await t.app.db.updateTable('members').set({ status: 'inactive' }).where('phone', '=', member.username).execute();
    expect((await login({ username: member.username, password: 'wrong-one' })).json()).toEqual({
      message: 'WRONG_CREDENTIAL',
    });
    const inactive = await login({ username: member.username, password: member.password });
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json()).toEqual({ message: 'INACTIVE_USER' });
    expect((await profile(member.token)).json()).toEqual({ message: 'invalid-token' });
  });

  it('backs off a phone and address after five failures, even for the right password, waiting longer each time', async () => {
    const member = await registerAndLogin(t);
    const address = nextAddress();
    const wrong = () => login({ username: member.username, password: 'wrong-one' }, address);
    const right = () => login({ username: member.username, password: member.password }, address);
    for (let index = 0; index < 5; index++) expect((await wrong()).statusCode).toBe(401);
    const locked = await right();
    expect([locked.statusCode, locked.json()]).toEqual([429, { message: 'REQUEST_LIMIT_1MIN' }]);
    t.clock.advance(60_000);
    expect((await wrong()).statusCode).toBe(401);
    t.clock.advance(30_000);
    expect((await right()).json()).toEqual({ message: 'REQUEST_LIMIT' });
    t.clock.advance(90_000);
    expect((await wrong()).statusCode).toBe(401);
    for (const minutes of [4, 8, 15, 15]) {
      t.clock.advance(minutes * 60_000 - 1000);
      expect((await right()).statusCode, `${minutes} min`).toBe(429);
      t.clock.advance(1000);
      expect((await wrong()).statusCode, `${minutes} min`).toBe(401);
    }
    t.clock.advance(15 * 60_000);
    expect((await right()).statusCode).toBe(200);
    expect((await wrong()).statusCode).toBe(401);
  });

  it('does not count refused attempts: thirty tries from one address leave the member free elsewhere', async () => {
    const member = await registerAndLogin(t);
    const stranger = nextAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 30; index++) {
      statuses.push((await login({ username: member.username, password: `guess-${index}` }, stranger)).statusCode);
    }
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(25).fill(429)]);
    expect((await login({ username: member.username, password: member.password })).statusCode).toBe(200);
  });

  it('gives parallel guesses at one phone and address no more than five tries', async () => {
    const member = await registerAndLogin(t);
    const address = nextAddress();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => login({ username: member.username, password: 'parallel-guess' }, address)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
  });

  it('does not count logins with the right password against the limit', async () => {
    const member = await registerAndLogin(t);
    const address = nextAddress();
    for (let index = 0; index < 8; index++) {
      expect((await login({ username: member.username, password: member.password }, address)).statusCode).toBe(200);
    }
    expect((await login({ username: member.username, password: 'wrong-one' }, address)).statusCode).toBe(401);
  });

  it('holds a phone guessed at from many addresses, but not the device the member signed in on', async () => {
    const member = await registerAndLogin(t);
    const own = await login({ username: member.username, password: member.password });
    const cookie = deviceCookie(own);
    for (let index = 0; index < 20; index++) {
      expect((await login({ username: member.username, password: `spread-${index}` })).statusCode).toBe(401);
    }
    const stranger = await login({ username: member.username, password: member.password });
    expect([stranger.statusCode, stranger.json()]).toEqual([429, { message: 'REQUEST_LIMIT_1MIN' }]);
    const fromOwnDevice = await login({ username: member.username, password: member.password, cookie });
    expect(fromOwnDevice.statusCode).toBe(200);
    // The known device has failures of its own, counted apart from the strangers'.
    for (let index = 0; index < 5; index++) {
      expect((await login({ username: member.username, password: 'typo-typo', cookie })).statusCode).toBe(401);
    }
    expect((await login({ username: member.username, password: member.password, cookie })).statusCode).toBe(429);
    t.clock.advance(60_000);
    expect((await login({ username: member.username, password: member.password, cookie })).statusCode).toBe(200);
  });

  it("does not take another phone's device cookie, or a forged one, as a known device", async () => {
    const [victim, other] = [await registerAndLogin(t), await registerAndLogin(t)];
    const otherCookie = deviceCookie(await login({ username: other.username, password: other.password }));
    const forged = otherCookie.replace(/\.[^.]+$/, `.${'A'.repeat(43)}`);
    for (let index = 0; index < 20; index++) {
      expect((await login({ username: victim.username, password: `spread-${index}` })).statusCode).toBe(401);
    }
    for (const cookie of [otherCookie, forged]) {
      expect((await login({ username: victim.username, password: victim.password, cookie })).statusCode).toBe(429);
    }
  });

  it('sets the device cookie HttpOnly, SameSite=Strict, on the login path only', async () => {
    const member = await registerAndLogin(t);
    const answer = await login({ username: member.username, password: member.password });
    const header = String(answer.headers['set-cookie']);
    expect(header).toMatch(/^mw_device=v1\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}; /);
    expect(header).toContain('; Path=/api/login;');
    expect(header).toContain('; HttpOnly; SameSite=Strict');
    expect(header).not.toContain('Secure');
    expect(header).not.toContain(member.username);
    expect((await login({ username: member.username, password: 'wrong-one' })).headers['set-cookie']).toBeUndefined();
  });

  it('locks an address after twenty failures a minute', async () => {
    const address = nextAddress();
    for (let index = 0; index < 20; index++) {
      expect((await login({ username: nextPhone(), password: 'guess-guess' }, address)).statusCode).toBe(401);
    }
    const locked = await login({ username: nextPhone(), password: 'guess-guess' }, address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: 'REQUEST_LIMIT_1MIN' });
  });
});

describe('tokens', () => {
  it('refuses missing, malformed and unknown tokens', async () => {
    for (const authorization of [undefined, 'Bearer', 'Basic abc', 'Bearer short', `Bearer ${'A'.repeat(43)}`]) {
      const answer = await t.api({
        method: 'GET',
        url: '/api/account/profile',
        headers: authorization ? { authorization } : {},
      });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ message: 'invalid-token' });
    }
  });

  it('takes the Bearer scheme in any case (RFC 7235: the scheme is case-insensitive)', async () => {
    const member = await registerAndLogin(t);
    for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
      const answer = await t.api({
        method: 'GET',
        url: '/api/account/profile',
        headers: { authorization: `${scheme} ${member.token}` },
      });
      expect(answer.statusCode, scheme).toBe(200);
    }
  });

  it('revokes the presented token on logout, and only that one', async () => {
    const member = await registerAndLogin(t);
    const other = (await login({ username: member.username, password: member.password })).json().token;
    const logout = await t.api({ method: 'POST', url: '/api/logout', headers: bearer(member.token) });
    expect(logout.json()).toEqual({ message: 'OK' });
    expect((await profile(member.token)).json()).toEqual({ message: 'invalid-token' });
    expect((await t.api({ method: 'POST', url: '/api/logout', headers: bearer(member.token) })).statusCode).toBe(401);
    expect((await profile(other)).statusCode).toBe(200);
  });
});

describe('change password', () => {
  it('refuses a wrong old password and a weak new one', async () => {
    const member = await registerAndLogin(t);
    const change = (payload: object) =>
      t.api({ method: 'PUT', url: '/api/account/changepwd', headers: bearer(member.token), payload });
    const wrong = await change({ oldPassword: 'not-mine', newPassword: 'another123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'WRONG_PASSWORD' });
    expect((await change({ oldPassword: member.password, newPassword: '123' })).json()).toMatchObject({
      fields: { newPassword: 'PASSWORD_TOO_SHORT' },
    });
    expect((await change({ oldPassword: member.password })).json()).toMatchObject({
      fields: { newPassword: 'KEY_MISSING' },
    });
  });

  it('refuses a common password, the phone number and the current password, each with its own code', async () => {
    const member = await registerAndLogin(t);
    const refused: [string, string][] = [
      ['1234567', 'PASSWORD_TOO_SHORT'],
      ['password', 'PASSWORD_TOO_COMMON'],
      ['iloveyou', 'PASSWORD_TOO_COMMON'],
      [member.username, 'PASSWORD_CONTAINS_USERNAME'],
      [member.password, 'PASSWORD_SAME_AS_CURRENT'],
    ];
    for (const [newPassword, code] of refused) {
      const answer = await t.api({
        method: 'PUT',
        url: '/api/account/changepwd',
        headers: bearer(member.token),
        payload: { oldPassword: member.password, newPassword },
      });
      expect(answer.statusCode, newPassword).toBe(400);
      expect(answer.json(), newPassword).toEqual({ message: code, fields: { newPassword: code } });
    }
    expect((await profile(member.token)).statusCode).toBe(200);
    expect((await login({ username: member.username, password: member.password })).statusCode).toBe(200);
  });

  it('changes the password and ends every other session, keeping the current one', async () => {
    const member = await registerAndLogin(t);
    const other = (await login({ username: member.username, password: member.password })).json().token;
    const changed = await t.api({
      method: 'PUT',
      url: '/api/account/changepwd',
      headers: bearer(member.token),
      payload: { oldPassword: member.password, newPassword: 'brand-new-1' },
    });
    expect(changed.json()).toEqual({ message: 'OK' });
    expect((await profile(member.token)).statusCode).toBe(200);
    expect((await profile(other)).json()).toEqual({ message: 'invalid-token' });
    expect((await login({ username: member.username, password: member.password })).statusCode).toBe(401);
    expect((await login({ username: member.username, password: 'brand-new-1' })).statusCode).toBe(200);
  });
});
