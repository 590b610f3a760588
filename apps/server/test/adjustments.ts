import { randomUUID } from 'node:crypto';
import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { fundedMember } from './games.ts';
import type { TestApp } from './helpers.ts';
import type { signedInOperator } from './operators.ts';

/** Test helpers of manual adjustments (docs/backoffice/members.md, Manual adjustments). */

export type Operator = Awaited<ReturnType<typeof signedInOperator>>;

/** A member funded with `amountMajor`, with the public id the back-office names members by. */
export async function adjustedMember(t: TestApp, amountMajor = 0) {
  const player = await fundedMember(t, amountMajor);
  const row = await t.app.db
    .selectFrom('members')
    .select('public_id')
    .where('id', '=', player.id)
    .executeTakeFirstOrThrow();
  return { ...player, publicId: row.public_id };
}

/** `POST /backoffice/api/members/:id/adjustments` as `operator`, with a new request id and `body` over a reason. */
export function askAdjustment(t: TestApp, operator: Operator, publicId: string, body: Record<string, unknown>) {
  return t.api({
    method: 'POST',
    url: backofficePath(BACKOFFICE_API.memberAdjustments, publicId),
    headers: operator.headers,
    payload: { requestId: randomUUID(), reason: 'Goodwill credit', ...body },
  });
}
