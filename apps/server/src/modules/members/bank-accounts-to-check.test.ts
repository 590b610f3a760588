import { randomBytes } from 'node:crypto';
import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAccountNo, nextPhone, registerAndLogin, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { signedInOperator } from '../../../test/operators.ts';

/**
 * Issue 39, finding 3: numbers stored before each bank's length was checked are listed for operators, changed in
 * nothing (docs/backoffice/members.md, Bank account numbers to check).
 */
let t: TestApp;
let support: Awaited<ReturnType<typeof signedInOperator>>;
beforeAll(async () => {
  t = await startTestApp();
  support = await signedInOperator(t, 'support');
});
afterAll(() => t.close());

async function stored(bankCode: string, bankAccountNo: string): Promise<string> {
  const publicId = randomBytes(6).toString('hex');
  await t.app.db
    .insertInto('members')
    .values({
      public_id: publicId,
      phone: nextPhone(),
      password_hash: 'not-a-hash',
      name: 'Stored Before The Rule',
      bank_code: bankCode,
      bank_account_no: bankAccountNo,
      bank_account_name: 'SOMCHAI JAIDEE',
      currency: 'BAHT',
    })
    .execute();
  return publicId;
}

function report(headers = support.headers) {
  return t.api({ method: 'GET', url: BACKOFFICE_API.bankAccountsToCheck, headers });
}

describe('bank account numbers to check', () => {
  it("lists the stored numbers that do not fit their bank's length, with the account a padded one copies", async () => {
    const victim = await registerAndLogin(t);
    const victimId = (
      await t.app.db
        .selectFrom('members')
        .select('public_id')
        .where('phone', '=', victim.username)
        .executeTakeFirstOrThrow()
    ).public_id;
    const padded = await stored('KBANK', `0${victim.bankAccountNo}`);
    const long = await stored('KBANK', `${nextAccountNo()}00000`);
    const shortGsb = await stored('GSB', nextAccountNo());
    const fine = await stored('GSB', `${nextAccountNo()}12`);
    const answer = await report();
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    const listed = new Map(body.accounts.map((account: { id: string }) => [account.id, account]));
    expect(listed.get(padded)).toMatchObject({
      holder: 'member',
      bankCode: 'KBANK',
      accountNo: `0${victim.bankAccountNo}`,
      min: 10,
      max: 10,
      sameDigitsAs: [victimId],
    });
    expect(listed.get(long)).toMatchObject({ bankCode: 'KBANK', sameDigitsAs: [] });
    expect(listed.get(shortGsb)).toMatchObject({ bankCode: 'GSB', min: 12, max: 12 });
    expect(listed.has(fine)).toBe(false);
    expect(listed.has(victimId)).toBe(false);
    expect(body.total).toBeGreaterThanOrEqual(3);
    // Reported, not changed.
    const row = await t.app.db
      .selectFrom('members')
      .select('bank_account_no')
      .where('public_id', '=', padded)
      .executeTakeFirstOrThrow();
    expect(row.bank_account_no).toBe(`0${victim.bankAccountNo}`);
  });

  it('lists no deposit channel of the sandbox, whose numbers fit', async () => {
    const body = (await report()).json();
    expect(body.accounts.filter((account: { holder: string }) => account.holder === 'deposit_channel')).toEqual([]);
  });

  it('is for operators only', async () => {
    const member = await registerAndLogin(t);
    const answer = await report({ authorization: `Bearer ${member.token}` });
    expect(answer.statusCode).toBe(401);
  });
});
