import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { personMatchPage, personMatchResponse } from '@member-wallet/contract/backoffice/person-matches';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers.ts';
import { signedInOperator } from '../../../test/operators.ts';
import { type Account, account, call, selfExclude, signIn } from '../../../test/people.ts';

/**
 * The "possible same person" queue (docs/backoffice/person-matches.md): the open matches with their evidence, an
 * audited decision (one person, or two), a CSV export of the filter.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SESSION_TTL_HOURS: '720' });
});
afterAll(() => t.close());

async function openMatchId(a: Account, b: Account): Promise<string> {
  const [high, low] = a.id > b.id ? [a.id, b.id] : [b.id, a.id];
  const row = await t.app.db
    .selectFrom('person_matches')
    .select(['id', 'status'])
    .where('member_id', '=', high)
    .where('other_member_id', '=', low)
    .executeTakeFirstOrThrow();
  expect(row.status).toBe('open');
  return String(row.id);
}

function decide(id: string, headers: Record<string, string>, decision: 'link' | 'dismiss', note?: string) {
  return t.api({
    method: 'POST',
    url: backofficePath(BACKOFFICE_API.personMatchDecide, id),
    headers,
    payload: { decision, ...(note ? { note } : {}) },
  });
}

describe('the possible same person queue', () => {
  it('lists an open match with both accounts, the signals and the block, and exports it as CSV', async () => {
    const excluded = await account(t, { bankCode: 'KBANK', bankAccountName: 'LAMAI QUEUED' });
    const other = await account(t, { bankCode: 'SCB', bankAccountName: 'นางสาว LAMAI QUEUED' });
    await selfExclude(t, excluded);
    const id = await openMatchId(excluded, other);
    const support = await signedInOperator(t, 'support');
    const answer = await t.api({
      method: 'GET',
      url: `${BACKOFFICE_API.personMatches}?status=open`,
      headers: support.headers,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const match = personMatchPage.parse(answer.json()).matches.find((row) => row.id === id);
    expect(match).toMatchObject({
      member: { id: other.publicId, bankCode: 'SCB', bankAccountName: 'นางสาว LAMAI QUEUED', block: null },
      other: { id: excluded.publicId, bankCode: 'KBANK', block: 'self_exclusion' },
      signals: ['name'],
      status: 'open',
      decidedBy: null,
    });

    const csv = await t.api({
      method: 'GET',
      url: `${BACKOFFICE_API.personMatchesCsv}?status=open`,
      headers: support.headers,
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'id,memberId,memberPhone,memberBankCode,memberBankAccountNo,memberBankAccountName,memberRegistrationIp,' +
        'memberBlock,otherId,otherPhone,otherBankCode,otherBankAccountNo,otherBankAccountName,otherRegistrationIp,' +
        'otherBlock,signals,status,foundAt,decidedBy,decidedAt,note',
    );
    expect(lines.find((line) => line.startsWith(`${id},`))).toContain(`,${excluded.publicId},${excluded.phone},KBANK,`);
  });

  it('frees the other account when an operator finds two people, audited, and decides once', async () => {
    const excluded = await account(t, { bankCode: 'KBANK', bankAccountName: 'SOMPONG NAMESAKE' });
    const namesake = await account(t, { bankCode: 'SCB', bankAccountName: 'SOMPONG NAMESAKE' });
    await selfExclude(t, excluded);
    expect((await signIn(t, namesake.phone, namesake.password)).json()).toMatchObject({ message: 'SELF_EXCLUDED' });
    const id = await openMatchId(excluded, namesake);

    const admin = await signedInOperator(t, 'admin');
    const dismissed = await decide(id, admin.headers, 'dismiss', 'Different birth dates on the ID cards');
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(personMatchResponse.parse(dismissed.json())).toMatchObject({
      changed: true,
      match: { status: 'dismissed', decidedBy: admin.username, note: 'Different birth dates on the ID cards' },
    });
    const login = await signIn(t, namesake.phone, namesake.password);
    expect(login.statusCode, login.body).toBe(200);
    const qr = await call(t, login.json().token, 'POST', '/api/qrcode/KBANK', { amount: 100 });
    expect(qr.statusCode, qr.body).toBe(200);

    expect((await decide(id, admin.headers, 'dismiss')).json()).toMatchObject({ changed: false });
    const link = await decide(id, admin.headers, 'link');
    expect([link.statusCode, link.json()]).toEqual([409, { message: 'ALREADY_REVIEWED' }]);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'after'])
      .where('target', '=', `person_match:${id}`)
      .execute();
    expect(audit).toEqual([
      {
        actor: admin.username,
        action: 'person_match.dismiss',
        after: { status: 'dismissed', note: 'Different birth dates on the ID cards' },
      },
    ]);
  });

  it('links the accounts for good when an operator finds one person: a block of one binds the other', async () => {
    const first = await account(t, { bankCode: 'KBANK', bankAccountName: 'CHUSAK ONEPERSON' });
    const second = await account(t, { bankCode: 'SCB', bankAccountName: 'CHUSAK ONEPERSON' });
    const id = await openMatchId(first, second);
    const finance = await signedInOperator(t, 'finance');
    const linked = await decide(id, finance.headers, 'link');
    expect(linked.json()).toMatchObject({ changed: true, match: { status: 'linked' } });
    const persons = await t.app.db
      .selectFrom('members')
      .select('person_id')
      .where('id', 'in', [first.id, second.id])
      .execute();
    expect(persons).toEqual([{ person_id: first.id }, { person_id: first.id }]);
    await selfExclude(t, second);
    expect((await signIn(t, first.phone, first.password)).json()).toMatchObject({ message: 'SELF_EXCLUDED' });
  });

  it('answers NO_DATA for a match that does not exist', async () => {
    const admin = await signedInOperator(t, 'admin');
    for (const id of ['999999', 'abc']) {
      const answer = await decide(id, admin.headers, 'link');
      expect([answer.statusCode, answer.json()]).toEqual([404, { message: 'NO_DATA' }]);
    }
  });
});
