import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { bearer, nextAddress, registration, type TestApp } from './helpers.ts';

/** Test helpers of one person behind the accounts (docs/accounts.md): accounts registered and signed in on a device. */

export interface Account {
  id: bigint;
  publicId: string;
  phone: string;
  password: string;
  token: string;
  /** The device cookie its sign-in set (`mw_device=…`): another sign-in carrying it is on this device. */
  cookie: string;
}

export function register(t: TestApp, fields: Record<string, unknown>, address = nextAddress()) {
  return t.api({ method: 'POST', url: '/api/account', payload: fields, remoteAddress: address });
}

export function signIn(t: TestApp, phone: string, password: string, cookie?: string) {
  return t.api({
    method: 'POST',
    url: '/api/login',
    payload: { username: phone, password },
    remoteAddress: nextAddress(),
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

/**
 * Registers an account (the helpers' registration with `fields`) from `address` (a new one unless given) and signs
 * in, on the device of `cookie` if given.
 */
export async function account(
  t: TestApp,
  fields: Record<string, unknown>,
  cookie?: string,
  address?: string,
): Promise<Account> {
  const body = registration(fields);
  const answer = await register(t, body, address);
  expect(answer.statusCode, answer.body).toBe(200);
  const row = await t.app.db
    .selectFrom('members')
    .select('id')
    .where('phone', '=', body.username)
    .executeTakeFirstOrThrow();
  const login = await signIn(t, body.username, body.password, cookie);
  expect(login.statusCode, login.body).toBe(200);
  return {
    id: row.id,
    publicId: answer.json()._id as string,
    phone: body.username,
    password: body.password,
    token: login.json().token as string,
    cookie: String(login.headers['set-cookie']).split(';')[0] ?? '',
  };
}

export function call(t: TestApp, token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.api({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { ...bearer(token), 'idempotency-key': randomUUID() },
  });
}

export async function selfExclude(t: TestApp, excluded: Account, months = 0): Promise<void> {
  const answer = await call(t, excluded.token, 'POST', '/api/rg/self-exclusion', { months });
  expect(answer.statusCode, answer.body).toBe(200);
}

/** The status of the pair's match ("possible same person"), or undefined when none was recorded. */
export async function matchOf(t: TestApp, a: Account, b: Account) {
  const [high, low] = a.id > b.id ? [a.id, b.id] : [b.id, a.id];
  return t.app.db
    .selectFrom('person_matches')
    .select(['status', 'signals'])
    .where('member_id', '=', high)
    .where('other_member_id', '=', low)
    .executeTakeFirst();
}
