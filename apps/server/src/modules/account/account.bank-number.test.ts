import { randomBytes } from 'node:crypto';
import { BANK_ACCOUNT_NO_FORMATS } from '@member-wallet/contract/bank-account-no';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  nextAccountNo,
  nextAddress,
  nextPhone,
  registerAndLogin,
  registration,
  startTestApp,
  type TestApp,
} from '../../../test/helpers.ts';

/**
 * Issue 39, finding 3: a KBANK number of 11 or 15 digits (the number with a 0 before or after it) fitted a victim's
 * masked sender and escaped the one-account rule. Every entry point takes the bank's length only, in one canonical
 * form (docs/accounts.md, Bank account numbers).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const LENGTH = { message: 'BANK_ACCOUNT_NO_LENGTH', fields: { bankAccountNo: 'BANK_ACCOUNT_NO_LENGTH' } };

function post(url: string, payload: object) {
  return t.api({ method: 'POST', url, payload, remoteAddress: nextAddress() });
}

describe('bank account numbers at registration and validation', () => {
  it('has a length rule for every bank of the lookup', async () => {
    const banks = await t.app.db.selectFrom('banks').select('code').execute();
    expect(banks.map((bank) => bank.code).sort()).toEqual(Object.keys(BANK_ACCOUNT_NO_FORMATS).sort());
  });

  it('refuses a KBANK number with a 0 before or after it, or of 15 digits, on validate and registration', async () => {
    const number = nextAccountNo();
    for (const padded of [`0${number}`, `${number}0`, `${number}00000`]) {
      const body = registration({ bankAccountNo: padded });
      const validated = await post('/api/account/validate', body);
      expect(validated.statusCode, padded).toBe(400);
      expect(validated.json(), padded).toEqual(LENGTH);
      expect((await post('/api/account', body)).json(), padded).toEqual(LENGTH);
    }
    const count = await t.app.db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<bigint>().as('n'))
      .where('bank_account_no', 'like', `%${number}%`)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('takes spaces, dashes and Thai or full-width digits, stores the digits, and finds the account taken', async () => {
    const number = nextAccountNo();
    const thai = [...number].map((digit) => '๐๑๒๓๔๕๖๗๘๙'[Number(digit)]).join('');
    const dashed = `${thai.slice(0, 3)}-${thai.slice(3, 4)}-${thai.slice(4, 9)}-${thai.slice(9)}`;
    const first = registration({ bankAccountNo: dashed });
    expect((await post('/api/account', first)).json()).toMatchObject({ message: 'SUCCESS' });
    const stored = await t.app.db
      .selectFrom('members')
      .select('bank_account_no')
      .where('phone', '=', first.username)
      .executeTakeFirstOrThrow();
    expect(stored.bank_account_no).toBe(number);
    const fullWidth = [...number].map((digit) => String.fromCharCode(0xff10 + Number(digit))).join(' ');
    for (const spelled of [number, fullWidth, ` ${number.slice(0, 5)} ${number.slice(5)} `]) {
      const again = registration({ bankAccountNo: spelled });
      expect((await post('/api/account/validate', again)).json(), spelled).toEqual({ message: 'EXISTING_BANK' });
      expect((await post('/api/account', again)).json(), spelled).toEqual({ message: 'EXISTING_BANK' });
    }
  });

  it('finds an account taken by a stored number that differs only by leading zeros', async () => {
    const number = nextAccountNo();
    await t.app.db
      .insertInto('members')
      .values({
        public_id: randomBytes(6).toString('hex'),
        phone: nextPhone(),
        password_hash: 'not-a-hash',
        name: 'Stored Before The Rule',
        bank_code: 'KBANK',
        bank_account_no: `0${number}`,
        bank_account_name: 'SOMCHAI JAIDEE',
        currency: 'BAHT',
      })
      .execute();
    expect((await post('/api/account', registration({ bankAccountNo: number }))).json()).toEqual({
      message: 'EXISTING_BANK',
    });
  });

  it("takes GSB's 12 digits and refuses 10", async () => {
    const twelve = `${nextAccountNo()}12`;
    expect((await post('/api/account', registration({ bankCode: 'GSB', bankAccountNo: twelve }))).json()).toMatchObject(
      { message: 'SUCCESS' },
    );
    const ten = registration({ bankCode: 'GSB', bankAccountNo: nextAccountNo() });
    expect((await post('/api/account', ten)).json()).toEqual(LENGTH);
  });
});

describe('bank account numbers on the profile', () => {
  it('compares the canonical forms, and refuses a padded spelling of the registered account', async () => {
    const member = await registerAndLogin(t, { bankAccountName: 'somchai jaidee' });
    const put = (bankAccountNo: string) =>
      t.api({
        method: 'PUT',
        url: '/api/account/profile',
        headers: bearer(member.token),
        payload: { name: 'Renamed', bankCode: 'KBANK', bankAccountName: 'SOMCHAI JAIDEE', bankAccountNo },
      });
    const number = member.bankAccountNo;
    expect((await put(`${number.slice(0, 3)}-${number.slice(3, 4)}-${number.slice(4)}`)).json()).toEqual({
      message: 'OK',
    });
    const padded = await put(`0${number}`);
    expect(padded.statusCode).toBe(400);
    expect(padded.json()).toEqual(LENGTH);
  });
});
