import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { ENROLMENT_PAGE, type OperatorWithLink } from '@member-wallet/contract/backoffice/operator-accounts';
import type { OperatorRole } from '@member-wallet/contract/backoffice/operators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, nextAddress, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { codeFor, operatorLogin, signedInOperator } from '../../../test/operators.ts';

/** Operator accounts from the back-office (issue 24, docs/backoffice/operators.md). */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInOperator>>;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInOperator(t, 'admin');
});
afterAll(() => t.close());

const NEW_PASSWORD = 'a brand new operator password';
let counter = 0;

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) {
  return t.api({ method, url, headers, remoteAddress: '203.0.113.7', ...(payload ? { payload } : {}) });
}

async function createViaApi(role: OperatorRole, by = admin.headers, displayName?: string) {
  counter += 1;
  const username = `new.${role}${counter}`;
  const answer = await call('POST', BACKOFFICE_API.operators, by, { username, role, displayName });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as OperatorWithLink;
}

const tokenOf = (link: string) => link.slice(`${ENROLMENT_PAGE}#`.length);

function enrolmentDetails(token: string) {
  return t.api({ method: 'POST', url: BACKOFFICE_API.enrolment, payload: { token }, remoteAddress: nextAddress() });
}

function completeEnrolment(token: string, password: string, code: string) {
  return t.api({
    method: 'POST',
    url: BACKOFFICE_API.enrolmentComplete,
    payload: { token, password, totp: code },
    remoteAddress: nextAddress(),
  });
}

/** Follows the link as the new operator does; answers their secret. */
async function enrol(created: OperatorWithLink, password = NEW_PASSWORD) {
  const token = tokenOf(created.enrolment.link);
  const details = await enrolmentDetails(token);
  expect(details.statusCode, details.body).toBe(200);
  const secret: string = details.json().secret;
  const done = await completeEnrolment(token, password, codeFor(t, secret));
  expect(done.statusCode, done.body).toBe(200);
  return secret;
}

/** Signs in with the next code (the enrolment used the current one). */
async function signIn(username: string, secret: string, password = NEW_PASSWORD, stepsAhead = 1) {
  return operatorLogin(t, { username, password, totp: codeFor(t, secret, stepsAhead) });
}

/** A second admin approves the role waiting for operator `id` (money roles wait for one: four-eyes.md). */
async function grantRole(id: string) {
  const second = await signedInOperator(t, 'admin');
  const answer = await call('GET', BACKOFFICE_API.pendingChanges, second.headers);
  expect(answer.statusCode, answer.body).toBe(200);
  const listed = answer.json().changes;
  const change = listed.find((each: { target: string }) => each.target === `operator:${id}`);
  const approved = await call('POST', backofficePath(BACKOFFICE_API.pendingChangeApprove, change.id), second.headers);
  expect(approved.statusCode, approved.body).toBe(200);
}

async function enrolledOperator(role: OperatorRole) {
  const created = await createViaApi(role);
  if (role !== 'support') await grantRole(created.operator.id);
  const secret = await enrol(created);
  const answer = await signIn(created.operator.username, secret);
  expect(answer.statusCode, answer.body).toBe(200);
  return { ...created.operator, secret, headers: bearer(answer.json().token as string) };
}

describe('creating an operator', () => {
  it('answers the operator waiting for enrolment and a 24-hour link, lists them, and audits who did it from where', async () => {
    const created = await createViaApi('finance', admin.headers, '  Noi  ');
    // Finance approves money: the role waits for a second admin (four-eyes.md), Support until then.
    expect(created.operator).toMatchObject({
      role: 'support',
      pendingRole: 'finance',
      state: 'enrolling',
      displayName: 'Noi',
      lastSignInAt: null,
    });
    expect(created.enrolment.link).toMatch(new RegExp(`^${ENROLMENT_PAGE}#[A-Za-z0-9_-]{43}$`));
    expect(Date.parse(created.enrolment.expiresAt) - t.clock.now().getTime()).toBe(24 * 3_600_000);
    expect(created.operator.enrolmentExpiresAt).toBe(created.enrolment.expiresAt);

    const list = (await call('GET', BACKOFFICE_API.operators, admin.headers)).json().operators;
    expect(list.find((each: { id: string }) => each.id === created.operator.id)).toEqual(created.operator);
    expect(list.findIndex((each: { role: string }) => each.role !== 'admin')).toBeGreaterThan(0);

    const audit = await call('GET', `${BACKOFFICE_API.audit}?target=operator:${created.operator.id}`, admin.headers);
    expect(audit.json().entries).toEqual([
      expect.objectContaining({
        actor: admin.username,
        action: 'operator.create',
        ip: '203.0.113.7',
        after: { username: created.operator.username, role: 'support', displayName: 'Noi', pendingRole: 'finance' },
      }),
    ]);
  });

  it('refuses a taken username with OPERATOR_EXISTS and a bad one with KEY_INVALID, writing nothing', async () => {
    const created = await createViaApi('support');
    const again = await call('POST', BACKOFFICE_API.operators, admin.headers, {
      username: created.operator.username.toUpperCase(),
      role: 'admin',
    });
    expect([again.statusCode, again.json()]).toEqual([409, { message: 'OPERATOR_EXISTS' }]);
    const bad = await call('POST', BACKOFFICE_API.operators, admin.headers, { username: 'no spaces', role: 'admin' });
    expect(bad.statusCode).toBe(400);
    const tooLong = await call('POST', BACKOFFICE_API.operators, admin.headers, {
      username: 'long.name',
      role: 'support',
      displayName: 'x'.repeat(41),
    });
    expect(tooLong.statusCode).toBe(400);
    const names = (await call('GET', BACKOFFICE_API.operators, admin.headers))
      .json()
      .operators.map((each: { username: string }) => each.username);
    expect(names).not.toContain('long.name');
  });
});

describe('enrolment link', () => {
  it('shows the operator and a new secret, sets the password and authenticator once, then the operator signs in', async () => {
    const created = await createViaApi('support');
    const token = tokenOf(created.enrolment.link);
    const details = (await enrolmentDetails(token)).json();
    expect(details).toMatchObject({ username: created.operator.username, role: 'support', displayName: null });
    expect(details.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(details.otpauthUri).toContain(`secret=${details.secret}`);
    expect(details.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Opening the page again shows the same secret: the link holds it until used.
    expect((await enrolmentDetails(token)).json().secret).toBe(details.secret);

    // Refusals leave the link usable.
    const short = await completeEnrolment(token, 'short pass', codeFor(t, details.secret));
    expect([short.statusCode, short.json().message]).toEqual([400, 'PASSWORD_TOO_SHORT']);
    const withName = await completeEnrolment(token, `my ${created.operator.username} pw!`, codeFor(t, details.secret));
    expect(withName.json().message).toBe('PASSWORD_CONTAINS_USERNAME');
    const code = codeFor(t, details.secret);
    const wrong = await completeEnrolment(token, NEW_PASSWORD, code === '000000' ? '111111' : '000000');
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, 'ENROLMENT_CODE_WRONG']);

    expect((await completeEnrolment(token, NEW_PASSWORD, code)).statusCode).toBe(200);
    // Once: the page and the completion both refuse it now.
    expect([(await enrolmentDetails(token)).statusCode, (await enrolmentDetails(token)).json()]).toEqual([
      409,
      { message: 'ENROLMENT_USED' },
    ]);
    expect((await completeEnrolment(token, NEW_PASSWORD, codeFor(t, details.secret, 1))).json()).toEqual({
      message: 'ENROLMENT_USED',
    });
    // The enrolment's code is used; the next one signs in.
    expect((await signIn(created.operator.username, details.secret, NEW_PASSWORD, 0)).statusCode).toBe(401);
    const signedIn = await signIn(created.operator.username, details.secret);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const listed = (await call('GET', BACKOFFICE_API.operators, admin.headers)).json().operators;
    expect(listed.find((each: { id: string }) => each.id === created.operator.id)).toMatchObject({
      state: 'active',
      enrolmentExpiresAt: null,
      lastSignInAt: t.clock.now().toISOString(),
    });
  });

  it('expires after 24 hours, and a tampered or unknown token is no link', async () => {
    const created = await createViaApi('finance');
    const token = tokenOf(created.enrolment.link);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect([(await enrolmentDetails(tampered)).statusCode, (await enrolmentDetails(tampered)).json()]).toEqual([
      404,
      { message: 'ENROLMENT_INVALID' },
    ]);
    const malformed = await enrolmentDetails('not-a-token');
    expect([malformed.statusCode, malformed.json().fields]).toEqual([400, { token: 'KEY_INVALID' }]);
    const { secret } = (await enrolmentDetails(token)).json();
    t.clock.advance(24 * 3_600_000 - 1);
    expect((await enrolmentDetails(token)).statusCode).toBe(200);
    t.clock.advance(1);
    expect([(await enrolmentDetails(token)).statusCode, (await enrolmentDetails(token)).json()]).toEqual([
      410,
      { message: 'ENROLMENT_EXPIRED' },
    ]);
    const late = await completeEnrolment(token, NEW_PASSWORD, codeFor(t, secret));
    expect(late.json()).toEqual({ message: 'ENROLMENT_EXPIRED' });
    // A day on, the admin's own session (8 hours) has ended too.
    admin = await signedInOperator(t, 'admin');
    // Still waiting; the operator screen shows the link ended.
    const listed = (await call('GET', BACKOFFICE_API.operators, admin.headers)).json().operators;
    expect(listed.find((each: { id: string }) => each.id === created.operator.id)).toMatchObject({
      state: 'enrolling',
      enrolmentExpiresAt: created.enrolment.expiresAt,
    });
  });

  it('cannot sign in while waiting for enrolment, with any password', async () => {
    const created = await createViaApi('support');
    const answer = await operatorLogin(t, { username: created.operator.username, password: 'x', totp: '123456' });
    expect([answer.statusCode, answer.json()]).toEqual([401, { message: 'WRONG_CREDENTIAL' }]);
  });
});

describe('reset', () => {
  it('voids the old password, secret, sessions and link, and answers a new link that enrols a new secret', async () => {
    const operator = await enrolledOperator('finance');
    const pending = await createViaApi('support');
    const reset = await call('POST', backofficePath(BACKOFFICE_API.operatorReset, operator.id), admin.headers);
    expect(reset.statusCode, reset.body).toBe(200);
    const answer: OperatorWithLink = reset.json();
    expect(answer.operator.state).toBe('enrolling');
    expect((await call('GET', BACKOFFICE_API.me, operator.headers)).json()).toEqual({ message: 'invalid-token' });
    t.clock.advance(60_000);
    const old = await signIn(operator.username, operator.secret);
    expect([old.statusCode, old.json()]).toEqual([401, { message: 'WRONG_CREDENTIAL' }]);

    // A reset of one waiting for enrolment replaces the link it had.
    const pendingReset = await call(
      'POST',
      backofficePath(BACKOFFICE_API.operatorReset, pending.operator.id),
      admin.headers,
    );
    expect((await enrolmentDetails(tokenOf(pending.enrolment.link))).json()).toEqual({ message: 'ENROLMENT_USED' });
    expect((await enrolmentDetails(tokenOf(pendingReset.json().enrolment.link))).statusCode).toBe(200);

    const secret = await enrol(answer, 'another fine password');
    expect(secret).not.toBe(operator.secret);
    expect((await signIn(operator.username, operator.secret, 'another fine password')).statusCode).toBe(401);
    expect((await signIn(operator.username, secret, NEW_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(operator.username, secret, 'another fine password')).statusCode).toBe(200);
    const lines = (await call('GET', `${BACKOFFICE_API.audit}?target=operator:${operator.id}`, admin.headers)).json();
    expect(lines.entries.map((entry: { action: string }) => entry.action)).toEqual([
      'operator.login',
      'operator.enrol',
      'operator.reset',
      'operator.login',
      'operator.enrol',
      // The finance role, granted by a second admin.
      'operator.update',
      'operator.create',
    ]);
  });
});

describe('disable, enable, role and display name', () => {
  it('disabling ends the open session at once and refuses sign-in; enabling lets them in again', async () => {
    const operator = await enrolledOperator('finance');
    expect((await call('GET', BACKOFFICE_API.withdrawals, operator.headers)).statusCode).toBe(200);
    const url = backofficePath(BACKOFFICE_API.operator, operator.id);
    const disabled = await call('PUT', url, admin.headers, { active: false });
    expect(disabled.json()).toMatchObject({ state: 'disabled' });
    const next = await call('GET', BACKOFFICE_API.withdrawals, operator.headers);
    expect([next.statusCode, next.json()]).toEqual([401, { message: 'invalid-token' }]);
    t.clock.advance(60_000);
    const refused = await signIn(operator.username, operator.secret, NEW_PASSWORD, 0);
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: 'INACTIVE_USER' }]);
    expect((await call('PUT', url, admin.headers, { active: true })).json()).toMatchObject({ state: 'active' });
    t.clock.advance(60_000);
    expect((await signIn(operator.username, operator.secret, NEW_PASSWORD, 0)).statusCode).toBe(200);
    const lines = (
      await call('GET', `${BACKOFFICE_API.audit}?target=operator:${operator.id}&action=operator.update`, admin.headers)
    ).json();
    expect(lines.entries.map((entry: { before: unknown; after: unknown }) => [entry.before, entry.after])).toEqual([
      [{ status: 'disabled' }, { status: 'active' }],
      [{ status: 'active' }, { status: 'disabled' }],
      [{ role: 'support' }, { role: 'finance' }],
    ]);
  });

  it('disabling one waiting for enrolment voids their link', async () => {
    const created = await createViaApi('support');
    await call('PUT', backofficePath(BACKOFFICE_API.operator, created.operator.id), admin.headers, { active: false });
    expect((await enrolmentDetails(tokenOf(created.enrolment.link))).json()).toEqual({ message: 'ENROLMENT_USED' });
  });

  it('a role change applies to the open session at once (a money role once a second admin grants it)', async () => {
    const operator = await enrolledOperator('support');
    expect((await call('GET', BACKOFFICE_API.withdrawals, operator.headers)).statusCode).toBe(403);
    const changed = await call('PUT', backofficePath(BACKOFFICE_API.operator, operator.id), admin.headers, {
      role: 'finance',
    });
    expect([changed.statusCode, changed.json()]).toEqual([
      202,
      expect.objectContaining({ role: 'support', pendingRole: 'finance', state: 'active' }),
    ]);
    expect((await call('GET', BACKOFFICE_API.withdrawals, operator.headers)).statusCode).toBe(403);
    await grantRole(operator.id);
    expect((await call('GET', BACKOFFICE_API.withdrawals, operator.headers)).statusCode).toBe(200);
    expect((await call('GET', BACKOFFICE_API.me, operator.headers)).json()).toMatchObject({ role: 'finance' });
  });

  it("an admin sets anyone's display name, and every operator their own; null clears it", async () => {
    const operator = await enrolledOperator('support');
    const url = backofficePath(BACKOFFICE_API.operator, operator.id);
    expect((await call('PUT', url, admin.headers, { displayName: 'Ploy' })).json()).toMatchObject({
      displayName: 'Ploy',
    });
    const own = await call('PUT', BACKOFFICE_API.me, operator.headers, { displayName: ' Ploy S. ' });
    expect(own.json()).toEqual({
      id: operator.id,
      username: operator.username,
      displayName: 'Ploy S.',
      role: 'support',
    });
    expect((await call('GET', BACKOFFICE_API.me, operator.headers)).json().displayName).toBe('Ploy S.');
    expect(
      (await call('PUT', BACKOFFICE_API.me, operator.headers, { displayName: null })).json().displayName,
    ).toBeNull();
    expect((await call('PUT', BACKOFFICE_API.me, operator.headers, { displayName: '' })).statusCode).toBe(400);
    expect((await call('PUT', url, operator.headers, { displayName: 'x' })).json()).toEqual({ message: 'FORBIDDEN' });
  });

  it('answers 404 for an operator that does not exist', async () => {
    for (const id of ['999999', 'abc', '0']) {
      const answer = await call('PUT', backofficePath(BACKOFFICE_API.operator, id), admin.headers, { active: false });
      expect([answer.statusCode, answer.json()], id).toEqual([404, { message: 'NO_DATA' }]);
    }
  });
});

describe('own sessions', () => {
  it("lists the live ones with the current marked, and ends another (not someone else's)", async () => {
    const operator = await enrolledOperator('support');
    t.clock.advance(30_000);
    const second = await signIn(operator.username, operator.secret);
    const secondHeaders = bearer(second.json().token as string);
    const listed = (await call('GET', BACKOFFICE_API.sessions, operator.headers)).json().sessions;
    expect(listed).toHaveLength(2);
    expect(listed.map((each: { current: boolean }) => each.current)).toEqual([false, true]);
    const other = listed[0].id as string;
    const foreign = await call('DELETE', backofficePath(BACKOFFICE_API.session, other), admin.headers);
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { message: 'NO_DATA' }]);
    expect((await call('GET', BACKOFFICE_API.me, secondHeaders)).statusCode).toBe(200);
    expect((await call('DELETE', backofficePath(BACKOFFICE_API.session, other), operator.headers)).statusCode).toBe(
      200,
    );
    expect((await call('GET', BACKOFFICE_API.me, secondHeaders)).json()).toEqual({ message: 'invalid-token' });
    expect((await call('GET', BACKOFFICE_API.sessions, operator.headers)).json().sessions).toHaveLength(1);
    expect((await call('DELETE', backofficePath(BACKOFFICE_API.session, other), operator.headers)).statusCode).toBe(
      404,
    );
  });
});

describe('last-admin guard', () => {
  let g: TestApp;
  beforeAll(async () => {
    g = await startTestApp();
  });
  afterAll(() => g.close());

  const guardAdmin = () => signedInOperator(g, 'admin');

  const put = (headers: Record<string, string>, id: bigint, payload: object) =>
    g.api({ method: 'PUT', url: backofficePath(BACKOFFICE_API.operator, String(id)), headers, payload });

  it('the only admin cannot disable, demote or reset themselves; with two, one may, then the other cannot', async () => {
    const first = await guardAdmin();
    for (const payload of [{ active: false }, { role: 'finance' }]) {
      const answer = await put(first.headers, first.id, payload);
      expect([answer.statusCode, answer.json()], JSON.stringify(payload)).toEqual([409, { message: 'LAST_ADMIN' }]);
    }
    const reset = await g.api({
      method: 'POST',
      url: backofficePath(BACKOFFICE_API.operatorReset, String(first.id)),
      headers: first.headers,
    });
    expect([reset.statusCode, reset.json()]).toEqual([409, { message: 'LAST_ADMIN' }]);
    // An admin waiting for enrolment cannot sign in: it does not count.
    const waiting = await g.api({
      method: 'POST',
      url: BACKOFFICE_API.operators,
      headers: first.headers,
      payload: { username: 'waiting.admin', role: 'admin' },
    });
    expect(waiting.statusCode).toBe(200);
    expect((await put(first.headers, first.id, { role: 'support' })).json()).toEqual({ message: 'LAST_ADMIN' });

    const second = await guardAdmin();
    expect((await put(first.headers, first.id, { role: 'support' })).json()).toMatchObject({ role: 'support' });
    expect((await put(second.headers, second.id, { active: false })).json()).toEqual({ message: 'LAST_ADMIN' });
    expect((await g.api({ method: 'GET', url: BACKOFFICE_API.me, headers: second.headers })).statusCode).toBe(200);
  });

  it('two admins disabling each other at the same time: exactly one succeeds, one admin remains', async () => {
    const list = async (headers: Record<string, string>) =>
      (await g.api({ method: 'GET', url: BACKOFFICE_API.operators, headers })).json().operators as {
        role: string;
        state: string;
      }[];
    // Leave exactly one active admin, then race it against a new one, ten times.
    let survivor = await guardAdmin();
    const others = (await list(survivor.headers)).filter(
      (each) => each.role === 'admin' && each.state === 'active',
    ) as unknown as { id: string; username: string }[];
    for (const other of others) {
      if (other.username !== survivor.username) {
        await put(survivor.headers, BigInt(other.id), { active: false });
      }
    }
    for (let round = 0; round < 10; round++) {
      const rival = await guardAdmin();
      const answers = await Promise.all([
        put(survivor.headers, rival.id, { active: false }),
        put(rival.headers, survivor.id, { active: false }),
      ]);
      const codes = answers.map((answer) => answer.statusCode);
      expect(
        codes.filter((code) => code === 200),
        `round ${round}: ${answers.map((a) => a.body)}`,
      ).toHaveLength(1);
      for (const answer of answers.filter((each) => each.statusCode !== 200)) {
        expect([409, 401], answer.body).toContain(answer.statusCode);
        expect(['LAST_ADMIN', 'invalid-token']).toContain(answer.json().message);
      }
      if (codes[1] === 200) survivor = rival;
      const admins = (await list(survivor.headers)).filter((each) => each.role === 'admin' && each.state === 'active');
      expect(admins, `round ${round}`).toHaveLength(1);
    }
  });
});
