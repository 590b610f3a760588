import { randomUUID } from 'node:crypto';
import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { OPERATOR_ROLES } from '@member-wallet/contract/backoffice/operators';
import { toMinor } from '@member-wallet/contract/money';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerMember, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { signedInOperator } from '../../../test/operators.ts';
import { LedgerRepository } from '../../core/ledger/ledger.repository.ts';
import { LedgerService } from '../../core/ledger/ledger.service.ts';
import { FakeClock, HOUR_MS, MINUTE_MS } from '../../lib/clock.ts';
import { DAY_MS } from '../../lib/local-calendar.ts';
import { SaferPlayBackofficeRepository } from './safer-play.backoffice.repository.ts';

/** Safer play's operator side (issue 23): the read-only member view, the watch list, its rules and the dashboard. */

// Wednesday 2026-03-11 10:00 in Bangkok.
const clock = new FakeClock(new Date('2026-03-11T03:00:00Z'));
let t: TestApp;
let ledger: LedgerService;
beforeAll(async () => {
  t = await startTestApp({ SESSION_TTL_HOURS: '720' }, { clock });
  ledger = new LedgerService({ repository: new LedgerRepository(), clock });
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof registerMember>>;
const NONE = { day: null, week: null, month: null };

async function memberCall(member: Member, method: 'PUT' | 'POST', url: string, payload: object) {
  const answer = await t.api({ method, url, payload, headers: bearer(member.token) });
  expect(answer.statusCode, answer.body).toBe(200);
}

/** A completed deposit of `amount` (major units) into the member's wallet, at the clock's now. */
async function deposit(member: Member, amount: number) {
  const wallet = await ledger.memberWallet(t.app.db, member.id, 'BAHT');
  const clearing = await ledger.ensureAccount(t.app.db, {
    kind: 'deposit_clearing',
    memberId: null,
    providerCode: null,
    currency: 'BAHT',
  });
  await t.app.db.transaction().execute((trx) =>
    ledger.post(trx, {
      memberId: member.id,
      type: 'deposit',
      status: 'completed',
      idempotencyKey: `test-deposit:${randomUUID()}`,
      postings: [
        { account: clearing.id, amount: -toMinor(amount) },
        { account: wallet.id, amount: toMinor(amount) },
      ],
    }),
  );
}

/** A completed transfer of `amount` from the wallet into the member's game account, at the clock's now. */
async function intoGame(member: Member, amount: number) {
  const wallet = await ledger.memberWallet(t.app.db, member.id, 'BAHT');
  const position = await ledger.ensureAccount(t.app.db, {
    kind: 'member_provider_position',
    memberId: member.id,
    providerCode: 'PG',
    currency: 'BAHT',
  });
  await t.app.db.transaction().execute((trx) =>
    ledger.post(trx, {
      memberId: member.id,
      type: 'transfer',
      status: 'completed',
      idempotencyKey: `test-transfer:${randomUUID()}`,
      postings: [
        { account: wallet.id, amount: -toMinor(amount) },
        { account: position.id, amount: toMinor(amount) },
      ],
    }),
  );
}

async function openRules(member: Member): Promise<string[]> {
  const rows = await t.app.db
    .selectFrom('watch_list')
    .select('rule')
    .where('member_id', '=', member.id)
    .where('state', '=', 'open')
    .orderBy('rule')
    .execute();
  return rows.map((row) => row.rule);
}

async function itemsOf(member: Member, rule: string) {
  return t.app.db
    .selectFrom('watch_list')
    .selectAll()
    .where('member_id', '=', member.id)
    .where('rule', '=', rule)
    .execute();
}

const saferPlayUrl = (member: { publicId: string }) => backofficePath(BACKOFFICE_API.memberSaferPlay, member.publicId);

describe("a member's safer play, read by operators", () => {
  let member: Member;
  beforeAll(async () => {
    member = await registerMember(t);
    await memberCall(member, 'PUT', '/api/rg/limits', {
      deposit: { ...NONE, day: 1000 },
      loss: { ...NONE, week: 500 },
    });
    await memberCall(member, 'PUT', '/api/rg/limits', {
      deposit: { ...NONE, day: 2000 },
      loss: { ...NONE, week: 500 },
    });
    await memberCall(member, 'PUT', '/api/rg/reality-check', { minutes: 60 });
    await memberCall(member, 'POST', '/api/rg/timeout', { days: 7 });
  });

  it('shows limits in force and pending, the reality check, the block and the history, newest first', async () => {
    const admin = await signedInOperator(t, 'admin');
    const answer = await t.api({ method: 'GET', url: saferPlayUrl(member), headers: admin.headers });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    const now = clock.now();
    expect(body.currency).toBe('BAHT');
    expect(body.limits).toHaveLength(6);
    expect(body.limits).toContainEqual({
      kind: 'deposit',
      period: 'day',
      amountMinor: '100000',
      pending: { amountMinor: '200000', from: new Date(now.getTime() + 24 * HOUR_MS).toISOString() },
    });
    expect(body.limits).toContainEqual({ kind: 'loss', period: 'week', amountMinor: '50000', pending: null });
    expect(body.limits).toContainEqual({ kind: 'deposit', period: 'month', amountMinor: null, pending: null });
    expect(body.realityCheckMinutes).toBe(60);
    expect(body.block).toEqual({
      kind: 'timeout',
      startedAt: now.toISOString(),
      endsAt: new Date(now.getTime() + 7 * DAY_MS).toISOString(),
      ended: false,
      reopenRequestedAt: null,
      reopensAt: null,
    });
    // Two limit events of the first PUT, one of the raise, the reality check, the time-out.
    expect(body.history.total).toBe(5);
    expect(body.history.events.map((event: { action: string }) => event.action)).toEqual([
      'timeout',
      'reality_check',
      'limit',
      'limit',
      'limit',
    ]);
    const paged = await t.api({ method: 'GET', url: `${saferPlayUrl(member)}?page=2&limit=2`, headers: admin.headers });
    expect(paged.json().history).toMatchObject({ total: 5 });
    expect(paged.json().history.events.map((event: { id: string }) => event.id)).toEqual(
      body.history.events.slice(2, 4).map((event: { id: string }) => event.id),
    );
  });

  it('answers a member without safer play with empty limits, and an unknown member with NO_DATA', async () => {
    const admin = await signedInOperator(t, 'admin');
    const other = await registerMember(t);
    const empty = (await t.api({ method: 'GET', url: saferPlayUrl(other), headers: admin.headers })).json();
    expect(empty).toMatchObject({ realityCheckMinutes: null, block: null, history: { total: 0, events: [] } });
    expect(empty.limits.every((limit: { amountMinor: null }) => limit.amountMinor === null)).toBe(true);
    const unknown = await t.api({ method: 'GET', url: saferPlayUrl({ publicId: 'nobody' }), headers: admin.headers });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'NO_DATA' }]);
  });

  it('is read by every role, refused without a token or with a member token, and changed by none', async () => {
    const url = saferPlayUrl(member);
    expect((await t.api({ method: 'GET', url })).statusCode).toBe(401);
    const asMember = await t.api({ method: 'GET', url, headers: bearer(member.token) });
    expect([asMember.statusCode, asMember.json()]).toEqual([401, { message: 'invalid-token' }]);
    for (const role of OPERATOR_ROLES) {
      const operator = await signedInOperator(t, role);
      expect((await t.api({ method: 'GET', url, headers: operator.headers })).statusCode, role).toBe(200);
      // No route changes a member's limits or lifts a block: no role, no method.
      for (const method of ['PUT', 'POST', 'PATCH', 'DELETE'] as const) {
        const change = await t.api({ method, url, headers: operator.headers, payload: { deposit: NONE } });
        expect(change.statusCode, `${role} ${method}`).toBe(404);
      }
      const lift = await t.api({ method: 'DELETE', url: `${url}/block`, headers: operator.headers });
      expect(lift.statusCode).toBe(404);
    }
    const after = (await t.api({ method: 'GET', url, headers: (await signedInOperator(t, 'admin')).headers })).json();
    expect(after.block).toMatchObject({ kind: 'timeout' });
  });

  it('counts members with a limit, in a time-out, self-excluded, and open watch items on the dashboard', async () => {
    const excluded = await registerMember(t);
    await memberCall(excluded, 'POST', '/api/rg/self-exclusion', { months: 0 });
    const finance = await signedInOperator(t, 'finance');
    const answer = await t.api({ method: 'GET', url: BACKOFFICE_API.dashboard, headers: finance.headers });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().saferPlay).toEqual({
      membersWithLimit: 1,
      membersTimedOut: 1,
      membersSelfExcluded: 1,
      watchListOpen: 0,
    });
  });
});

describe('the watch rules', () => {
  let surging: Member;
  beforeAll(async () => {
    // 150,000 deposited 10 days ago: a daily average of 5,000 over the 30 days before the last 24 hours.
    surging = await registerMember(t);
    await deposit(surging, 150_000);
    clock.advance(10 * DAY_MS);
  });

  it('deposit_surge: at least 10,000 in 24 hours, not below', async () => {
    const member = await registerMember(t);
    await deposit(member, 9_999.99);
    await t.app.saferPlayBackoffice.runWatchRules();
    expect(await openRules(member)).toEqual([]);
    await deposit(member, 0.01);
    await t.app.saferPlayBackoffice.runWatchRules();
    expect(await openRules(member)).toEqual(['deposit_surge']);
    const [item] = await itemsOf(member, 'deposit_surge');
    expect(item?.detail).toEqual({ lastDayMinor: '1000000', dailyAverageMinor: '0' });
    // One open item per member and rule: firing again adds nothing.
    await deposit(member, 50_000);
    await t.app.saferPlayBackoffice.runWatchRules();
    expect(await itemsOf(member, 'deposit_surge')).toHaveLength(1);
  });

  it('deposit_surge: at least 3 times the daily average of the 30 days before, not below', async () => {
    await deposit(surging, 14_999.99);
    await t.app.saferPlayBackoffice.runWatchRules();
    expect(await openRules(surging)).toEqual([]);
    await deposit(surging, 0.01);
    await t.app.saferPlayBackoffice.runWatchRules();
    expect(await openRules(surging)).toEqual(['deposit_surge']);
    expect((await itemsOf(surging, 'deposit_surge'))[0]?.detail).toEqual({
      lastDayMinor: '1500000',
      dailyAverageMinor: '500000',
    });
  });

  it('chasing_losses: 3 deposits each within 30 minutes after a transfer into a game, not 2', async () => {
    const member = await registerMember(t);
    await deposit(member, 1_000);
    clock.advance(HOUR_MS);
    for (const wait of [29, 30]) {
      await intoGame(member, 100);
      clock.advance(wait * MINUTE_MS);
      await deposit(member, 100);
      clock.advance(MINUTE_MS);
    }
    // 31 minutes after its transfer: not chasing.
    await intoGame(member, 100);
    clock.advance(31 * MINUTE_MS);
    await deposit(member, 100);
    await t.app.saferPlayBackoffice.runWatchRules();
    expect(await openRules(member)).toEqual([]);
    await intoGame(member, 100);
    clock.advance(MINUTE_MS);
    await deposit(member, 100);
    await t.app.saferPlayBackoffice.runWatchRules();
    expect(await openRules(member)).toEqual(['chasing_losses']);
    expect((await itemsOf(member, 'chasing_losses'))[0]?.detail).toEqual({ deposits: 3 });
  });

  it('night_play: transfers between 02:00 and 05:00 Bangkok time on 3 of the last 7 nights, not 2', async () => {
    const member = await registerMember(t);
    await deposit(member, 1_000);
    // To the next 02:30 in Bangkok (19:30 UTC).
    const now = clock.now().getTime();
    const target = Math.ceil((now - 19.5 * HOUR_MS) / DAY_MS) * DAY_MS + 19.5 * HOUR_MS;
    clock.advance(target - now);
    await intoGame(member, 10);
    clock.advance(DAY_MS);
    await intoGame(member, 10);
    // 01:59 and 05:00 of the next night are outside the hours.
    clock.advance(23.5 * HOUR_MS - MINUTE_MS);
    await intoGame(member, 10);
    clock.advance(3 * HOUR_MS + MINUTE_MS);
    await intoGame(member, 10);
    await t.app.saferPlayBackoffice.runWatchRules();
    expect(await openRules(member)).toEqual([]);
    // 02:30 of a third night.
    clock.advance(21.5 * HOUR_MS);
    await intoGame(member, 10);
    await t.app.saferPlayBackoffice.runWatchRules();
    expect(await openRules(member)).toEqual(['night_play']);
    expect((await itemsOf(member, 'night_play'))[0]?.detail).toEqual({ nights: 3 });
  });
});

describe('the watch list', () => {
  let member: Member;
  let itemId: string;
  beforeAll(async () => {
    member = await registerMember(t);
    await deposit(member, 20_000);
    await t.app.saferPlayBackoffice.runWatchRules();
    const [item] = await itemsOf(member, 'deposit_surge');
    itemId = String(item?.id);
  });

  const closeUrl = () => backofficePath(BACKOFFICE_API.watchListClose, itemId);

  it('lists open items with the member, read by every role, refused without a token or with a member token', async () => {
    expect((await t.api({ method: 'GET', url: BACKOFFICE_API.watchList })).statusCode).toBe(401);
    const asMember = await t.api({ method: 'GET', url: BACKOFFICE_API.watchList, headers: bearer(member.token) });
    expect(asMember.statusCode).toBe(401);
    for (const role of OPERATOR_ROLES) {
      const operator = await signedInOperator(t, role);
      const answer = await t.api({
        method: 'GET',
        url: `${BACKOFFICE_API.watchList}?limit=100`,
        headers: operator.headers,
      });
      expect(answer.statusCode, role).toBe(200);
      const item = answer.json().items.find((each: { id: string }) => each.id === itemId);
      expect(item).toMatchObject({
        member: { id: member.publicId, phone: member.username },
        rule: 'deposit_surge',
        raisedAt: clock.now().toISOString(),
        state: 'open',
        note: null,
        closedBy: null,
      });
    }
    const dashboard = await t.api({
      method: 'GET',
      url: BACKOFFICE_API.dashboard,
      headers: (await signedInOperator(t, 'admin')).headers,
    });
    expect(dashboard.json().saferPlay.watchListOpen).toBeGreaterThan(0);
  });

  it('is closed with a note by admin and support only, audited once', async () => {
    const payload = { note: 'Called the member; spoke about limits' };
    expect((await t.api({ method: 'POST', url: closeUrl(), payload })).statusCode).toBe(401);
    const asMember = await t.api({ method: 'POST', url: closeUrl(), payload, headers: bearer(member.token) });
    expect(asMember.statusCode).toBe(401);
    const finance = await signedInOperator(t, 'finance');
    const refused = await t.api({ method: 'POST', url: closeUrl(), payload, headers: finance.headers });
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: 'FORBIDDEN' }]);
    const support = await signedInOperator(t, 'support');
    const short = await t.api({ method: 'POST', url: closeUrl(), payload: { note: 'ok' }, headers: support.headers });
    expect(short.statusCode).toBe(400);
    const closed = await t.api({ method: 'POST', url: closeUrl(), payload, headers: support.headers });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({
      changed: true,
      item: {
        id: itemId,
        state: 'closed',
        note: payload.note,
        closedBy: support.username,
        closedAt: clock.now().toISOString(),
      },
    });
    const admin = await signedInOperator(t, 'admin');
    const again = await t.api({
      method: 'POST',
      url: closeUrl(),
      payload: { note: 'again, later' },
      headers: admin.headers,
    });
    expect(again.json()).toMatchObject({ changed: false, item: { note: payload.note, closedBy: support.username } });
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'after'])
      .where('target', '=', `watch_list:${itemId}`)
      .execute();
    expect(audit).toEqual([
      { actor: support.username, action: 'watch_list.close', after: { state: 'closed', note: payload.note } },
    ]);
    const list = await t.api({
      method: 'GET',
      url: `${BACKOFFICE_API.watchList}?state=closed`,
      headers: admin.headers,
    });
    expect(list.json().items.map((each: { id: string }) => each.id)).toContain(itemId);
    const unknown = await t.api({
      method: 'POST',
      url: backofficePath(BACKOFFICE_API.watchListClose, '999999'),
      payload,
      headers: admin.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('raises the rule again once its item is closed', async () => {
    await t.app.saferPlayBackoffice.runWatchRules();
    expect(await openRules(member)).toEqual(['deposit_surge']);
    expect(await itemsOf(member, 'deposit_surge')).toHaveLength(2);
  });

  it("raises under a prepared statement's generic plan too: the open item's index is named without a parameter", async () => {
    // PostgreSQL plans a prepared statement for its parameters five times, then tries a plan for any value; that
    // plan cannot tell which partial unique index `WHERE state = $1` names, and the raise failed (CI, issue 40).
    const repository = new SaferPlayBackofficeRepository();
    const candidate = { memberId: member.id, detail: { planned: 'generic' } };
    const raised = await t.app.db.transaction().execute(async (trx) => {
      await sql`set local plan_cache_mode = force_generic_plan`.execute(trx);
      return repository.raise(trx, 'deposit_surge', [candidate], clock.now());
    });
    expect(raised).toBe(0);
    expect(await itemsOf(member, 'deposit_surge')).toHaveLength(2);
  });
});
