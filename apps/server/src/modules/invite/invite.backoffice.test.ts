import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import {
  type InviteReviewStatus,
  inviteReviewPage,
  inviteReviewResponse,
} from '@member-wallet/contract/backoffice/invite-reviews';
import type { OperatorRole } from '@member-wallet/contract/backoffice/operators';
import { inviteListResponse } from '@member-wallet/contract/invite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposit, get, noDrift, post } from '../../../test/games.ts';
import { nextAddress, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { signedInOperator } from '../../../test/operators.ts';
import { advanceTo, BANGKOK, member, setSetting } from '../../../test/promotions.ts';
import { addLocalDays, localDayStart } from '../../lib/local-calendar.ts';
import { ACCRUAL_GRACE_MS } from './invite.service.ts';
import { INVITE_SETTINGS_KEY } from './invite.settings.ts';

/**
 * Invite links held for review, the operator's side (docs/backoffice/invite-reviews.md): list, release, reject, export; every
 * decision in the audit log. 5% of net deposits, 80% paid on collection.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SESSION_TTL_HOURS: '720' });
  await setSetting(t, INVITE_SETTINGS_KEY, { enabled: true, percent: 5, successPercent: 80, collectMinimum: 0 });
});
afterAll(() => t.close());

function closeToday(): void {
  advanceTo(t, new Date(addLocalDays(localDayStart(t.clock.now(), BANGKOK), 1, BANGKOK).getTime() + ACCRUAL_GRACE_MS));
}

type Member = Awaited<ReturnType<typeof member>>;

const list = async (player: Member) =>
  inviteListResponse.parse((await post(t, player, '/api/invite', { page: 1, limit: 50 }, null)).json());
const statuses = async (player: Member) => (await list(player)).invites.map((row) => [row.amount, row.status]);

/** An operator signed in now (operator sessions last hours; the tests move the clock by days). */
const operator = (role: OperatorRole) => signedInOperator(t, role);

function decide(kind: 'release' | 'reject', invitee: Member, headers: Record<string, string>, payload: object = {}) {
  const pattern = kind === 'release' ? BACKOFFICE_API.inviteReviewRelease : BACKOFFICE_API.inviteReviewReject;
  return t.api({ method: 'POST', url: backofficePath(pattern, invitee.publicId), headers, payload });
}

async function queue(headers: Record<string, string>, status?: InviteReviewStatus) {
  const answer = await t.api({
    method: 'GET',
    url: `${BACKOFFICE_API.inviteReviews}${status ? `?status=${status}` : ''}`,
    headers,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return inviteReviewPage.parse(answer.json());
}

const auditOf = (invitee: Member) =>
  t.app.db
    .selectFrom('audit_log')
    .select(['actor', 'action', 'before', 'after'])
    .where('target', '=', `invite_link:${invitee.publicId}`)
    .orderBy('id')
    .execute();

/** An inviter with a held invitee (same bank account name) and a clean one, each with a closed day accrued. */
async function heldAndClean(name: string) {
  const inviter = await member(t, { bankAccountName: `${name} INVITER` });
  const held = await member(t, { inviteCode: `PR${inviter.publicId}`, bankAccountName: `MR ${name} INVITER` });
  const clean = await member(t, { inviteCode: `PR${inviter.publicId}` });
  await deposit(t, held.id, 'BAHT', 1_000);
  await deposit(t, clean.id, 'BAHT', 500);
  closeToday();
  // The inviter's reading runs the pass, which screens the links first.
  await list(inviter);
  return { inviter, held, clean };
}

describe('invite links held for review', () => {
  it('lists held links with why they matched and what waits, to admin and finance only', async () => {
    const { inviter, held } = await heldAndClean('LISTED');
    expect(await statuses(inviter)).toEqual(
      expect.arrayContaining([
        [50, 'held'],
        [25, 'collectable'],
      ]),
    );
    const finance = await operator('finance');
    const row = (await queue(finance.headers, 'held')).reviews.find((review) => review.invitee.id === held.publicId);
    expect(row).toMatchObject({
      inviter: { id: inviter.publicId, phone: inviter.phone, bankAccountName: 'LISTED INVITER' },
      invitee: { id: held.publicId, phone: held.phone, bankAccountName: 'MR LISTED INVITER' },
      reasons: ['bank_name'],
      status: 'held',
      currency: 'BAHT',
      heldMinor: '5000',
      forfeitedMinor: '0',
      openMinor: '0',
      decidedBy: null,
      note: null,
    });
    expect(row?.invitee.registrationIp).toMatch(/^10\.0\./);
    // The dashboard counts the held links, which lead to this queue.
    const dashboard = await t.api({ method: 'GET', url: BACKOFFICE_API.dashboard, headers: finance.headers });
    expect(dashboard.json().pending.inviteLinksHeld).toBe((await queue(finance.headers, 'held')).total);
    const support = await operator('support');
    const refused = await t.api({ method: 'GET', url: BACKOFFICE_API.inviteReviews, headers: support.headers });
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: 'FORBIDDEN' }]);
    expect((await decide('release', held, support.headers)).statusCode).toBe(403);
  });

  it('release: the held accruals become collectable, later ones accrue open; once, and audited', async () => {
    const { inviter, held } = await heldAndClean('RELEASED');
    const admin = await operator('admin');
    const released = await decide('release', held, admin.headers, { note: 'Brothers, checked by phone' });
    expect(released.statusCode, released.body).toBe(200);
    expect(inviteReviewResponse.parse(released.json())).toMatchObject({
      changed: true,
      review: { status: 'released', decidedBy: admin.username, heldMinor: '0', openMinor: '5000' },
    });
    expect((await get(t, inviter, '/api/wallet')).json().invite.amount).toBe(75);
    expect((await get(t, inviter, '/api/invite/bonus')).json()).toMatchObject({ amount: 60, forfeited: 15 });
    // Again: nothing changes; the other decision on a decided link is refused.
    expect((await decide('release', held, admin.headers)).json()).toMatchObject({ changed: false });
    const rejectLate = await decide('reject', held, admin.headers, { reason: 'Changed my mind' });
    expect([rejectLate.statusCode, rejectLate.json()]).toEqual([409, { message: 'ALREADY_REVIEWED' }]);
    // Later deposits accrue open: the operator has seen this match.
    await deposit(t, held.id, 'BAHT', 200);
    closeToday();
    expect((await list(inviter)).invites[0]).toMatchObject({ amount: 10, status: 'collectable' });
    expect(await auditOf(held)).toEqual([
      { actor: 'system', action: 'invite_link.hold', before: null, after: { status: 'held', reasons: ['bank_name'] } },
      {
        actor: admin.username,
        action: 'invite_link.release',
        before: { status: 'held', reasons: ['bank_name'], heldMinor: '5000', openMinor: '0', forfeitedMinor: '0' },
        after: {
          status: 'released',
          reasons: ['bank_name'],
          note: 'Brothers, checked by phone',
          heldMinor: '0',
          openMinor: '5000',
          forfeitedMinor: '0',
        },
      },
    ]);
    expect(await noDrift(t)).toBe(true);
  });

  it('a released link is held again by a kind of match the operator has not seen', async () => {
    const { inviter, held } = await heldAndClean('REHELD');
    const admin = await operator('admin');
    expect((await decide('release', held, admin.headers)).statusCode).toBe(200);
    // The invitee signs in on the inviter's phone: the browser carries the inviter's device cookie.
    const inviterSignIn = await t.api({
      method: 'POST',
      url: '/api/login',
      payload: { username: inviter.phone, password: 'secret123' },
      remoteAddress: nextAddress(),
    });
    const cookie = String(inviterSignIn.headers['set-cookie']).split(';')[0] ?? '';
    const inviteeSignIn = await t.api({
      method: 'POST',
      url: '/api/login',
      payload: { username: held.phone, password: 'secret123' },
      remoteAddress: nextAddress(),
      headers: { cookie },
    });
    expect(inviteeSignIn.statusCode).toBe(200);
    const collect = await get(t, inviter, '/api/invite/bonus');
    // The clean invitee's 25 is paid; the released 50 is held again before it could be. The name and the device
    // make the two accounts one person (docs/accounts.md), so the 50 is forfeited: no commission between them.
    expect(collect.json()).toMatchObject({ amount: 20, forfeited: 5 });
    const row = (await queue(admin.headers, 'held')).reviews.find((review) => review.invitee.id === held.publicId);
    expect(row).toMatchObject({
      reasons: ['bank_name', 'device'],
      status: 'held',
      heldMinor: '0',
      forfeitedMinor: '5000',
      decidedBy: null,
    });
  });

  it('reject: the held accruals are forfeited, never paid, and the invitee accrues nothing more', async () => {
    const { inviter, held, clean } = await heldAndClean('REJECTED');
    const finance = await operator('finance');
    const short = await decide('reject', held, finance.headers, { reason: 'no' });
    expect([short.statusCode, short.json()]).toMatchObject([400, { message: 'KEY_INVALID' }]);
    const rejected = await decide('reject', held, finance.headers, { reason: 'Same person, two accounts' });
    expect(rejected.json()).toMatchObject({
      changed: true,
      review: { status: 'rejected', note: 'Same person, two accounts', heldMinor: '0', forfeitedMinor: '5000' },
    });
    expect(await statuses(inviter)).toEqual(
      expect.arrayContaining([
        [50, 'forfeited'],
        [25, 'collectable'],
      ]),
    );
    expect((await decide('reject', held, finance.headers, { reason: 'Again' })).json()).toMatchObject({
      changed: false,
    });
    const releaseLate = await decide('release', held, finance.headers);
    expect([releaseLate.statusCode, releaseLate.json()]).toEqual([409, { message: 'ALREADY_REVIEWED' }]);
    const unknown = await t.api({
      method: 'POST',
      url: backofficePath(BACKOFFICE_API.inviteReviewRelease, 'NOSUCHID'),
      headers: finance.headers,
      payload: {},
    });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'NO_DATA' }]);
    expect((await get(t, inviter, '/api/wallet')).json().invite.amount).toBe(25);
    expect((await get(t, inviter, '/api/invite/bonus')).json()).toMatchObject({ amount: 20, forfeited: 5 });
    // New money of the rejected invitee earns nothing; the clean one's still does.
    await deposit(t, held.id, 'BAHT', 5_000);
    await deposit(t, clean.id, 'BAHT', 100);
    closeToday();
    const rows = (await list(inviter)).invites;
    expect(rows.filter((row) => row.status !== 'collected').map((row) => [row.amount, row.status])).toEqual(
      expect.arrayContaining([
        [5, 'collectable'],
        [50, 'forfeited'],
      ]),
    );
    expect(rows).toHaveLength(3);
    // Forfeited accruals are in no collection, and the ledger holds.
    const forfeited = await t.app.db
      .selectFrom('invite_accruals')
      .select(['state', 'collection_id'])
      .where('invitee_id', '=', held.id)
      .execute();
    expect(forfeited).toEqual([{ state: 'forfeited', collection_id: null }]);
    expect((await auditOf(held)).map((line) => [line.actor, line.action])).toEqual([
      ['system', 'invite_link.hold'],
      [finance.username, 'invite_link.reject'],
    ]);
    expect(await noDrift(t)).toBe(true);
  });

  it('exports the queue of a filter as CSV', async () => {
    const { held } = await heldAndClean('EXPORTED');
    const admin = await operator('admin');
    const answer = await t.api({
      method: 'GET',
      url: `${BACKOFFICE_API.inviteReviewsCsv}?status=held`,
      headers: admin.headers,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/csv');
    const lines = answer.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'inviteeId,inviteePhone,inviteeName,inviterId,inviterPhone,inviterName,reasons,status,currency,heldMinor,' +
        'forfeitedMinor,openMinor,heldAt,decidedBy,decidedAt,note',
    );
    expect(lines[1]).toContain(`${held.publicId},${held.phone},`);
    expect(lines[1]).toContain(',bank_name,held,BAHT,5000,0,0,');
  });
});
