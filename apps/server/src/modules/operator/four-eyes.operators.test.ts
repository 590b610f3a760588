import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { ENROLMENT_PAGE, type OperatorWithLink } from '@member-wallet/contract/backoffice/operator-accounts';
import type { OperatorRole } from '@member-wallet/contract/backoffice/operators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustedMember, askAdjustment, type Operator } from '../../../test/adjustments.ts';
import { bearer, nextAddress, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { codeFor, operatorLogin, signedInOperator } from '../../../test/operators.ts';

/**
 * No money power without a second admin (issue 39, finding 1; docs/backoffice/four-eyes.md): a role that approves
 * money is granted only by a second admin, an operator never approves the requests of whoever made, enrolled or
 * re-roled them (nor the other way round), and an enrolment link is not completed from its maker's session or device.
 */
let t: TestApp;
let admin: Operator;
let second: Operator;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInOperator(t, 'admin');
  second = await signedInOperator(t, 'admin');
});
afterAll(() => t.close());

const PASSWORD = 'a brand new operator password';
let counter = 0;

async function create(role: OperatorRole, by: Operator = admin) {
  counter += 1;
  const payload = { username: `fe.${role}${counter}`, role };
  const answer = await t.api({ method: 'POST', url: BACKOFFICE_API.operators, headers: by.headers, payload });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as OperatorWithLink;
}

/** The id of the change waiting for a second admin on `target`. */
async function changeOf(target: string): Promise<string> {
  const listed = await t.api({ method: 'GET', url: BACKOFFICE_API.pendingChanges, headers: second.headers });
  const change = listed.json().changes.find((row: { target: string }) => row.target === target);
  expect(change, target).toBeDefined();
  return change.id;
}

const tokenOf = (link: string) => link.slice(`${ENROLMENT_PAGE}#`.length);

async function secretOf(token: string) {
  const details = await t.api({ method: 'POST', url: BACKOFFICE_API.enrolment, payload: { token } });
  expect(details.statusCode, details.body).toBe(200);
  return details.json().secret as string;
}

function complete(token: string, secret: string, headers: Record<string, string> = {}) {
  return t.api({
    method: 'POST',
    url: BACKOFFICE_API.enrolmentComplete,
    headers,
    payload: { token, password: PASSWORD, totp: codeFor(t, secret) },
    remoteAddress: nextAddress(),
  });
}

/** Enrols the new operator from a browser of its own and signs it in. */
async function enrolAndSignIn(created: OperatorWithLink): Promise<Operator> {
  const token = tokenOf(created.enrolment.link);
  const secret = await secretOf(token);
  expect((await complete(token, secret)).statusCode).toBe(200);
  const login = await operatorLogin(t, {
    username: created.operator.username,
    password: PASSWORD,
    totp: codeFor(t, secret, 1),
  });
  expect(login.statusCode, login.body).toBe(200);
  const token2: string = login.json().token;
  return {
    id: BigInt(created.operator.id),
    username: created.operator.username,
    role: created.operator.role,
    totpSecret: secret,
    otpauthUri: '',
    password: PASSWORD,
    token: token2,
    headers: bearer(token2),
  } as Operator;
}

function approveChange(id: string, operator: Operator) {
  return t.api({
    method: 'POST',
    url: backofficePath(BACKOFFICE_API.pendingChangeApprove, id),
    headers: operator.headers,
  });
}

function approveAdjustment(id: string, operator: Operator) {
  return t.api({
    method: 'POST',
    url: backofficePath(BACKOFFICE_API.adjustmentApprove, id),
    headers: operator.headers,
  });
}

async function awaitingAdjustment(requester: Operator) {
  const player = await adjustedMember(t);
  const answer = await askAdjustment(t, requester, player.publicId, { amountMinor: '900000' });
  expect(answer.json().adjustment.status, answer.body).toBe('awaiting');
  return answer.json().adjustment.id as string;
}

describe('an operator who approves money', () => {
  it('made by one admin, enrolled and used to approve that admin’s own 9,000 baht request: refused', async () => {
    const request = await awaitingAdjustment(admin);
    const created = await create('finance');
    const finance = await enrolAndSignIn(created);
    const approval = await approveAdjustment(request, finance);
    expect(approval.statusCode, approval.body).not.toBe(200);
    const row = await t.app.db
      .selectFrom('adjustments')
      .select('status')
      .where('public_id', '=', request)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('awaiting');
  });

  it('is created with the role waiting for a second admin: support until then, the maker may not grant it', async () => {
    const created = await create('finance');
    expect(created.operator).toMatchObject({ role: 'support', pendingRole: 'finance' });
    const change = await changeOf(`operator:${created.operator.id}`);
    const finance = await enrolAndSignIn(created);
    const request = await awaitingAdjustment(second);
    expect((await approveAdjustment(request, finance)).statusCode).toBe(403);

    const own = await approveChange(change, admin);
    expect([own.statusCode, own.json().message]).toEqual([409, 'CHANGE_OWN']);
    const granted = await approveChange(change, second);
    expect(granted.statusCode, granted.body).toBe(200);
    const listed = await t.api({ method: 'GET', url: BACKOFFICE_API.operators, headers: admin.headers });
    const summary = listed.json().operators.find((row: { id: string }) => row.id === created.operator.id);
    expect(summary).toMatchObject({ role: 'finance', pendingRole: null });
    // The second admin may approve; the maker's own requests stay out of the new operator's reach.
    expect((await approveAdjustment(request, finance)).statusCode).toBe(200);
    const mine = await awaitingAdjustment(admin);
    const refused = await approveAdjustment(mine, finance);
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'OPERATOR_RELATED']);
  });

  it('never approves, and is never approved by, whoever re-roled them', async () => {
    const plain = await enrolAndSignIn(await create('support', second));
    const regrant = await t.api({
      method: 'PUT',
      url: backofficePath(BACKOFFICE_API.operator, String(plain.id)),
      headers: admin.headers,
      payload: { role: 'finance' },
    });
    expect(regrant.statusCode, regrant.body).toBe(202);
    expect(regrant.json()).toMatchObject({ role: 'support', pendingRole: 'finance' });
    const change = await changeOf(`operator:${plain.id}`);
    // `second` made the operator, `admin` asked for the role: neither may grant it. A third admin does.
    expect((await approveChange(change, second)).json().message).toBe('OPERATOR_RELATED');
    const third = await signedInOperator(t, 'admin');
    expect((await approveChange(change, third)).statusCode).toBe(200);
    const theirs = await awaitingAdjustment(plain);
    expect((await approveAdjustment(theirs, admin)).json().message).toBe('OPERATOR_RELATED');
    expect((await approveAdjustment(await awaitingAdjustment(admin), plain)).json().message).toBe('OPERATOR_RELATED');
    expect((await approveAdjustment(theirs, third)).statusCode).toBe(200);
  });

  it('loses a money role at once: a demotion waits for nobody', async () => {
    const created = await create('finance');
    await approveChange(await changeOf(`operator:${created.operator.id}`), second);
    const demoted = await t.api({
      method: 'PUT',
      url: backofficePath(BACKOFFICE_API.operator, created.operator.id),
      headers: admin.headers,
      payload: { role: 'support' },
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(demoted.json()).toMatchObject({ role: 'support', pendingRole: null });
  });
});

describe('an enrolment link', () => {
  it('is refused from the session or the device of the admin who made it, and works from another browser', async () => {
    const created = await create('support');
    const token = tokenOf(created.enrolment.link);
    const secret = await secretOf(token);
    const fromSession = await complete(token, secret, admin.headers);
    expect([fromSession.statusCode, fromSession.json()]).toEqual([403, { message: 'ENROLMENT_OWN_DEVICE' }]);

    const login = await operatorLogin(t, {
      username: second.username,
      password: second.password,
      totp: codeFor(t, second.totpSecret, 1),
    });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
    expect(cookie).toMatch(/^mw_op_device=/);
    expect(String(login.headers['set-cookie'])).toContain('Path=/backoffice/api/auth');
    const made = await create('support', second);
    const madeToken = tokenOf(made.enrolment.link);
    const madeSecret = await secretOf(madeToken);
    const fromDevice = await complete(madeToken, madeSecret, { cookie });
    expect([fromDevice.statusCode, fromDevice.json().message]).toEqual([403, 'ENROLMENT_OWN_DEVICE']);

    expect((await complete(token, secret)).statusCode).toBe(200);
  });
});
