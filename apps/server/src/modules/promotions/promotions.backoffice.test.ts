import { BACKOFFICE_API, backofficePath, settingsPath } from '@member-wallet/contract/backoffice/api-paths';
import type { BonusCreateRequest } from '@member-wallet/contract/backoffice/promotions';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusCall, TEST_APP_ENV, walletMajor } from '../../../test/bonus.ts';
import { fundedMember, noDrift } from '../../../test/games.ts';
import { bearer, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { signedInOperator } from '../../../test/operators.ts';
import { bonusRequest, termsOf } from '../../../test/promotions.ts';
import { blankPng, multipartBody } from '../../../test/slips.ts';
import { migrationProvider } from '../../db/migrations/index.ts';
import { DEMO_WHEEL } from '../spin/spin.demo.ts';

/**
 * Promotions in the back-office (docs/backoffice/promotions.md): each change is validated as the member side's
 * readers validate, takes effect in the member API, and is audited in its transaction; a refused one stores
 * nothing. A change that could pay more waits for a second admin (docs/backoffice/four-eyes.md, Reward terms;
 * promotions.four-eyes.test.ts): here `second` approves it.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInOperator>>;
let second: Awaited<ReturnType<typeof signedInOperator>>;
let support: Awaited<ReturnType<typeof signedInOperator>>;
beforeAll(async () => {
  t = await startTestApp(TEST_APP_ENV);
  [admin, second, support] = await Promise.all([
    signedInOperator(t, 'admin'),
    signedInOperator(t, 'admin'),
    signedInOperator(t, 'support'),
  ]);
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = admin.headers) {
  return t.api({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** A change that waits for a second admin (202) approved by `second`; one applied at once (200) as it is. */
async function applied(answer: Awaited<ReturnType<typeof call>>) {
  if (answer.statusCode !== 202) return answer;
  const url = backofficePath(BACKOFFICE_API.pendingChangeApprove, answer.json().change.id);
  const approved = await t.api({ method: 'POST', url, headers: second.headers });
  expect(approved.statusCode, approved.body).toBe(200);
  return answer;
}

async function auditOf(target: string) {
  return t.app.db.selectFrom('audit_log').selectAll().where('target', '=', target).orderBy('id').execute();
}

async function memberBonuses(player: { token: string }, language = 'en') {
  const answer = await t.api({
    method: 'GET',
    url: '/api/bonus',
    headers: { ...bearer(player.token), 'accept-language': language },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json() as { code: string; name: string; description: string; percentFail: number }[];
}

describe('bonus definitions', () => {
  it('creates a bonus the member grid shows, audited, and refuses the same code again', async () => {
    const created = await applied(await call('POST', BACKOFFICE_API.bonusList, bonusRequest(' new1 ')));
    expect(created.statusCode, created.body).toBe(202);
    expect(created.json().bonus).toMatchObject({ code: 'NEW1', kind: 'bonus', amountMinor: '10000', received: 0 });
    const player = await fundedMember(t);
    expect((await memberBonuses(player)).find((bonus) => bonus.code === 'NEW1')).toMatchObject({
      name: 'NEW1 en',
      description: 'About it',
      percentFail: 50,
    });
    const [line, activation] = await auditOf('bonus:NEW1');
    expect(line).toMatchObject({ action: 'bonus.create', actor: admin.username, before: null });
    expect(line?.after).toMatchObject({ code: 'NEW1', amountMinor: '10000', active: false });
    expect(activation).toMatchObject({ action: 'bonus.update', actor: second.username, after: { active: true } });

    const again = await call('POST', BACKOFFICE_API.bonusList, bonusRequest('NEW1', { percentFail: 10 }));
    expect([again.statusCode, again.json()]).toEqual([409, { message: 'BONUS_EXISTS' }]);
    expect(await auditOf('bonus:NEW1')).toHaveLength(2);
  });

  it('refuses terms outside the columns limits with the fields, and stores nothing', async () => {
    const cases: [Partial<BonusCreateRequest>, Record<string, string>][] = [
      [{ percentFail: 101 }, { percentFail: 'KEY_INVALID' }],
      [{ maxReceived: 0 }, { maxReceived: 'KEY_INVALID' }],
      [{ winMultiple: 1001 }, { winMultiple: 'KEY_INVALID' }],
      [{ code: 'BAD CODE!' }, { code: 'KEY_INVALID' }],
      [{ amountMinor: null }, { amountMinor: 'KEY_MISSING' }],
      [{ amountMinor: '0' }, { amountMinor: 'KEY_INVALID' }],
      [{ amountRule: 'deposit_percent', amountMinor: null }, { depositPercent: 'KEY_MISSING' }],
      [{ depositPercent: 1001 }, { depositPercent: 'KEY_INVALID' }],
      [{ names: { th: '', lo: '', en: 'x' } }, { 'names.th': 'KEY_MISSING' }],
      [{ banners: [{ image: 'javascript:alert(1)', html: '' }] }, { 'banners.0.image': 'KEY_INVALID' }],
      [{ currency: 'USD' as 'BAHT' }, { currency: 'KEY_INVALID' }],
    ];
    for (const [overrides, fields] of cases) {
      const answer = await call('POST', BACKOFFICE_API.bonusList, bonusRequest('REFUSED', overrides));
      expect(answer.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(answer.json().fields, JSON.stringify(overrides)).toMatchObject(fields);
    }
    const stored = await t.app.db.selectFrom('bonuses').select('id').where('code', '=', 'REFUSED').execute();
    expect(stored).toEqual([]);
    expect(await auditOf('bonus:REFUSED')).toEqual([]);
  });

  it('changes a bonus: the member sees the new name, and a retired one is neither listed nor received', async () => {
    const request = bonusRequest('EDIT1');
    expect((await applied(await call('POST', BACKOFFICE_API.bonusList, request))).statusCode).toBe(202);
    const url = settingsPath(BACKOFFICE_API.bonusUpdate, { code: 'edit1' });
    const renamed = await call('PUT', url, termsOf({ ...request, names: { th: 'ใหม่', lo: '', en: 'Renamed' } }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    const player = await fundedMember(t);
    expect((await memberBonuses(player)).find((bonus) => bonus.code === 'EDIT1')?.name).toBe('Renamed');
    const lines = await auditOf('bonus:EDIT1');
    expect(lines.map((line) => line.action)).toEqual(['bonus.create', 'bonus.update', 'bonus.update']);
    expect(lines[2]).toMatchObject({ actor: admin.username, before: { names: { en: 'EDIT1 en' } } });
    expect(lines[2]?.after).toMatchObject({ names: { en: 'Renamed' } });

    expect((await call('PUT', url, termsOf({ ...request, active: false }))).json()).toMatchObject({ active: false });
    expect((await memberBonuses(player)).map((bonus) => bonus.code)).not.toContain('EDIT1');
    const refused = await bonusCall(t, player, '/api/bonus/activate/EDIT1');
    expect([refused.statusCode, refused.json().message]).toEqual([404, 'NO_DATA']);

    const unknown = await call('PUT', settingsPath(BACKOFFICE_API.bonusUpdate, { code: 'NOPE' }), termsOf(request));
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'NO_DATA' }]);
  });

  it('leaves a running bonus the terms it was received with', async () => {
    const request = bonusRequest('KEEP1', { percentFail: 50, endBelowMinor: '500' });
    expect((await applied(await call('POST', BACKOFFICE_API.bonusList, request))).statusCode).toBe(202);
    const player = await fundedMember(t, 10);
    expect((await bonusCall(t, player, '/api/bonus/activate/KEEP1')).statusCode).toBe(200);
    expect(await walletMajor(t, player)).toBe(110);
    // Now a floor above the member's money (which would clear it free) and nothing taken back on cancel.
    const url = settingsPath(BACKOFFICE_API.bonusUpdate, { code: 'KEEP1' });
    const changed = await applied(
      await call('PUT', url, termsOf({ ...request, percentFail: 0, endBelowMinor: '100000000' })),
    );
    expect(changed.statusCode, changed.body).toBe(202);
    const minimum = (await bonusCall(t, player, '/api/bonus/check/minimum')).json();
    expect(minimum).toMatchObject({ status: false, minimum: 5 });
    const cleared = await bonusCall(t, player, '/api/bonus/clear');
    // The cancel tells the terms it was received with (percentFail 50), not the ones changed since, and takes the
    // bonus back whole.
    expect(cleared.json()).toEqual({
      message: 'SUCCESS',
      takenBack: 100,
      fromGames: 0,
      name: 'KEEP1 ไทย',
      bonus: 100,
      percentFail: 50,
      won: 0,
      due: 100,
    });
    expect(await walletMajor(t, player)).toBe(10);
    expect(await noDrift(t)).toBe(true);
  });

  it("gives bonuses received before migration 0020 their definition's terms", async () => {
    const created = await call('POST', BACKOFFICE_API.bonusList, bonusRequest('OLD1', { percentFail: 30 }));
    expect((await applied(created)).statusCode).toBe(202);
    const player = await fundedMember(t, 10);
    expect((await bonusCall(t, player, '/api/bonus/activate/OLD1')).statusCode).toBe(200);
    const migrator = new Migrator({ db: t.app.db, provider: migrationProvider });
    // Down to the migration before 0020 (through every later one), then up again.
    const down = await migrator.migrateTo('0018_suspense_slip_review');
    expect(down.error).toBeUndefined();
    const undone = (down.results ?? []).map((result) => result.migrationName);
    expect(undone).toContain('0020_member_bonus_terms');
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(up.results?.map((result) => result.migrationName).sort()).toEqual([...undone].sort());
    const row = await t.app.db
      .selectFrom('member_bonuses')
      .select(['win_multiple', 'end_below_minor', 'percent_fail'])
      .where('member_id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ win_multiple: 2, end_below_minor: 500n, percent_fail: 30 });
  });

  it('keeps promotion codes apart: listed by kind, found by code, retired', async () => {
    const promo = bonusRequest('PROMO1', { kind: 'promotion', percentFail: 20 });
    expect((await applied(await call('POST', BACKOFFICE_API.bonusList, promo))).statusCode).toBe(202);
    const list = await call('GET', `${BACKOFFICE_API.bonusList}?kind=promotion&limit=100`, undefined, support.headers);
    expect(list.statusCode).toBe(200);
    const page = list.json() as { total: number; bonuses: { code: string; kind: string }[] };
    expect(page.bonuses.every((bonus) => bonus.kind === 'promotion')).toBe(true);
    expect(page.bonuses.map((bonus) => bonus.code)).toContain('PROMO1');
    const player = await fundedMember(t);
    const found = await bonusCall(t, player, '/api/promotion/find/promo1');
    expect(found.json()).toMatchObject({ code: 'PROMO1', percentFail: 20 });
    await call(
      'PUT',
      settingsPath(BACKOFFICE_API.bonusUpdate, { code: 'PROMO1' }),
      termsOf({ ...promo, active: false }),
    );
    expect((await bonusCall(t, player, '/api/promotion/find/PROMO1')).json()).toBeNull();
  });

  it('exports the definitions of a kind as CSV, newest first, with their activations', async () => {
    const answer = await call('GET', `${BACKOFFICE_API.bonusesCsv}?kind=promotion`, undefined, support.headers);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="bonuses-promotion.csv"');
    expect(answer.body.startsWith('\uFEFFcode,kind,type,currency,active,nameTh,')).toBe(true);
    const records = answer.body.trimEnd().split('\r\n').slice(1);
    const listed = await call(
      'GET',
      `${BACKOFFICE_API.bonusList}?kind=promotion&limit=100`,
      undefined,
      support.headers,
    );
    const bonuses = (listed.json() as { bonuses: { code: string; received: number }[] }).bonuses;
    expect(records.map((record) => record.split(',')[0])).toEqual(bonuses.map((bonus) => bonus.code));
    expect(records.every((record) => record.split(',')[1] === 'promotion')).toBe(true);
    const promo = records.find((record) => record.startsWith('PROMO1,'))?.split(',');
    expect(promo?.[4]).toBe('no');
    expect(promo?.[16]).toBe(String(bonuses.find((bonus) => bonus.code === 'PROMO1')?.received));
  });

  it('lets support read but not change', async () => {
    const answer = await call('POST', BACKOFFICE_API.bonusList, bonusRequest('SUPPORT1'), support.headers);
    expect([answer.statusCode, answer.json()]).toEqual([403, { message: 'FORBIDDEN' }]);
    const page = await call('GET', `${BACKOFFICE_API.bonusList}?page=1&limit=2`, undefined, support.headers);
    expect(page.statusCode).toBe(200);
    expect(page.json().bonuses.length).toBeLessThanOrEqual(2);
    expect(page.json().total).toBeGreaterThanOrEqual(4);
  });
});

describe('invite and refund programmes', () => {
  it('stores a valid invite programme the wallet answer then shows, audited; refuses a bad one', async () => {
    const before = await call('GET', BACKOFFICE_API.inviteSettings, undefined, support.headers);
    expect(before.json()).toEqual({ enabled: false, percent: 5, successPercent: 80, collectMinimum: 0 });
    const value = { enabled: true, percent: 2.5, successPercent: 60, collectMinimum: 10 };
    const saved = await applied(await call('PUT', BACKOFFICE_API.inviteSettings, value));
    expect([saved.statusCode, saved.json().change.after]).toEqual([202, value]);
    const player = await fundedMember(t);
    const wallet = (await bonusCall(t, player, '/api/wallet')).json();
    expect(wallet.invite).toMatchObject({ success: 60, fail: 40 });
    const [line] = await auditOf('setting:inviteProgramme');
    expect(line).toMatchObject({ action: 'settings.invite', actor: second.username, before: null, after: value });

    for (const bad of [
      { ...value, percent: 101 },
      { ...value, percent: 1.234 },
      { ...value, collectMinimum: -1 },
      { enabled: true },
    ]) {
      const refused = await call('PUT', BACKOFFICE_API.inviteSettings, bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await call('GET', BACKOFFICE_API.inviteSettings)).json()).toEqual(value);
    expect(await auditOf('setting:inviteProgramme')).toHaveLength(1);
  });

  it('stores a valid refund programme the refund check then uses; refuses a bad period', async () => {
    const value = { enabled: true, period: 'day', percent: 10, minimum: 0, cap: 100, successPercent: 70 };
    const saved = await applied(await call('PUT', BACKOFFICE_API.refundSettings, value));
    expect([saved.statusCode, saved.json().change.after]).toEqual([202, value]);
    const player = await fundedMember(t);
    const check = (await bonusCall(t, player, '/api/refund/check')).json();
    expect(check).toMatchObject({ refundSuccess: 70, refundFail: 30, info: { period: 'day', percent: 10 } });
    const refused = await call('PUT', BACKOFFICE_API.refundSettings, { ...value, period: 'month' });
    expect([refused.statusCode, refused.json().fields]).toEqual([400, { period: 'KEY_INVALID' }]);
    expect((await call('GET', BACKOFFICE_API.refundSettings)).json()).toEqual(value);
    expect((await auditOf('setting:refundProgramme')).map((line) => line.action)).toEqual(['settings.refund']);
  });
});

describe('the prize wheel', () => {
  it('stores a wheel members then spin on, audited; refuses one that does not parse and keeps the old', async () => {
    const rules = { depositPerCoin: { BAHT: 100, LAK: 30000 }, couponExpiryHours: 24 };
    const wheel = {
      ...DEMO_WHEEL,
      slices: DEMO_WHEEL.slices.map((slice, index) => ({ ...slice, label: { ...slice.label, en: `Slice ${index}` } })),
    };
    const saved = await applied(await call('PUT', BACKOFFICE_API.spinSettings, { wheel, rules }));
    expect(saved.statusCode, saved.body).toBe(202);
    expect(saved.json().change.after).toEqual({ wheel, rules });
    const player = await fundedMember(t);
    const setup = await t.api({
      method: 'GET',
      url: '/api/spinwheel/setup',
      headers: { ...bearer(player.token), 'accept-language': 'en' },
    });
    expect(setup.json().activeSpinwheel.slices[0].label).toBe('Slice 0');

    const broken = [
      { ...wheel, slices: wheel.slices.map((slice) => ({ ...slice, weight: 0 })) },
      { ...wheel, slices: [wheel.slices[0], wheel.slices[0]] },
      { ...wheel, slices: [wheel.slices[0]] },
      { ...wheel, slices: wheel.slices.map((slice) => ({ ...slice, bgColor: 'red' })) },
      { ...wheel, slices: wheel.slices.map((slice) => ({ ...slice, prize: { type: 'cash' } })) },
    ];
    for (const bad of broken) {
      const refused = await call('PUT', BACKOFFICE_API.spinSettings, { wheel: bad });
      expect([refused.statusCode, refused.json().message]).toEqual([400, 'KEY_INVALID']);
    }
    const empty = await call('PUT', BACKOFFICE_API.spinSettings, {});
    expect(empty.statusCode).toBe(400);
    expect((await call('GET', BACKOFFICE_API.spinSettings, undefined, support.headers)).json()).toEqual({
      wheel,
      rules,
    });
    const lines = await auditOf('setting:spin');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ action: 'settings.spin', after: { wheel, rules } });
  });
});

describe('banners', () => {
  it('sets the invite banners of a language, which the member reads; refuses a bad image address', async () => {
    const banners = [{ image: '/media/uploads/0123.png', html: '<p>ชวนเพื่อน</p>' }];
    const url = settingsPath(BACKOFFICE_API.bannersUpdate, { programme: 'invite', locale: 'th' });
    const saved = await call('PUT', url, { banners });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().invite.th).toEqual(banners);
    const player = await fundedMember(t);
    const read = await t.api({
      method: 'GET',
      url: '/api/invite/banners',
      headers: { ...bearer(player.token), 'accept-language': 'th' },
    });
    expect(read.json()).toEqual(banners);
    const refused = await call('PUT', url, { banners: [{ image: 'javascript:alert(1)', html: '' }] });
    expect([refused.statusCode, refused.json().fields]).toEqual([400, { 'banners.0.image': 'KEY_INVALID' }]);
    const tooMany = await call('PUT', url, { banners: Array.from({ length: 11 }, () => banners[0]) });
    expect(tooMany.statusCode).toBe(400);
    const unknown = await call('PUT', '/backoffice/api/promotions/banners/bonus/th', { banners });
    expect(unknown.statusCode).toBe(400);
    expect((await call('GET', BACKOFFICE_API.banners)).json().invite.th).toEqual(banners);
    const lines = await auditOf('setting:inviteBanners:th');
    expect(lines.map((line) => [line.action, line.before, line.after])).toEqual([['settings.banners', null, banners]]);
  });
});

describe('uploading pictures', () => {
  function upload(bytes: Buffer, headers = admin.headers, field = 'file') {
    const body = multipartBody([{ bytes, field, filename: 'banner.png', contentType: 'image/png' }]);
    return t.api({
      method: 'POST',
      url: BACKOFFICE_API.mediaUpload,
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  }

  it('stores a PNG under a random name, serves it as a picture, and audits it', async () => {
    const png = blankPng(40, 20);
    const answer = await upload(png);
    expect(answer.statusCode, answer.body).toBe(200);
    const { url } = answer.json();
    expect(url).toMatch(/^\/media\/uploads\/[0-9a-f]{32}\.png$/);
    const served = await t.api({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(png)).toBe(true);
    const [line] = await auditOf(`media:${url.split('/').pop()}`);
    expect(line).toMatchObject({ action: 'media.upload', actor: admin.username, after: { url, bytes: png.length } });
  });

  it('takes JPEG and WebP by their bytes, and refuses anything else, an oversized file and other roles', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]);
    expect((await upload(jpeg)).json().url).toMatch(/\.jpg$/);
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(50)]);
    expect((await upload(webp)).json().url).toMatch(/\.webp$/);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(svg)).json()).toEqual({ message: 'MEDIA_INVALID_FILE' });
    const big = Buffer.concat([blankPng(10, 10), Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await upload(big);
    expect([tooBig.statusCode, tooBig.json()]).toEqual([400, { message: 'MEDIA_TOO_LARGE' }]);
    expect((await upload(blankPng(10, 10), admin.headers, 'other')).json()).toEqual({ message: 'MEDIA_INVALID_FILE' });
    const notMultipart = await call('POST', BACKOFFICE_API.mediaUpload, {});
    expect([notMultipart.statusCode, notMultipart.json()]).toEqual([400, { message: 'MEDIA_INVALID_FILE' }]);
    const forbidden = await upload(blankPng(10, 10), support.headers);
    expect([forbidden.statusCode, forbidden.json()]).toEqual([403, { message: 'FORBIDDEN' }]);
    expect((await t.api({ method: 'GET', url: '/media/uploads/../../etc/passwd' })).statusCode).toBe(404);
    const uploads = await t.app.db.selectFrom('audit_log').select('id').where('action', '=', 'media.upload').execute();
    expect(uploads).toHaveLength(3);
  });
});
