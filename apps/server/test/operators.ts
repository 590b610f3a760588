import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import type { OperatorRole } from '@member-wallet/contract/backoffice/operators';
import { totp } from '../src/lib/totp.ts';
import { bearer, nextAddress, type TestApp } from './helpers.ts';

export const OPERATOR_PASSWORD = 'a long operator password';

let operatorCounter = 0;

/** A new operator of `role`, made as the command line makes one; its TOTP secret for signing in. */
export async function createOperator(t: TestApp, role: OperatorRole) {
  operatorCounter += 1;
  const created = await t.app.backoffice.operators.create(
    { operatorId: null, username: 'cli' },
    { username: `${role}${operatorCounter}`, role, password: OPERATOR_PASSWORD },
  );
  return { ...created, password: OPERATOR_PASSWORD };
}

/** The code the operator's authenticator shows now, `stepsAhead` steps of 30 s later. */
export function codeFor(t: TestApp, secret: string, stepsAhead = 0): string {
  return totp(secret, t.clock.now().getTime() + stepsAhead * 30_000);
}

export function operatorLogin(t: TestApp, payload: object, remoteAddress = nextAddress()) {
  return t.api({ method: 'POST', url: BACKOFFICE_API.login, payload, remoteAddress });
}

/** A signed-in operator of `role`: its token and headers. */
export async function signedInOperator(t: TestApp, role: OperatorRole) {
  const operator = await createOperator(t, role);
  const answer = await operatorLogin(t, {
    username: operator.username,
    password: operator.password,
    totp: codeFor(t, operator.totpSecret),
  });
  if (answer.statusCode !== 200) throw new Error(`operator login failed: ${answer.body}`);
  const token: string = answer.json().token;
  return { ...operator, token, headers: bearer(token) };
}

type SignedIn = Awaited<ReturnType<typeof signedInOperator>>;

/** A decision on a change waiting for a second admin (docs/backoffice/four-eyes.md): approve, reject or withdraw. */
export function decideChange(
  t: TestApp,
  kind: 'approve' | 'reject' | 'withdraw',
  id: string,
  operator: SignedIn,
  payload?: object,
) {
  const pattern = {
    approve: BACKOFFICE_API.pendingChangeApprove,
    reject: BACKOFFICE_API.pendingChangeReject,
    withdraw: BACKOFFICE_API.pendingChangeWithdraw,
  }[kind];
  return t.api({
    method: 'POST',
    url: backofficePath(pattern, id),
    headers: operator.headers,
    ...(payload ? { payload } : {}),
  });
}

/** The audit lines of a target, oldest first: who did what, from what to what. */
export function auditLines(t: TestApp, target: string) {
  return t.app.db
    .selectFrom('audit_log')
    .select(['actor', 'action', 'before', 'after'])
    .where('target', '=', target)
    .orderBy('id')
    .execute();
}
