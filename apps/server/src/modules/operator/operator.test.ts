import { randomUUID } from 'node:crypto';
import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { OPERATOR_ROLES, type OperatorRole } from '@member-wallet/contract/backoffice/operators';
import { CHAT_BACKOFFICE_API } from '@member-wallet/contract/chat';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, nextAddress, registerAndLogin, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { codeFor, createOperator, operatorLogin, signedInOperator } from '../../../test/operators.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

function me(headers: Record<string, string>) {
  return t.api({ method: 'GET', url: BACKOFFICE_API.me, headers });
}

describe('operator sign-in', () => {
  it('takes the password and the current code, and answers an operator token and profile', async () => {
    const operator = await createOperator(t, 'finance');
    const answer = await operatorLogin(t, {
      username: operator.username.toUpperCase(),
      password: operator.password,
      totp: codeFor(t, operator.totpSecret),
    });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.token).toMatch(/^op_[A-Za-z0-9_-]{43}$/);
    expect(body.operator).toEqual({
      id: String(operator.id),
      username: operator.username,
      displayName: null,
      role: 'finance',
    });
    expect((Date.parse(body.expiresAt) - t.clock.now().getTime()) / 3_600_000).toBeCloseTo(8, 1);
    expect((await me(bearer(body.token))).json()).toEqual(body.operator);
  });

  it('answers WRONG_CREDENTIAL alike for a wrong password, a wrong code and an unknown operator', async () => {
    const operator = await createOperator(t, 'support');
    const code = codeFor(t, operator.totpSecret);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all([
      operatorLogin(t, { username: operator.username, password: 'not the password!', totp: code }),
      operatorLogin(t, { username: operator.username, password: operator.password, totp: wrongCode }),
      operatorLogin(t, { username: 'nobody-here', password: operator.password, totp: code }),
      operatorLogin(t, {
        username: operator.username,
        password: operator.password,
        totp: codeFor(t, operator.totpSecret, 3),
      }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    }
    expect((await operatorLogin(t, { username: operator.username, password: operator.password })).json()).toEqual({
      message: 'KEY_MISSING',
      fields: { totp: 'KEY_MISSING' },
    });
    const shortCode = { username: operator.username, password: operator.password, totp: '12345' };
    expect((await operatorLogin(t, shortCode)).json()).toEqual({
      message: 'KEY_INVALID',
      fields: { totp: 'KEY_INVALID' },
    });
  });

  it('takes a code once: a replay fails, even two requests at once, and the next step signs in', async () => {
    const operator = await createOperator(t, 'admin');
    const payload = { username: operator.username, password: operator.password, totp: codeFor(t, operator.totpSecret) };
    const [first, second] = await Promise.all([operatorLogin(t, payload), operatorLogin(t, payload)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 401]);
    expect((await operatorLogin(t, payload)).statusCode).toBe(401);
    t.clock.advance(30_000);
    const next = { ...payload, totp: codeFor(t, operator.totpSecret) };
    expect((await operatorLogin(t, next)).statusCode).toBe(200);
  });

  it('backs off an operator and address after five failures, before any check, and refusals count nowhere', async () => {
    const operator = await createOperator(t, 'support');
    const address = nextAddress();
    const wrong = { username: operator.username, password: 'not the password!', totp: '123456' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 25; attempt++) statuses.push((await operatorLogin(t, wrong, address)).statusCode);
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(20).fill(429)]);
    const right = () => ({
      username: operator.username,
      password: operator.password,
      totp: codeFor(t, operator.totpSecret),
    });
    const limited = await operatorLogin(t, right(), address);
    expect([limited.statusCode, limited.json()]).toEqual([429, { message: 'REQUEST_LIMIT_1MIN' }]);
    expect((await operatorLogin(t, right())).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await operatorLogin(t, right(), address)).statusCode).toBe(200);
  });

  it("holds an operator guessed at from many addresses, but not the operator's own device", async () => {
    const operator = await createOperator(t, 'finance');
    const right = () => ({
      username: operator.username,
      password: operator.password,
      totp: codeFor(t, operator.totpSecret),
    });
    const own = await operatorLogin(t, right());
    const header = String(own.headers['set-cookie']);
    expect(header).toMatch(/^mw_op_device=v1\./);
    // The sign-in and the enrolment calls both get it (an enrolment from the maker's device is refused).
    expect(header).toContain('; Path=/backoffice/api/auth;');
    expect(header).toContain('; HttpOnly; SameSite=Strict');
    const cookie = header.split(';')[0] ?? '';
    for (let attempt = 0; attempt < 10; attempt++) {
      const wrong = { username: operator.username, password: `guess number ${attempt}`, totp: '123456' };
      expect((await operatorLogin(t, wrong)).statusCode).toBe(401);
    }
    t.clock.advance(30_000);
    expect((await operatorLogin(t, right())).json()).toEqual({ message: 'REQUEST_LIMIT_1MIN' });
    const fromOwnDevice = await t.api({
      method: 'POST',
      url: BACKOFFICE_API.login,
      payload: right(),
      remoteAddress: nextAddress(),
      headers: { cookie },
    });
    expect(fromOwnDevice.statusCode).toBe(200);
  });

  it('refuses a locked operator after a correct sign-in, and ends their live sessions at once', async () => {
    const operator = await signedInOperator(t, 'finance');
    await t.app.db.updateTable('operators').set({ status: 'disabled' }).where('id', '=', operator.id).execute();
    expect((await me(operator.headers)).json()).toEqual({ message: 'invalid-token' });
    t.clock.advance(30_000);
    const answer = await operatorLogin(t, {
      username: operator.username,
      password: operator.password,
      totp: codeFor(t, operator.totpSecret),
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ message: 'INACTIVE_USER' });
  });

  it('ends a session on sign-out and after the session time', async () => {
    const out = await signedInOperator(t, 'support');
    expect((await t.api({ method: 'POST', url: BACKOFFICE_API.logout, headers: out.headers })).statusCode).toBe(200);
    expect((await me(out.headers)).statusCode).toBe(401);

    const late = await signedInOperator(t, 'support');
    t.clock.advance(8 * 3_600_000 + 1000);
    expect((await me(late.headers)).json()).toEqual({ message: 'invalid-token' });
  });
});

describe('operator and member tokens', () => {
  it('takes the Bearer scheme in any case (RFC 7235: the scheme is case-insensitive)', async () => {
    const operator = await signedInOperator(t, 'support');
    for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
      expect((await me({ authorization: `${scheme} ${operator.token}` })).statusCode, scheme).toBe(200);
    }
  });

  it('refuses a member token at every operator endpoint, and an operator token at member endpoints', async () => {
    const member = await registerAndLogin(t);
    const operator = await signedInOperator(t, 'admin');
    for (const endpoint of t.app.backoffice.endpoints.filter((each) => each.roles !== 'public')) {
      const answer = await t.api({
        method: endpoint.method as 'GET',
        url: endpoint.url.replace(':id', randomUUID()),
        headers: bearer(member.token),
      });
      expect(answer.statusCode, endpoint.url).toBe(401);
      expect(answer.json(), endpoint.url).toEqual({ message: 'invalid-token' });
    }
    for (const url of ['/api/account/profile', '/api/wallet']) {
      const answer = await t.api({ method: 'GET', url, headers: operator.headers });
      expect(answer.statusCode, url).toBe(401);
      expect(answer.json(), url).toEqual({ message: 'invalid-token' });
    }
  });
});

describe('role matrix', () => {
  it('lists every back-office path it serves', () => {
    // A path may serve several methods (GET and PUT of one setting): the paths served are the contract's.
    const listed = new Set(t.app.backoffice.endpoints.map((endpoint) => endpoint.url));
    expect([...listed].sort()).toEqual(
      [...new Set([...Object.values(BACKOFFICE_API), ...Object.values(CHAT_BACKOFFICE_API)])].sort(),
    );
  });

  it('admits each role exactly where its endpoint says, refuses the rest with FORBIDDEN, and no token with 401', async () => {
    const operators = Object.fromEntries(
      await Promise.all(OPERATOR_ROLES.map(async (role) => [role, await signedInOperator(t, role)] as const)),
    ) as Record<OperatorRole, Awaited<ReturnType<typeof signedInOperator>>>;
    // Sign-out ends the session it is called with: walked last, after every other endpoint.
    const endpoints = t.app.backoffice.endpoints
      .filter((endpoint) => endpoint.roles !== 'public')
      .sort((a, b) => Number(a.url === BACKOFFICE_API.logout) - Number(b.url === BACKOFFICE_API.logout));
    for (const endpoint of endpoints) {
      // An id no row has: an admitted role gets past the guard to the handler (200, or 400/404 for this id).
      const url = endpoint.url.replace(':id', randomUUID());
      const anonymous = await t.api({ method: endpoint.method as 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
      for (const role of OPERATOR_ROLES) {
        const allowed = endpoint.roles === 'any' || (endpoint.roles as readonly string[]).includes(role);
        const answer = await t.api({
          method: endpoint.method as 'GET',
          url,
          headers: operators[role].headers,
          ...(endpoint.method === 'GET' ? {} : { payload: {} }),
        });
        if (allowed) expect([200, 400, 404], `${role} ${url}: ${answer.body}`).toContain(answer.statusCode);
        else expect([answer.statusCode, answer.json()], `${role} ${url}`).toEqual([403, { message: 'FORBIDDEN' }]);
      }
    }
  });
});

describe('audit log', () => {
  it('records creations and sign-ins, and pages them newest first for admins, filtered', async () => {
    const admin = await signedInOperator(t, 'admin');
    const page = await t.api({
      method: 'GET',
      url: `${BACKOFFICE_API.audit}?actor=cli&action=operator.create&limit=5`,
      headers: admin.headers,
    });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.entries).toHaveLength(5);
    expect(body.total).toBeGreaterThan(5);
    expect(body.entries[0]).toMatchObject({
      actor: 'cli',
      action: 'operator.create',
      target: `operator:${admin.id}`,
      before: null,
      after: { username: admin.username, role: 'admin' },
    });
    const ids = body.entries.map((entry: { id: string }) => Number(entry.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const logins = await t.api({
      method: 'GET',
      url: `${BACKOFFICE_API.audit}?actor=${admin.username}&action=operator.login`,
      headers: admin.headers,
    });
    expect(logins.json().entries).toHaveLength(1);
    expect(logins.json().entries[0].ip).toMatch(/^10\.0\./);
    expect(
      (await t.api({ method: 'GET', url: `${BACKOFFICE_API.audit}?limit=101`, headers: admin.headers })).json(),
    ).toMatchObject({ message: 'KEY_INVALID' });
  });

  it('cannot be changed, deleted or emptied, even by SQL', async () => {
    await createOperator(t, 'support');
    const before = await t.app.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    await expect(sql`update audit_log set actor = 'someone else'`.execute(t.app.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(t.app.db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_log`.execute(t.app.db)).rejects.toThrow(/append-only/);
    const after = await t.app.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('creating operators', () => {
  it('refuses a taken username, a bad one and a short password, and writes nothing for them', async () => {
    const operators = t.app.backoffice.operators;
    const cli = { operatorId: null, username: 'cli' } as const;
    await operators.create(cli, { username: 'taken.name', role: 'support', password: 'long enough password' });
    await expect(
      operators.create(cli, { username: 'Taken.Name', role: 'admin', password: 'long enough password' }),
    ).rejects.toThrow(/already exists/);
    await expect(
      operators.create(cli, { username: 'x', role: 'admin', password: 'long enough password' }),
    ).rejects.toThrow(/username/);
    await expect(operators.create(cli, { username: 'shorty', role: 'admin', password: 'short' })).rejects.toThrow(
      /password/,
    );
    const rows = await t.app.db.selectFrom('operators').select('role').where('username', '=', 'taken.name').execute();
    expect(rows).toEqual([{ role: 'support' }]);
    expect(await t.app.db.selectFrom('operators').select('id').where('username', '=', 'shorty').execute()).toEqual([]);
  });

  it('refuses a short or common password and one containing the username, naming the rule', async () => {
    const operators = t.app.backoffice.operators;
    const cli = { operatorId: null, username: 'cli' } as const;
    const refused: [string, string][] = [
      ['elevenchars', 'PASSWORD_TOO_SHORT'],
      ['qwerty123456', 'PASSWORD_TOO_COMMON'],
      ['1qaz2wsx3edc', 'PASSWORD_TOO_COMMON'],
      ['I am Policy.Maker, ok', 'PASSWORD_CONTAINS_USERNAME'],
    ];
    for (const [password, code] of refused) {
      await expect(
        operators.create(cli, { username: 'policy.maker', role: 'admin', password }),
        password,
      ).rejects.toMatchObject({ code });
    }
    expect(
      await t.app.db.selectFrom('operators').select('id').where('username', '=', 'policy.maker').execute(),
    ).toEqual([]);
  });

  it('keeps the TOTP secret sealed in the database', async () => {
    const operator = await createOperator(t, 'finance');
    const row = await t.app.db
      .selectFrom('operators')
      .select('totp_secret_sealed')
      .where('id', '=', operator.id)
      .executeTakeFirstOrThrow();
    expect(row.totp_secret_sealed).not.toContain(operator.totpSecret);
    expect(row.totp_secret_sealed).toMatch(/^v1\./);
  });
});

it('answers a member address nothing from the back-office', async () => {
  const answer = await t.api({ method: 'GET', url: '/backoffice/api/unknown', remoteAddress: nextAddress() });
  expect(answer.statusCode).toBe(404);
});
