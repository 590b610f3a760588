import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustedMember, askAdjustment, type Operator } from '../../../test/adjustments.ts';
import { startTestApp, type TestApp } from '../../../test/helpers.ts';
import { signedInOperator } from '../../../test/operators.ts';
import { FakeClock, HOUR_MS } from '../../lib/clock.ts';

/**
 * What one operator credits alone in a day (issue 39, finding 1; docs/backoffice/four-eyes.md): credits under the
 * approval amount apply at once until the operator's credits applied alone today (the site's day) reach the ceiling,
 * then wait for a second operator. Debits and approved credits do not count.
 */
let t: TestApp;
let admin: Operator;
let other: Operator;
// 22:00 in Bangkok: two hours before the site's midnight.
const clock = new FakeClock(new Date('2026-03-10T15:00:00Z'));
beforeAll(async () => {
  t = await startTestApp({ ADJUSTMENT_ALONE_DAILY_MINOR: 'BAHT:250000,LAK:60000000' }, { clock });
  admin = await signedInOperator(t, 'admin');
  other = await signedInOperator(t, 'finance');
});
afterAll(() => t.close());

async function credit(operator: Operator, amountMinor: string) {
  const player = await adjustedMember(t, 100);
  const answer = await askAdjustment(t, operator, player.publicId, { amountMinor });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().adjustment.status as string;
}

describe("an operator's credits alone in a day", () => {
  it('apply at once up to the ceiling, then wait; the next site day starts again', async () => {
    expect(await credit(admin, '100000')).toBe('applied');
    expect(await credit(admin, '100000')).toBe('applied');
    expect(await credit(admin, '-5000')).toBe('applied');
    // 2,000 baht applied alone today: another 1,000 would pass the 2,500 baht ceiling.
    expect(await credit(admin, '100000')).toBe('awaiting');
    expect(await credit(admin, '50000')).toBe('applied');
    expect(await credit(admin, '1')).toBe('awaiting');
    // Another operator has a ceiling of their own.
    expect(await credit(other, '100000')).toBe('applied');
    clock.advance(2 * HOUR_MS);
    expect(await credit(admin, '100000')).toBe('applied');
  });

  it('lists the ceiling among the settings', async () => {
    const answer = await t.api({ method: 'GET', url: '/backoffice/api/settings', headers: admin.headers });
    expect(answer.json().ceilings).toContainEqual({
      currency: 'BAHT',
      approvalAbove: '1000000',
      withdrawMax: '20000000',
      withdrawAutoApprove: '2000000',
      aloneCreditDaily: '250000',
    });
  });
});
