import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposit, get, noDrift, post } from '../../../test/games.ts';
import { startTestApp, type TestApp } from '../../../test/helpers.ts';
import { signedInOperator } from '../../../test/operators.ts';
import { advanceTo, BANGKOK, member, setSetting } from '../../../test/promotions.ts';
import { addLocalDays, localDayStart } from '../../lib/local-calendar.ts';
import { ACCRUAL_GRACE_MS } from './invite.service.ts';
import { INVITE_SETTINGS_KEY } from './invite.settings.ts';

/**
 * Races of the invite programme (docs/promotions/README.md, "What an abuser meets"): collections against an operator's
 * release or rejection, and accrual passes against each other and against decisions. Run on PGlite and, with
 * DATABASE_URL, on PostgreSQL, where the requests really run at once.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SESSION_TTL_HOURS: '720' });
  await setSetting(t, INVITE_SETTINGS_KEY, { enabled: true, percent: 5, successPercent: 80, collectMinimum: 0 });
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof member>>;

function closeToday(): void {
  advanceTo(t, new Date(addLocalDays(localDayStart(t.clock.now(), BANGKOK), 1, BANGKOK).getTime() + ACCRUAL_GRACE_MS));
}

const read = (inviter: Member) => post(t, inviter, '/api/invite', { page: 1, limit: 50 }, null);

function decide(kind: 'release' | 'reject', invitee: Member, headers: Record<string, string>) {
  return t.api({
    method: 'POST',
    url: backofficePath(
      kind === 'release' ? BACKOFFICE_API.inviteReviewRelease : BACKOFFICE_API.inviteReviewReject,
      invitee.publicId,
    ),
    headers,
    payload: kind === 'release' ? {} : { reason: 'Same person' },
  });
}

/** An inviter, an invitee held for its bank account name (50 held) and a clean one (25 open), accrued. */
async function heldAndClean(name: string) {
  const inviter = await member(t, { bankAccountName: `${name} RACER` });
  const held = await member(t, { inviteCode: `PR${inviter.publicId}`, bankAccountName: `${name}  racer` });
  const clean = await member(t, { inviteCode: `PR${inviter.publicId}` });
  await deposit(t, held.id, 'BAHT', 1_000);
  await deposit(t, clean.id, 'BAHT', 500);
  return { inviter, held, clean };
}

/** What the inviter has been paid by collections, in minor units, and the states of its accruals. */
async function outcome(inviter: Member) {
  const collections = await t.app.db
    .selectFrom('invite_collections')
    .select('paid_minor')
    .where('member_id', '=', inviter.id)
    .execute();
  const accruals = await t.app.db
    .selectFrom('invite_accruals')
    .select(['invitee_id', 'amount_minor', 'state', 'collection_id'])
    .where('inviter_id', '=', inviter.id)
    .execute();
  return { paidMinor: collections.reduce((sum, row) => sum + row.paid_minor, 0n), accruals };
}

describe('races', () => {
  it('a collection racing a release pays every accrual once: the held ones now or at the next collection', async () => {
    const links = [];
    for (let index = 0; index < 4; index++) links.push(await heldAndClean(`RELEASE${'ABCD'[index]}`));
    closeToday();
    for (const { inviter } of links) await read(inviter);
    const admin = await signedInOperator(t, 'admin');
    await Promise.all(
      links.flatMap(({ inviter, held }) => [
        get(t, inviter, '/api/invite/bonus'),
        decide('release', held, admin.headers),
        get(t, inviter, '/api/invite/bonus'),
        decide('release', held, admin.headers),
      ]),
    );
    for (const { inviter } of links) {
      // Whatever the order, a last collection takes what is left, and in all 80% of 75 is paid.
      await get(t, inviter, '/api/invite/bonus');
      const { paidMinor, accruals } = await outcome(inviter);
      expect(paidMinor).toBe(6000n);
      expect(accruals.map((row) => [row.state, row.collection_id !== null])).toEqual([
        ['open', true],
        ['open', true],
      ]);
    }
    expect(await noDrift(t)).toBe(true);
  });

  it('a collection racing a rejection never pays a held accrual', async () => {
    const links = [];
    for (let index = 0; index < 4; index++) links.push(await heldAndClean(`REJECT${'ABCD'[index]}`));
    closeToday();
    for (const { inviter } of links) await read(inviter);
    const finance = await signedInOperator(t, 'finance');
    await Promise.all(
      links.flatMap(({ inviter, held }) => [
        get(t, inviter, '/api/invite/bonus'),
        decide('reject', held, finance.headers),
        get(t, inviter, '/api/invite/bonus'),
      ]),
    );
    for (const { inviter, held, clean } of links) {
      const { paidMinor, accruals } = await outcome(inviter);
      expect(paidMinor).toBe(2000n);
      expect(accruals.find((row) => row.invitee_id === held.id)).toMatchObject({
        state: 'forfeited',
        collection_id: null,
      });
      expect(accruals.find((row) => row.invitee_id === clean.id)?.collection_id).not.toBeNull();
    }
    expect(await noDrift(t)).toBe(true);
  });

  it('concurrent accrual passes accrue each (invitee, day) once, on the high-water mark', async () => {
    const inviter = await member(t, { bankAccountName: 'PASSES RACER' });
    const invitees: Member[] = [];
    for (let index = 0; index < 6; index++) invitees.push(await member(t, { inviteCode: `PR${inviter.publicId}` }));
    for (const [index, invitee] of invitees.entries()) await deposit(t, invitee.id, 'BAHT', 100 * (index + 1));
    closeToday();
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => read(inviter)),
      ...Array.from({ length: 3 }, () => get(t, inviter, '/api/wallet')),
      t.app.invites.accrueDue(),
      t.app.invites.accrueDue(),
    ]);
    for (const answer of answers) if (typeof answer === 'object') expect(answer.statusCode).toBe(200);
    const { accruals } = await outcome(inviter);
    // 5% of 100, 200, …, 600: one accrual each.
    expect(accruals.map((row) => row.amount_minor).sort((a, b) => Number(a - b))).toEqual([
      500n,
      1000n,
      1500n,
      2000n,
      2500n,
      3000n,
    ]);
    expect((await get(t, inviter, '/api/wallet')).json().invite.amount).toBe(105);
  });

  it('a release racing the pass of a new day leaves nothing of the link held', async () => {
    const { inviter, held } = await heldAndClean('PASSRELEASE');
    closeToday();
    await read(inviter);
    await deposit(t, held.id, 'BAHT', 1_000);
    closeToday();
    const admin = await signedInOperator(t, 'admin');
    await Promise.all([read(inviter), decide('release', held, admin.headers), t.app.invites.accrueDue()]);
    const { accruals } = await outcome(inviter);
    expect(accruals.filter((row) => row.invitee_id === held.id).map((row) => row.state)).toEqual(['open', 'open']);
  });

  it('a rejection racing the pass of a new day leaves nothing of the link collectable', async () => {
    const { inviter, held } = await heldAndClean('PASSREJECT');
    closeToday();
    await read(inviter);
    await deposit(t, held.id, 'BAHT', 1_000);
    closeToday();
    const finance = await signedInOperator(t, 'finance');
    await Promise.all([read(inviter), decide('reject', held, finance.headers), t.app.invites.accrueDue()]);
    const { accruals } = await outcome(inviter);
    const states = accruals.filter((row) => row.invitee_id === held.id).map((row) => row.state);
    // The new day was either accrued held and then forfeited, or never accrued after the rejection.
    expect(states.every((state) => state === 'forfeited')).toBe(true);
    expect((await get(t, inviter, '/api/wallet')).json().invite.amount).toBe(25);
  });
});
