import { BACKOFFICE_API, settingsPath } from '@member-wallet/contract/backoffice/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerAndLogin, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { signedInOperator } from '../../../test/operators.ts';

/**
 * The member app's site settings in the back-office (docs/backoffice/settings.md): each change is
 * validated, audited with its before and after in the same transaction, and seen by the member side at once.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInOperator>>;
let finance: Awaited<ReturnType<typeof signedInOperator>>;
beforeAll(async () => {
  t = await startTestApp();
  [admin, finance] = await Promise.all([signedInOperator(t, 'admin'), signedInOperator(t, 'finance')]);
});
afterAll(() => t.close());

function put(url: string, payload: unknown, headers = admin.headers) {
  return t.api({ method: 'PUT', url, headers, payload: payload as object });
}

async function auditOf(target: string) {
  return t.app.db.selectFrom('audit_log').selectAll().where('target', '=', target).orderBy('id').execute();
}

async function settingsNow() {
  const answer = await t.api({ method: 'GET', url: BACKOFFICE_API.settings, headers: admin.headers });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

const contactTh = {
  contactText: '<p>โทรหาเรา <b>24 ชม.</b></p>',
  lineName: '@wallet',
  lineLink: 'https://line.me/R/ti/p/@wallet',
  lineQR: '/media/line-qr.png',
};

describe('reading the site settings', () => {
  it('answers flags, texts per language (null where none), how-to, withdrawal amounts, slip window, QR validity', async () => {
    const settings = await settingsNow();
    expect(settings.flags).toEqual({
      registerOTP: expect.any(Boolean),
      enableChatWidget: expect.any(Boolean),
      terminated: false,
    });
    expect(Object.keys(settings.texts).sort()).toEqual(['agreements', 'conditions', 'contact', 'info', 'notice']);
    for (const perLocale of Object.values(settings.texts))
      expect(Object.keys(perLocale as object).sort()).toEqual(['en', 'lo', 'th']);
    expect(settings.withdraw).toContainEqual({ currency: 'BAHT', min: '10000', max: '5000000', autoApprove: '500000' });
    expect(settings.slipWindow).toEqual({ closeFrom: '23:50', closeTo: '00:10' });
    expect(settings.qrValidity).toEqual({ minutes: 10 });
    expect(Array.isArray(settings.howto)).toBe(true);
  });

  it('is for admins only', async () => {
    const answer = await t.api({ method: 'GET', url: BACKOFFICE_API.settings, headers: finance.headers });
    expect([answer.statusCode, answer.json()]).toEqual([403, { message: 'FORBIDDEN' }]);
  });
});

describe('member texts', () => {
  it('stores a text as given, audits it, and the member lookup answers it', async () => {
    const url = settingsPath(BACKOFFICE_API.settingsText, { key: 'contact', locale: 'th' });
    const before = (await settingsNow()).texts.contact.th;
    const answer = await put(url, { value: contactTh });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().texts.contact.th).toEqual(contactTh);

    const member = await t.api({ method: 'GET', url: '/api/lookup/contact', headers: { 'accept-language': 'th' } });
    expect(member.json()).toEqual(contactTh);

    const [line] = await auditOf('setting:contact:th');
    expect(line).toMatchObject({ action: 'settings.text', actor: admin.username, before, after: contactTh });
  });

  it('refuses an unknown key or language, and a value not in the key’s shape, writing nothing', async () => {
    const unknownKey = await put('/backoffice/api/settings/texts/secrets/th', { value: { notice: 'x' } });
    expect(unknownKey.statusCode).toBe(400);
    expect(unknownKey.json().message).toBe('KEY_INVALID');
    const unknownLocale = await put(settingsPath(BACKOFFICE_API.settingsText, { key: 'notice', locale: 'fr' }), {
      value: { notice: 'x' },
    });
    expect([unknownLocale.statusCode, unknownLocale.json().message]).toEqual([400, 'KEY_INVALID']);

    const url = settingsPath(BACKOFFICE_API.settingsText, { key: 'notice', locale: 'en' });
    const before = (await settingsNow()).texts.notice.en;
    const wrongShape = await put(url, { value: { notice: 42 } });
    expect(wrongShape.statusCode).toBe(400);
    expect(wrongShape.json()).toEqual({ message: 'KEY_INVALID', fields: { 'value.notice': 'KEY_INVALID' } });
    const missing = await put(url, {});
    expect(missing.statusCode).toBe(400);
    expect((await settingsNow()).texts.notice.en).toEqual(before);
    expect(await auditOf('setting:notice:en')).toEqual([]);
    expect(await auditOf('setting:secrets:th')).toEqual([]);
  });

  it('stores a list text (conditions) per language', async () => {
    const url = settingsPath(BACKOFFICE_API.settingsText, { key: 'conditions', locale: 'lo' });
    const answer = await put(url, { value: ['ເງື່ອນໄຂ 1', 'ເງື່ອນໄຂ 2'] });
    expect(answer.statusCode, answer.body).toBe(200);
    const member = await t.api({ method: 'GET', url: '/api/lookup/conditions', headers: { 'accept-language': 'lo' } });
    expect(member.json()).toEqual(['ເງື່ອນໄຂ 1', 'ເງື່ອນໄຂ 2']);
  });
});

describe('flags', () => {
  it('changes only the flags given, audits before and after, and a terminated site answers members gone', async () => {
    const member = await registerAndLogin(t);
    const before = (await settingsNow()).flags;
    const on = await put(BACKOFFICE_API.settingsFlags, { terminated: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().flags).toEqual({ ...before, terminated: true });
    try {
      // No wait for the flag cache: the change drops it.
      const gone = await t.api({
        method: 'GET',
        url: '/api/wallet',
        headers: { authorization: `Bearer ${member.token}` },
      });
      expect(gone.json()).toEqual({ message: 'gone' });
      const lookup = await t.api({ method: 'GET', url: '/api/lookup/contact' });
      expect(lookup.json()).toEqual({ message: 'gone' });
    } finally {
      expect((await put(BACKOFFICE_API.settingsFlags, { terminated: false })).statusCode).toBe(200);
    }
    const back = await t.api({ method: 'GET', url: '/api/lookup/active' });
    expect(back.json()).toEqual({ active: true });

    const lines = await auditOf('setting:flags');
    expect(lines.slice(-2).map(({ action, before: b, after }) => ({ action, before: b, after }))).toEqual([
      { action: 'settings.flags', before, after: { ...before, terminated: true } },
      { action: 'settings.flags', before: { ...before, terminated: true }, after: before },
    ]);
  });

  it('refuses a flag that is not a boolean, writing nothing', async () => {
    const lines = (await auditOf('setting:flags')).length;
    const answer = await put(BACKOFFICE_API.settingsFlags, { registerOTP: 'yes' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fields).toEqual({ registerOTP: 'KEY_INVALID' });
    expect(await auditOf('setting:flags')).toHaveLength(lines);
  });
});

describe('how-to videos', () => {
  it('takes https addresses and site paths, and the member lookup answers the list', async () => {
    const howto = [
      { key: 'register', url: 'https://videos.example/register.mp4', demo: false },
      { key: 'deposit', url: '/media/howto/deposit.mp4', demo: true },
    ];
    const answer = await put(BACKOFFICE_API.settingsHowto, { howto });
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await t.api({ method: 'GET', url: '/api/lookup/howto' })).json()).toEqual(howto);
    const [line] = await auditOf('setting:howto');
    expect(line).toMatchObject({ action: 'settings.howto', after: howto });
  });

  it('refuses a plain-http or script address, writing nothing', async () => {
    const before = (await settingsNow()).howto;
    const lines = (await auditOf('setting:howto')).length;
    for (const url of ['http://videos.example/a.mp4', 'javascript:alert(1)', '']) {
      const answer = await put(BACKOFFICE_API.settingsHowto, { howto: [{ key: 'register', url, demo: false }] });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().fields, url).toEqual({ 'howto.0.url': 'KEY_INVALID' });
    }
    expect((await settingsNow()).howto).toEqual(before);
    expect(await auditOf('setting:howto')).toHaveLength(lines);
  });
});

describe('withdrawal amounts', () => {
  const url = settingsPath(BACKOFFICE_API.settingsWithdraw, { currency: 'LAK' });

  it('sets limits and the auto-approve amount (strings or numbers), for finance too, audited', async () => {
    // Every bound tightens: it applies at once (a loosening waits for a second admin: settings.four-eyes.test.ts).
    const answer = await put(url, { min: '6000000', max: 2_000_000_000, autoApprove: '0' }, finance.headers);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().settings.withdraw).toContainEqual({
      currency: 'LAK',
      min: '6000000',
      max: '2000000000',
      autoApprove: '0',
    });
    expect(await t.app.siteSettings.withdrawLimits('LAK')).toEqual({ min: 6_000_000n, max: 2_000_000_000n });
    expect(await t.app.siteSettings.withdrawAutoApproveMax('LAK')).toBe(0n);
    const [line] = await auditOf('setting:withdraw:LAK');
    expect(line).toMatchObject({
      action: 'settings.withdraw',
      actor: finance.username,
      before: { currency: 'LAK', min: '5000000', max: '3000000000', autoApprove: '300000000' },
      after: { currency: 'LAK', min: '6000000', max: '2000000000', autoApprove: '0' },
    });
  });

  it('refuses min above max, zero or negative limits, a negative auto-approve, fractions and unknown currencies', async () => {
    const lines = (await auditOf('setting:withdraw:LAK')).length;
    const cases: [unknown, Record<string, string>][] = [
      [{ min: '500', max: '100', autoApprove: '0' }, { max: 'KEY_INVALID' }],
      [{ min: 0, max: 100, autoApprove: 0 }, { min: 'KEY_INVALID' }],
      [{ min: 10, max: 100, autoApprove: -1 }, { autoApprove: 'KEY_INVALID' }],
      [{ min: '1.5', max: 100, autoApprove: 0 }, { min: 'KEY_INVALID' }],
      [{ min: 10, max: 100 }, { autoApprove: 'KEY_MISSING' }],
    ];
    for (const [payload, fields] of cases) {
      const answer = await put(url, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().fields, JSON.stringify(payload)).toEqual(fields);
    }
    const unknown = await put(settingsPath(BACKOFFICE_API.settingsWithdraw, { currency: 'USD' }), {
      min: 1,
      max: 2,
      autoApprove: 0,
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, 'KEY_INVALID']);
    expect(await t.app.siteSettings.withdrawLimits('LAK')).toEqual({ min: 6_000_000n, max: 2_000_000_000n });
    expect(await auditOf('setting:withdraw:LAK')).toHaveLength(lines);
  });

  it('is refused to support', async () => {
    const support = await signedInOperator(t, 'support');
    const answer = await put(url, { min: 1, max: 2, autoApprove: 0 }, support.headers);
    expect([answer.statusCode, answer.json()]).toEqual([403, { message: 'FORBIDDEN' }]);
  });
});

describe('slip upload window', () => {
  it('sets the closed window, audited, and the member lookup tells it', async () => {
    const member = await registerAndLogin(t);
    const answer = await put(BACKOFFICE_API.settingsSlipWindow, { closeFrom: '01:00', closeTo: '03:30' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().slipWindow).toEqual({ closeFrom: '01:00', closeTo: '03:30' });
    const lookup = await t.api({ method: 'GET', url: '/api/lookup/slip', headers: bearer(member.token) });
    expect(lookup.json()).toMatchObject({ closeFrom: '01:00', closeTo: '03:30' });
    const [line] = await auditOf('setting:slip-window');
    expect(line).toMatchObject({
      action: 'settings.slip_window',
      before: { closeFrom: '23:50', closeTo: '00:10' },
      after: { closeFrom: '01:00', closeTo: '03:30' },
    });
  });

  it('refuses times that are not HH:mm, writing nothing', async () => {
    const before = (await settingsNow()).slipWindow;
    for (const body of [{ closeFrom: '24:00', closeTo: '01:00' }, { closeFrom: '1:00', closeTo: '02:00' }, {}]) {
      const answer = await put(BACKOFFICE_API.settingsSlipWindow, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await settingsNow()).slipWindow).toEqual(before);
  });
});

describe('QR validity', () => {
  it('sets the minutes a new QR can be paid, audited; the next QR a member makes has them', async () => {
    const answer = await put(BACKOFFICE_API.settingsQrValidity, { minutes: 25 });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().qrValidity).toEqual({ minutes: 25 });
    const [line] = await auditOf('setting:qr-validity');
    expect(line).toMatchObject({ action: 'settings.qr_validity', before: { minutes: 10 }, after: { minutes: 25 } });

    const member = await registerAndLogin(t);
    const qr = await t.api({
      method: 'POST',
      url: '/api/qrcode/KBANK',
      payload: { amount: 100 },
      headers: bearer(member.token),
    });
    expect(qr.statusCode, qr.body).toBe(200);
    expect(qr.json()).toMatchObject({ hasQrcode: true, expireIn: 25 * 60 });
  });

  it('refuses 0, more than a day, fractions and text, writing nothing', async () => {
    const before = (await settingsNow()).qrValidity;
    for (const minutes of [0, 1441, 2.5, '10']) {
      const answer = await put(BACKOFFICE_API.settingsQrValidity, { minutes });
      expect([answer.statusCode, answer.json().message], String(minutes)).toEqual([400, 'KEY_INVALID']);
    }
    expect((await settingsNow()).qrValidity).toEqual(before);
  });

  it('is refused to finance', async () => {
    const answer = await put(BACKOFFICE_API.settingsQrValidity, { minutes: 5 }, finance.headers);
    expect([answer.statusCode, answer.json()]).toEqual([403, { message: 'FORBIDDEN' }]);
  });
});
