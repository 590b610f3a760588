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

let t: TestApp;
let laos: TestApp;
beforeAll(async () => {
  [t, laos] = await Promise.all([startTestApp(), startTestApp({ COUNTRY: 'LA' })]);
});
afterAll(() => Promise.all([t.close(), laos.close()]));

function register(payload: unknown, app: TestApp = t, remoteAddress = nextAddress()) {
  return app.api({ method: 'POST', url: '/api/account', payload: payload as object, remoteAddress });
}
function validate(payload: unknown, remoteAddress = nextAddress()) {
  return t.api({ method: 'POST', url: '/api/account/validate', payload: payload as object, remoteAddress });
}

describe('registration', () => {
  it('registers a member with an upper-cased, trimmed account name, and shows the profile', async () => {
    const member = await registerAndLogin(t, { bankAccountName: '  somchai   jaidee ', name: 'สมชาย_01' });
    expect(member.publicId).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    const profile = await t.api({ method: 'GET', url: '/api/account/profile', headers: bearer(member.token) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual({
      _id: member.publicId,
      memberNo: expect.any(Number),
      name: 'สมชาย_01',
      username: member.username,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      currency: 'BAHT',
      bankCode: 'KBANK',
      bankAccountName: 'SOMCHAI JAIDEE',
      bankAccountNo: member.bankAccountNo,
      bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank', nameLO: 'ທະນາຄານກະສິກອນໄທ' },
    });
    expect(profile.body).not.toMatch(/password|argon2/i);
  });

  it('refuses a phone or a bank account that is already registered', async () => {
    const first = registration();
    expect((await register(first)).json()).toMatchObject({ message: 'SUCCESS' });
    const samePhone = await register(registration({ username: first.username }));
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json()).toEqual({ message: 'EXISTING_USER' });
    const sameBank = await register(registration({ bankAccountNo: first.bankAccountNo }));
    expect(sameBank.statusCode).toBe(409);
    expect(sameBank.json()).toEqual({ message: 'EXISTING_BANK' });
  });

  it('keeps one member per phone and bank account when registrations race', async () => {
    const body = registration();
    const answers = await Promise.all([register(body), register(body), register({ ...body, username: nextPhone() })]);
    const codes = answers.map((answer) => answer.json().message).sort();
    expect(codes.filter((code) => code === 'SUCCESS')).toHaveLength(1);
    expect(codes.filter((code) => code === 'EXISTING_USER' || code === 'EXISTING_BANK')).toHaveLength(2);
  });

  it('checks banks, sources and inviter codes', async () => {
    const unknownBank = await register(registration({ bankCode: 'NOPE' }));
    expect(unknownBank.json()).toEqual({ message: 'INVALID_BANK', fields: { bankCode: 'INVALID_BANK' } });
    const laoBank = await register(registration({ bankCode: 'BCEL' }));
    expect(laoBank.json()).toMatchObject({ message: 'INVALID_BANK' });
    const badSource = await register(registration({ sourceCode: 'radio' }));
    expect(badSource.statusCode).toBe(400);
    expect(badSource.json()).toEqual({ message: 'INVALID_USER_INFO', fields: { sourceCode: 'INVALID_USER_INFO' } });
    const badInvite = await register(registration({ inviteCode: 'PRZZZZZZZZ' }));
    expect(badInvite.json()).toEqual({ message: 'INVALID_USER_INFO', fields: { inviteCode: 'INVALID_USER_INFO' } });
    const inviter = await registerAndLogin(t);
    const invited = await register(
      registration({ inviteCode: `pr${inviter.publicId.toLowerCase()}`, sourceCode: 'friend' }),
    );
    expect(invited.json()).toMatchObject({ message: 'SUCCESS' });
  });

  it('enforces the phone, English-name and field rules', async () => {
    const short = await register(registration({ username: '081234567' }));
    expect(short.json()).toEqual({
      message: 'PHONE_NUMBER_REQUIRE_10_DIGIT',
      fields: { username: 'PHONE_NUMBER_REQUIRE_10_DIGIT' },
    });
    for (const bankCode of ['KTB', 'TMB', 'BBL']) {
      const thaiName = await register(registration({ bankCode, bankAccountName: 'สมชาย ใจดี' }));
      expect(thaiName.json()).toEqual({
        message: 'BANK_ACCOUNT_NAME_ENG',
        fields: { bankAccountName: 'BANK_ACCOUNT_NAME_ENG' },
      });
    }
    expect((await register(registration({ bankCode: 'SCB', bankAccountName: 'สมชาย ใจดี' }))).statusCode).toBe(200);
    const { name: _, ...withoutName } = registration();
    expect((await register(withoutName)).json()).toEqual({ message: 'KEY_MISSING', fields: { name: 'KEY_MISSING' } });
    expect((await register(registration({ name: 42 }))).json()).toEqual({
      message: 'KEY_INVALID',
      fields: { name: 'KEY_INVALID' },
    });
    expect((await register(registration({ name: 'x'.repeat(51) }))).json()).toMatchObject({ message: 'KEY_INVALID' });
    expect((await register(registration({ password: '123' }))).json()).toMatchObject({
      fields: { password: 'PASSWORD_TOO_SHORT' },
    });
    expect((await register(registration({ bankAccountNo: '12/34' }))).json()).toMatchObject({
      fields: { bankAccountNo: 'KEY_INVALID' },
    });
    expect((await register(registration({ bankAccountNo: '12-34' }))).json()).toMatchObject({
      fields: { bankAccountNo: 'BANK_ACCOUNT_NO_LENGTH' },
    });
    expect((await register('not an object')).json()).toEqual({ message: 'KEY_INVALID' });
  });

  it('refuses markup and SQL in names, and stores nothing from them', async () => {
    for (const name of ['<script>alert(1)</script>', "x'); DROP TABLE members;--"]) {
      const answer = await register(registration({ name }));
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: 'KEY_INVALID', fields: { name: 'KEY_INVALID' } });
      const accountName = await register(registration({ bankAccountName: name }));
      expect(accountName.json()).toMatchObject({ fields: { bankAccountName: 'KEY_INVALID' } });
    }
    expect((await t.api({ method: 'GET', url: '/api/lookup/banks' })).statusCode).toBe(200);
  });

  it('stores BAHT in the Thai build and refuses another currency', async () => {
    expect((await register(registration({ currency: 'BAHT' }))).statusCode).toBe(200);
    const lak = await register(registration({ currency: 'LAK' }));
    expect(lak.json()).toEqual({ message: 'KEY_INVALID', fields: { currency: 'KEY_INVALID' } });
    expect((await register(registration({ currency: 'USD' }))).json()).toMatchObject({ message: 'KEY_INVALID' });
  });

  it('defaults to LAK in the Laos build, accepts short phones and Lao banks', async () => {
    const lao = registration({ username: '02012345', bankCode: 'BCEL', bankAccountName: 'ສົມພອນ ແກ້ວມະນີ' });
    expect((await register(lao, laos)).statusCode).toBe(200);
    const login = await laos.api({
      method: 'POST',
      url: '/api/login',
      payload: { username: '02012345', password: lao.password },
    });
    const profile = await laos.api({ method: 'GET', url: '/api/account/profile', headers: bearer(login.json().token) });
    expect(profile.json()).toMatchObject({ currency: 'LAK', bankCode: 'BCEL' });
    const baht = registration({ username: '02099999', currency: 'BAHT' });
    expect((await register(baht, laos)).statusCode).toBe(200);
  });

  it('limits one address to 10 registrations an hour', async () => {
    const address = nextAddress();
    for (let index = 0; index < 10; index++) expect((await register(registration(), t, address)).statusCode).toBe(200);
    const limited = await register(registration(), t, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'REQUEST_LIMIT' });
  });
});

describe('registration OTP', () => {
  async function verifyPhone(phone: string) {
    const sent = (await t.api({ method: 'POST', url: '/api/otp/send', payload: { phoneNumber: phone } })).json();
    const outbox = await t.app.inject({ method: 'GET', url: `/sandbox/sms/outbox?phone=${phone}` });
    const code = /OTP (\d{6})/.exec(outbox.json()[0].body)?.[1];
    const verified = await t.api({
      method: 'POST',
      url: '/api/otp/verify',
      payload: { otpToken: sent.otpToken, otpCode: code },
    });
    expect(verified.json()).toEqual({ message: 'OTP_CODE_VALID' });
  }

  it('asks for a verified OTP when the flag is on, and consumes it', async () => {
    await t.app.inject({ method: 'PUT', url: '/sandbox/settings', payload: { registerOTP: true } });
    try {
      expect((await t.api({ method: 'GET', url: '/api/lookup/registerOTP' })).json()).toEqual({ registerOTP: true });
      const body = registration();
      const unverified = await register(body);
      expect(unverified.statusCode).toBe(400);
      expect(unverified.json()).toEqual({ message: 'UNVERIFIED_OTP' });

      await verifyPhone(body.username);
      expect((await register(body)).statusCode).toBe(200);
      const challenges = await t.app.db
        .selectFrom('otp_challenges')
        .select(['verified_at', 'consumed_at'])
        .where('phone', '=', body.username)
        .execute();
      expect(challenges).toHaveLength(1);
      expect(challenges[0]?.consumed_at).toBeInstanceOf(Date);

      const late = registration();
      await verifyPhone(late.username);
      t.clock.advance(31 * 60_000);
      expect((await register(late)).json()).toEqual({ message: 'UNVERIFIED_OTP' });
    } finally {
      await t.app.inject({ method: 'PUT', url: '/sandbox/settings', payload: { registerOTP: false } });
    }
  });
});

describe('validate', () => {
  it('answers OK for a good profile step and the same errors as registration', async () => {
    const { bankCode: _, bankAccountName: __, bankAccountNo: ___, ...profileStep } = registration();
    expect((await validate(profileStep)).json()).toEqual({ message: 'OK' });
    const member = await registerAndLogin(t);
    expect((await validate({ ...profileStep, username: member.username })).json()).toEqual({
      message: 'EXISTING_USER',
    });
    expect((await validate({ ...profileStep, sourceCode: 'nope' })).json()).toMatchObject({
      message: 'INVALID_USER_INFO',
    });
    expect((await validate({ ...profileStep, inviteCode: 'XYZ' })).json()).toMatchObject({
      fields: { inviteCode: 'INVALID_USER_INFO' },
    });
    expect((await validate({ ...profileStep, inviteCode: `PR${member.publicId}` })).json()).toEqual({ message: 'OK' });
    expect((await validate({ ...profileStep, bankCode: 'NOPE' })).json()).toMatchObject({ message: 'INVALID_BANK' });
    const bankTaken = await validate({ ...profileStep, bankCode: 'KBANK', bankAccountNo: member.bankAccountNo });
    expect(bankTaken.json()).toEqual({ message: 'EXISTING_BANK' });
    const english = await validate({ ...profileStep, bankCode: 'KTB', bankAccountName: 'สมชาย ใจดี' });
    expect(english.json()).toMatchObject({ message: 'BANK_ACCOUNT_NAME_ENG' });
    expect((await validate({ ...profileStep, password: '' })).json()).toMatchObject({
      fields: { password: 'KEY_MISSING' },
    });
  });
});

describe('password policy (issue 18)', () => {
  it('refuses short, common and phone passwords on validate and at registration, each with its own code', async () => {
    const phone = nextPhone();
    const refused: [string, string][] = [
      ['123456', 'PASSWORD_TOO_SHORT'],
      ['abc1234', 'PASSWORD_TOO_SHORT'],
      ['password', 'PASSWORD_TOO_COMMON'],
      ['Password1', 'PASSWORD_TOO_COMMON'],
      ['12345678', 'PASSWORD_TOO_COMMON'],
      ['qwertyuiop', 'PASSWORD_TOO_COMMON'],
      [phone, 'PASSWORD_CONTAINS_USERNAME'],
      [`pw${phone}!`, 'PASSWORD_CONTAINS_USERNAME'],
    ];
    for (const [password, code] of refused) {
      const body = registration({ username: phone, password });
      const expected = { message: code, fields: { password: code } };
      expect((await validate(body)).json(), password).toEqual(expected);
      const registered = await register(body);
      expect(registered.statusCode, password).toBe(400);
      expect(registered.json(), password).toEqual(expected);
    }
    expect((await register(registration({ username: phone, password: 'demo1234' }))).json()).toMatchObject({
      message: 'SUCCESS',
    });
  });
});

describe('enumeration limits (issue 18)', () => {
  it('answers 20 of 300 validations a minute from one address, the rest 429 before any look-up', async () => {
    const address = nextAddress();
    const member = await registerAndLogin(t);
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, index) =>
        validate(
          registration(index % 2 ? { username: member.username } : { bankAccountNo: member.bankAccountNo }),
          address,
        ),
      ),
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    // Refused calls give their hits back, but while a burst is in flight they may briefly fill the hourly count
    // too: some of the 280 are answered REQUEST_LIMIT rather than REQUEST_LIMIT_1MIN.
    const refused = answers.filter((answer) => answer.statusCode === 429).map((answer) => answer.json().message);
    expect(refused).toHaveLength(280);
    expect(refused.every((message) => ['REQUEST_LIMIT_1MIN', 'REQUEST_LIMIT'].includes(message))).toBe(true);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(20);
    t.clock.advance(60_000);
    // The hourly limit: 100 an hour from one address.
    const more = [];
    for (let minute = 0; minute < 5; minute++) {
      more.push(...(await Promise.all(Array.from({ length: 20 }, () => validate(registration(), address)))));
      t.clock.advance(60_000);
    }
    if (!process.env.REDIS_URL) {
      expect(more.filter((answer) => answer.statusCode === 200)).toHaveLength(80);
      expect((await validate(registration(), address)).json()).toEqual({ message: 'REQUEST_LIMIT' });
    }
  });

  it('limits validations and registrations of one phone, from any address', async () => {
    const phone = nextPhone();
    const validations = [];
    for (let index = 0; index < 12; index++)
      validations.push((await validate(registration({ username: phone }))).json());
    expect(validations.slice(0, 10)).toEqual(Array(10).fill({ message: 'OK' }));
    expect(validations.slice(10)).toEqual(Array(2).fill({ message: 'REQUEST_LIMIT_1MIN' }));
    const registrations = [];
    for (let index = 0; index < 7; index++) {
      registrations.push((await register(registration({ username: phone, inviteCode: 'PRNOSUCH1' }))).json().message);
    }
    expect(registrations).toEqual([...Array(5).fill('INVALID_USER_INFO'), ...Array(2).fill('REQUEST_LIMIT_1MIN')]);
  });
});

describe('validate and registration agree (issue 18)', () => {
  it('refuses on validate the bank account numbers registration refuses', async () => {
    const refusals = { '555/000/0011': 'KEY_INVALID', '０１２３４５６７８９０': 'BANK_ACCOUNT_NO_LENGTH' } as const;
    for (const [bankAccountNo, code] of Object.entries(refusals)) {
      const body = registration({ bankAccountNo });
      const validated = await validate(body);
      expect(validated.statusCode, bankAccountNo).toBe(400);
      expect(validated.json(), bankAccountNo).toEqual({ message: code, fields: { bankAccountNo: code } });
      expect((await register(body)).json(), bankAccountNo).toEqual(validated.json());
    }
  });

  it('refuses a profile or bank account name of Thai marks alone with NAME_LETTER_REQUIRED', async () => {
    const marks = '\u0e31\u0e34\u0e35';
    const name = await register(registration({ name: marks }));
    expect(name.json()).toEqual({ message: 'NAME_LETTER_REQUIRED', fields: { name: 'NAME_LETTER_REQUIRED' } });
    const bankName = await register(registration({ bankAccountName: marks }));
    expect(bankName.json()).toEqual({
      message: 'NAME_LETTER_REQUIRED',
      fields: { bankAccountName: 'NAME_LETTER_REQUIRED' },
    });
    expect((await validate(registration({ name: marks }))).json()).toEqual(name.json());
  });
});

describe('profile', () => {
  it('changes the display name only when the bank fields are the registered ones', async () => {
    const member = await registerAndLogin(t, { bankAccountName: 'somchai jaidee' });
    const put = (payload: object) =>
      t.api({ method: 'PUT', url: '/api/account/profile', headers: bearer(member.token), payload });
    const bank = { bankCode: 'KBANK', bankAccountName: 'Somchai Jaidee', bankAccountNo: member.bankAccountNo };
    expect((await put({ name: 'New Name', ...bank })).json()).toEqual({ message: 'OK' });
    const moved = await put({ name: 'Thief', ...bank, bankAccountNo: nextAccountNo() });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ message: 'INVALID_BANK' });
    expect((await put({ name: 'Thief', ...bank, bankCode: 'SCB' })).json()).toMatchObject({ message: 'INVALID_BANK' });
    const profile = await t.api({ method: 'GET', url: '/api/account/profile', headers: bearer(member.token) });
    expect(profile.json()).toMatchObject({ name: 'New Name', bankAccountNo: member.bankAccountNo });
  });

  it('changes the spelling of the account name on the same bank, in English for KTB', async () => {
    const member = await registerAndLogin(t, { bankCode: 'KTB', bankAccountName: 'SOMCHAI JAIDEE' });
    const put = (payload: object) =>
      t.api({ method: 'PUT', url: '/api/account/bankAccountName', headers: bearer(member.token), payload });
    expect((await put({ bankCode: 'KTB', bankAccountName: ' somchay  jaidee ' })).json()).toEqual({ message: 'OK' });
    expect((await put({ bankCode: 'KTB', bankAccountName: 'สมชาย ใจดี' })).json()).toMatchObject({
      message: 'BANK_ACCOUNT_NAME_ENG',
    });
    expect((await put({ bankCode: 'KBANK', bankAccountName: 'SOMCHAI JAIDEE' })).json()).toMatchObject({
      message: 'INVALID_BANK',
    });
    const profile = await t.api({ method: 'GET', url: '/api/account/profile', headers: bearer(member.token) });
    expect(profile.json()).toMatchObject({ bankCode: 'KTB', bankAccountName: 'SOMCHAY JAIDEE' });
  });

  it('shows each member only their own profile, whatever the request says', async () => {
    const alice = await registerAndLogin(t, { bankAccountName: 'somchai jaidee' });
    const bob = await registerAndLogin(t, { bankAccountName: 'somchai jaidee' });
    const asBob = await t.api({
      method: 'GET',
      url: `/api/account/profile?_id=${alice.publicId}&memberId=1`,
      headers: bearer(bob.token),
    });
    expect(asBob.json()).toMatchObject({ _id: bob.publicId, username: bob.username });
    const put = await t.api({
      method: 'PUT',
      url: '/api/account/profile',
      headers: bearer(bob.token),
      payload: {
        name: 'Renamed',
        _id: alice.publicId,
        bankCode: 'KBANK',
        bankAccountName: 'SOMCHAI JAIDEE',
        bankAccountNo: bob.bankAccountNo,
      },
    });
    expect(put.json()).toEqual({ message: 'OK' });
    const aliceProfile = await t.api({ method: 'GET', url: '/api/account/profile', headers: bearer(alice.token) });
    expect(aliceProfile.json().name).toBe('Somchai');
  });

  it('answers invalid-token without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/account/profile'],
      ['PUT', '/api/account/profile'],
      ['PUT', '/api/account/bankAccountName'],
      ['PUT', '/api/account/changepwd'],
      ['POST', '/api/logout'],
    ] as const) {
      const answer = await t.api({ method, url, payload: {} });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ message: 'invalid-token' });
    }
  });
});
