import { BACKOFFICE_API, settingsPath } from '@member-wallet/contract/backoffice/api-paths';
import type { BonusCreateRequest } from '@member-wallet/contract/backoffice/promotions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusCall, definition, TEST_APP_ENV, walletMajor } from '../../../test/bonus.ts';
import { fundedMember } from '../../../test/games.ts';
import { startTestApp, type TestApp } from '../../../test/helpers.ts';
import { auditLines, decideChange, signedInOperator } from '../../../test/operators.ts';
import { bonusRequest, termsOf } from '../../../test/promotions.ts';
import { DEMO_WHEEL } from '../spin/spin.demo.ts';

/**
 * The promotions' reward terms change only with a second admin when they could pay more, at once when they only
 * tighten, and never past the deployment's reward ceilings (issue 39, finding 1; docs/backoffice/four-eyes.md,
 * Reward terms).
 */
let t: TestApp;
type Operator = Awaited<ReturnType<typeof signedInOperator>>;
let admin: Operator;
let second: Operator;
beforeAll(async () => {
  t = await startTestApp(TEST_APP_ENV);
  [admin, second] = await Promise.all([signedInOperator(t, 'admin'), signedInOperator(t, 'admin')]);
});
afterAll(() => t.close());

function call(method: 'POST' | 'PUT' | 'GET', url: string, payload?: object, operator: Operator = admin) {
  return t.api({ method, url, headers: operator.headers, ...(payload ? { payload } : {}) });
}

function decide(kind: 'approve' | 'reject', id: string, operator: Operator, payload?: object) {
  return decideChange(t, kind, id, operator, payload);
}

/** Puts another value in a waiting change, as one proposed under an earlier, higher ceiling would hold. */
async function tamper(id: string, after: object) {
  await t.app.db
    .updateTable('pending_changes')
    .set({ after: JSON.stringify(after) })
    .where('id', '=', BigInt(id))
    .execute();
}

const auditOf = (target: string) => auditLines(t, target);

const bonusUrl = (code: string) => settingsPath(BACKOFFICE_API.bonusUpdate, { code });

async function listed(code: string) {
  const player = await fundedMember(t);
  const grid = (await bonusCall(t, player, '/api/bonus')).json() as { code: string }[];
  return grid.some((bonus) => bonus.code === code);
}

describe('a bonus definition', () => {
  it('is created inactive when asked active: its activation waits, the proposer may not approve, another admin applies it, audited', async () => {
    const created = await call('POST', BACKOFFICE_API.bonusList, bonusRequest('FE1'));
    expect(created.statusCode, created.body).toBe(202);
    const { change, bonus } = created.json();
    expect(bonus).toMatchObject({ code: 'FE1', active: false, amountMinor: '10000' });
    expect(change).toMatchObject({
      kind: 'promotions.bonus',
      target: 'bonus:FE1',
      status: 'pending',
      before: { code: 'FE1', active: false },
      after: { code: 'FE1', active: true, amountMinor: '10000', currency: 'BAHT' },
      proposedBy: admin.username,
    });
    expect(await listed('FE1')).toBe(false);
    const again = await call('PUT', bonusUrl('FE1'), termsOf(bonusRequest('FE1', { active: false })), second);
    expect([again.statusCode, again.json().message]).toEqual([409, 'CHANGE_PENDING']);

    const own = await decide('approve', change.id, admin);
    expect([own.statusCode, own.json()]).toEqual([409, { message: 'CHANGE_OWN' }]);
    expect(await listed('FE1')).toBe(false);
    const approved = await decide('approve', change.id, second);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().change).toMatchObject({ status: 'applied', decidedBy: second.username });
    expect(await listed('FE1')).toBe(true);

    expect(
      (await auditOf('bonus:FE1')).map((line) => [line.actor, line.action, (line.after as { active: boolean }).active]),
    ).toEqual([
      [admin.username, 'bonus.create', false],
      [second.username, 'bonus.update', true],
    ]);
    expect((await auditOf(`pending-change:${change.id}`)).map((line) => [line.actor, line.action])).toEqual([
      [admin.username, 'change.propose'],
      [second.username, 'change.approve'],
    ]);
  });

  it('applies at once a change that only tightens: a lower amount, a higher multiple, texts; retiring too', async () => {
    const request = bonusRequest('FE2', { active: false });
    expect((await call('POST', BACKOFFICE_API.bonusList, request)).statusCode).toBe(200);
    const { change } = (await call('PUT', bonusUrl('FE2'), termsOf({ ...request, active: true }))).json();
    expect((await decide('approve', change.id, second)).statusCode).toBe(200);

    const tighter = termsOf({
      ...request,
      active: true,
      amountMinor: '5000',
      winMultiple: 3,
      names: { th: 'ใหม่', lo: '', en: 'New' },
    });
    const answer = await call('PUT', bonusUrl('FE2'), tighter);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ code: 'FE2', amountMinor: '5000', winMultiple: 3, names: { en: 'New' } });
    const applied = await t.app.db
      .selectFrom('pending_changes')
      .selectAll()
      .where('target', '=', 'bonus:FE2')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect([applied.status, applied.decided_by]).toEqual(['applied', null]);

    const retired = await call('PUT', bonusUrl('FE2'), { ...tighter, active: false, amountMinor: '900000' });
    expect([retired.statusCode, retired.json().active]).toEqual([200, false]);
    expect(await listed('FE2')).toBe(false);
  });

  it('waits for a second admin for any larger money term, and keeps the terms meanwhile', async () => {
    const request = bonusRequest('FE3', { active: false });
    await call('POST', BACKOFFICE_API.bonusList, request);
    const { change } = (await call('PUT', bonusUrl('FE3'), termsOf({ ...request, active: true }))).json();
    await decide('approve', change.id, second);
    const looser: Partial<BonusCreateRequest>[] = [
      { amountMinor: '10001' },
      { maxReceived: 2 },
      { totalMax: null, type: 'day' },
      { winMultiple: 1 },
      { percentFail: 49 },
      { endBelowMinor: '501' },
      { currency: 'LAK' },
    ];
    for (const overrides of looser) {
      const answer = await call('PUT', bonusUrl('FE3'), termsOf({ ...request, active: true, ...overrides }));
      expect(answer.statusCode, JSON.stringify(overrides)).toBe(202);
      expect(answer.json().bonus).toMatchObject({ amountMinor: '10000', maxReceived: 1, winMultiple: 2, active: true });
      const rejected = await decide('reject', answer.json().change.id, second, { reason: 'not now' });
      expect(rejected.statusCode).toBe(200);
    }
  });

  it('refuses a fixed amount, a cap or a deposit percent over the ceiling, at proposal and at approval', async () => {
    const over = await call('POST', BACKOFFICE_API.bonusList, bonusRequest('FE4', { amountMinor: '5000001' }));
    expect([over.statusCode, over.json()]).toEqual([
      400,
      { message: 'CEILING_EXCEEDED', fields: { amountMinor: 'KEY_INVALID' } },
    ]);
    const percent = bonusRequest('FE4', {
      amountRule: 'deposit_percent',
      amountMinor: null,
      depositPercent: 201,
      amountCapMinor: '5000001',
      depositWindowHours: 24,
      active: false,
    });
    const overPercent = await call('POST', BACKOFFICE_API.bonusList, percent);
    expect(overPercent.json()).toEqual({
      message: 'CEILING_EXCEEDED',
      fields: { depositPercent: 'KEY_INVALID', amountCapMinor: 'KEY_INVALID' },
    });
    expect(await t.app.db.selectFrom('bonuses').select('id').where('code', '=', 'FE4').execute()).toEqual([]);

    const created = await call('POST', BACKOFFICE_API.bonusList, bonusRequest('FE4'));
    const { change } = created.json();
    await tamper(change.id, { ...change.after, amountMinor: '90000000' });
    const answer = await decide('approve', change.id, second);
    expect([answer.statusCode, answer.json().message]).toEqual([400, 'CEILING_EXCEEDED']);
    expect(await listed('FE4')).toBe(false);
  });

  it("lets no admin alone raise WELCOME's cap or give a member a 100,000 baht bonus", async () => {
    await t.app.bonuses.define(
      definition('WELCOME', {
        amount_rule: 'deposit_percent',
        amount_minor: null,
        deposit_percent: 100,
        amount_cap_minor: 100_000n,
        deposit_window_hours: 24,
      }),
    );
    const page = (await call('GET', `${BACKOFFICE_API.bonusList}?limit=100`)).json();
    const {
      code: _c,
      kind: _k,
      createdAt: _a,
      received: _r,
      ...welcome
    } = page.bonuses.find((bonus: { code: string }) => bonus.code === 'WELCOME');
    const raised = await call('PUT', bonusUrl('WELCOME'), { ...welcome, amountCapMinor: '4000000' });
    expect(raised.statusCode, raised.body).toBe(202);

    const huge = await call('POST', BACKOFFICE_API.bonusList, bonusRequest('ROGUE', { amountMinor: '10000000' }));
    expect([huge.statusCode, huge.json().message]).toEqual([400, 'CEILING_EXCEEDED']);
    const large = await call('POST', BACKOFFICE_API.bonusList, bonusRequest('ROGUE', { amountMinor: '4000000' }));
    expect(large.statusCode).toBe(202);
    const activated = await call('PUT', bonusUrl('ROGUE'), termsOf(bonusRequest('ROGUE', { amountMinor: '4000000' })));
    expect([activated.statusCode, activated.json().message]).toEqual([409, 'CHANGE_PENDING']);

    const player = await fundedMember(t, 5000);
    const rogue = await bonusCall(t, player, '/api/bonus/activate/ROGUE');
    expect([rogue.statusCode, rogue.json().message]).toEqual([404, 'NO_DATA']);
    expect((await bonusCall(t, player, '/api/bonus/activate/WELCOME')).statusCode).toBe(200);
    expect(await walletMajor(t, player)).toBe(6000);
  });
});

describe('the invite programme', () => {
  const url = BACKOFFICE_API.inviteSettings;
  const on = { enabled: true, percent: 5, successPercent: 80, collectMinimum: 0 };

  it('waits for a second admin to switch it on or raise a share; the proposer may not approve; audited', async () => {
    const proposed = await call('PUT', url, on);
    expect(proposed.statusCode, proposed.body).toBe(202);
    const { change, programme } = proposed.json();
    expect(programme).toMatchObject({ enabled: false });
    expect(change).toMatchObject({
      kind: 'promotions.invite',
      target: 'setting:inviteProgramme',
      before: { enabled: false },
      after: on,
    });
    expect((await decide('approve', change.id, admin)).json()).toEqual({ message: 'CHANGE_OWN' });
    expect((await decide('approve', change.id, second)).statusCode).toBe(200);
    expect((await call('GET', url)).json()).toEqual(on);
    const [line] = (await auditOf('setting:inviteProgramme')).slice(-1);
    expect(line).toMatchObject({ actor: second.username, action: 'settings.invite', after: on });

    for (const looser of [{ percent: 6 }, { successPercent: 90 }]) {
      const answer = await call('PUT', url, { ...on, ...looser });
      expect(answer.statusCode, JSON.stringify(looser)).toBe(202);
      await decide('reject', answer.json().change.id, second, { reason: 'not now' });
    }
  });

  it('applies at once a lower share, a higher minimum, or switching it off', async () => {
    const lower = { ...on, percent: 4, collectMinimum: 10 };
    const answer = await call('PUT', url, lower);
    expect([answer.statusCode, answer.json()]).toEqual([200, lower]);
    const off = await call('PUT', url, { ...lower, enabled: false, percent: 20 });
    expect([off.statusCode, off.json().enabled]).toEqual([200, false]);
  });

  it('refuses a share over the ceiling, at proposal and at approval', async () => {
    const over = await call('PUT', url, { ...on, percent: 26 });
    expect([over.statusCode, over.json()]).toEqual([
      400,
      { message: 'CEILING_EXCEEDED', fields: { percent: 'KEY_INVALID' } },
    ]);
    const { change } = (await call('PUT', url, on)).json();
    await tamper(change.id, { ...on, percent: 50 });
    expect((await decide('approve', change.id, second)).json().message).toBe('CEILING_EXCEEDED');
    await decide('reject', change.id, second, { reason: 'over the ceiling' });
  });
});

describe('the loss refund programme', () => {
  const url = BACKOFFICE_API.refundSettings;
  const on = { enabled: true, period: 'week', percent: 5, minimum: 0, cap: 5000, successPercent: 100 };

  it('waits for a second admin to switch it on, change its period or raise its cap; applies a lower cap at once', async () => {
    const { change } = (await call('PUT', url, on)).json();
    expect(change).toMatchObject({ kind: 'promotions.refund', status: 'pending' });
    expect((await decide('approve', change.id, second)).statusCode).toBe(200);
    for (const looser of [{ period: 'day' }, { cap: 5001 }, { percent: 6 }]) {
      const answer = await call('PUT', url, { ...on, cap: 4000, ...looser });
      expect(answer.statusCode, JSON.stringify(looser)).toBe(202);
      await decide('reject', answer.json().change.id, second, { reason: 'not now' });
    }
    const capped = await call('PUT', url, { ...on, cap: 4000, successPercent: 90 });
    expect(capped.statusCode, capped.body).toBe(200);
    const lower = await call('PUT', url, { ...on, cap: 1000, minimum: 10, successPercent: 90 });
    expect([lower.statusCode, lower.json().cap]).toEqual([200, 1000]);
  });

  it('refuses no cap, a cap or a share over the ceiling', async () => {
    const noCap = await call('PUT', url, { ...on, cap: 0 });
    expect([noCap.statusCode, noCap.json()]).toEqual([
      400,
      { message: 'CEILING_EXCEEDED', fields: { cap: 'KEY_INVALID' } },
    ]);
    const over = await call('PUT', url, { ...on, cap: 50_001, percent: 30 });
    expect(over.json()).toEqual({
      message: 'CEILING_EXCEEDED',
      fields: { percent: 'KEY_INVALID', cap: 'KEY_INVALID' },
    });
  });
});

describe('the prize wheel', () => {
  const url = BACKOFFICE_API.spinSettings;
  const rules = { depositPerCoin: { BAHT: 100, LAK: 30000 }, couponExpiryHours: 168 };
  type Slice = (typeof DEMO_WHEEL.slices)[number];
  /** The demo wheel with some slices changed. */
  const wheelWith = (changes: Record<string, Partial<Slice>>) => ({
    ...DEMO_WHEEL,
    slices: DEMO_WHEEL.slices.map((slice) => ({ ...slice, ...changes[slice.code] })),
  });
  const cash = (baht: number) => ({ prize: { type: 'cash' as const, amount: { BAHT: baht, LAK: baht * 300 } } });

  it('waits for a second admin to set up a wheel, then applies at once a smaller prize or a likelier losing slice', async () => {
    const proposed = await call('PUT', url, { wheel: DEMO_WHEEL, rules });
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect(proposed.json().change).toMatchObject({
      kind: 'promotions.spin',
      target: 'setting:spin',
      before: { wheel: null },
    });
    expect((await decide('approve', proposed.json().change.id, admin)).statusCode).toBe(409);
    expect((await decide('approve', proposed.json().change.id, second)).statusCode).toBe(200);
    expect((await call('GET', url)).json().wheel).toEqual(DEMO_WHEEL);

    const smaller = await call('PUT', url, { wheel: wheelWith({ CASH_500: cash(400) }) });
    expect(smaller.statusCode, smaller.body).toBe(200);
    const losing = await call('PUT', url, { wheel: wheelWith({ CASH_500: cash(400), TRY_AGAIN: { weight: 50 } }) });
    expect(losing.statusCode, losing.body).toBe(200);
    const shorter = await call('PUT', url, {
      rules: { ...rules, depositPerCoin: { BAHT: 200 }, couponExpiryHours: 24 },
    });
    expect(shorter.statusCode, shorter.body).toBe(200);
    const off = await call('PUT', url, { wheel: { ...DEMO_WHEEL, active: false } });
    expect(off.statusCode).toBe(200);
  });

  it('waits for a second admin for a larger or likelier cash prize, a new one, or cheaper coins', async () => {
    const reset = await call('PUT', url, { wheel: DEMO_WHEEL, rules });
    expect(reset.statusCode).toBe(202);
    await decide('approve', reset.json().change.id, second);
    const looser = [
      { wheel: wheelWith({ CASH_500: cash(501) }) },
      { wheel: wheelWith({ CASH_500: { weight: 2 } }) },
      { wheel: wheelWith({ GOOD_LUCK: { weight: 1 } }) },
      { wheel: wheelWith({ TRY_AGAIN: cash(1) }) },
      { rules: { ...rules, depositPerCoin: { BAHT: 99, LAK: 30000 } } },
      { rules: { ...rules, couponExpiryHours: 169 } },
      { rules: { ...rules, prizeWinMultiple: 0 } },
    ];
    for (const change of looser) {
      const answer = await call('PUT', url, change);
      expect(answer.statusCode, JSON.stringify(change).slice(0, 200)).toBe(202);
      expect(answer.json().spin.wheel).toEqual(DEMO_WHEEL);
      await decide('reject', answer.json().change.id, second, { reason: 'not now' });
    }
  });

  it('refuses a cash prize over the ceiling, at proposal and at approval', async () => {
    const over = await call('PUT', url, { wheel: wheelWith({ CASH_500: cash(50_001) }) });
    expect([over.statusCode, over.json()]).toEqual([
      400,
      {
        message: 'CEILING_EXCEEDED',
        fields: { 'wheel.slices.6.prize.amount.BAHT': 'KEY_INVALID', 'wheel.slices.6.prize.amount.LAK': 'KEY_INVALID' },
      },
    ]);
    const { change } = (await call('PUT', url, { wheel: wheelWith({ CASH_500: cash(600) }) })).json();
    await tamper(change.id, { ...change.after, wheel: wheelWith({ CASH_500: cash(90_000) }) });
    expect((await decide('approve', change.id, second)).json().message).toBe('CEILING_EXCEEDED');
  });
});
