import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import {
  type BankNameChangeStatus,
  bankNameChangePage,
  bankNameChangeResponse,
} from '@member-wallet/contract/backoffice/bank-name-changes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerMember, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { signedInOperator } from '../../../test/operators.ts';

/**
 * Issue 39, finding 10: `PUT /api/account/bankAccountName` applies only the same name spelt differently
 * (docs/accounts.md, Changing the bank account name); any other name changes nothing and waits for an operator
 * (docs/backoffice/bank-name-changes.md). Run on PGlite and, with DATABASE_URL, on PostgreSQL, where the races
 * really run at once.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof registerMember>>;

function putName(member: Member, bankAccountName: string, bankCode = member.bankCode) {
  return t.api({
    method: 'PUT',
    url: '/api/account/bankAccountName',
    headers: bearer(member.token),
    payload: { bankCode, bankAccountName },
  });
}

async function storedName(member: Member): Promise<string> {
  const profile = await t.api({ method: 'GET', url: '/api/account/profile', headers: bearer(member.token) });
  return profile.json().bankAccountName;
}

const requestsOf = (member: Member) =>
  t.app.db
    .selectFrom('bank_name_changes')
    .select(['id', 'bank_code', 'name_from', 'name_to', 'status', 'decided_by', 'reason'])
    .where('member_id', '=', member.id)
    .orderBy('id')
    .execute();

/** A member registered on `bankCode` whose stored account name is `name` (written as an older row would be). */
async function memberNamed(bankCode: string, name: string): Promise<Member> {
  const member = await registerMember(t, { bankCode, bankAccountName: 'SOMCHAI JAIDEE' });
  await t.app.db.updateTable('members').set({ bank_account_name: name }).where('id', '=', member.id).execute();
  return member;
}

async function pendingRequestOf(member: Member): Promise<string> {
  const [request] = await requestsOf(member);
  if (!request) throw new Error('no request filed');
  return String(request.id);
}

function decide(kind: 'approve' | 'reject', id: string, headers: Record<string, string>, payload?: object) {
  const pattern = kind === 'approve' ? BACKOFFICE_API.bankNameChangeApprove : BACKOFFICE_API.bankNameChangeReject;
  return t.api({
    method: 'POST',
    url: backofficePath(pattern, id),
    headers,
    payload: payload ?? (kind === 'approve' ? {} : { reason: 'Not the same person' }),
  });
}

const auditOf = (member: Member) =>
  t.app.db
    .selectFrom('audit_log')
    .select(['actor', 'action', 'before', 'after'])
    .where('target', '=', `member:${member.publicId}`)
    .where('action', 'like', 'bank_name_change.%')
    .orderBy('id')
    .execute();

describe('the member changes the bank account name', () => {
  it('files a wholly different name on KBANK for review and changes nothing', async () => {
    const member = await registerMember(t, { bankCode: 'KBANK', bankAccountName: 'SOMCHAI JAIDEE' });
    const answer = await putName(member, 'someone else');
    expect([answer.statusCode, answer.json()]).toEqual([200, { message: 'REVIEW' }]);
    expect(await storedName(member)).toBe('SOMCHAI JAIDEE');
    expect(await requestsOf(member)).toMatchObject([
      { bank_code: 'KBANK', name_from: 'SOMCHAI JAIDEE', name_to: 'SOMEONE ELSE', status: 'pending', decided_by: null },
    ]);
  });

  it('applies a spelling fix at once, and files nothing', async () => {
    const member = await registerMember(t, { bankCode: 'KBANK', bankAccountName: 'SOMCHAI JAIDEE' });
    expect((await putName(member, 'SOMCHAI JAIDE')).json()).toEqual({ message: 'OK' });
    expect(await storedName(member)).toBe('SOMCHAI JAIDE');
    expect(await requestsOf(member)).toEqual([]);
  });

  it("applies the romanisation of a Thai stored name on KTB (the English-name prompt's case)", async () => {
    const member = await memberNamed('KTB', 'สมชาย ใจดี');
    expect((await putName(member, 'SOMCHAI JAIDEE')).json()).toEqual({ message: 'OK' });
    expect(await storedName(member)).toBe('SOMCHAI JAIDEE');
    const other = await memberNamed('KTB', 'สมชาย ใจดี');
    expect((await putName(other, 'SOMEONE ELSE')).json()).toEqual({ message: 'REVIEW' });
    expect(await storedName(other)).toBe('สมชาย ใจดี');
  });

  it('answers OK for the name it already has, and still refuses another bank', async () => {
    const member = await registerMember(t, { bankCode: 'KBANK', bankAccountName: 'SOMCHAI JAIDEE' });
    expect((await putName(member, ' somchai  jaidee')).json()).toEqual({ message: 'OK' });
    expect((await putName(member, 'SOMEONE ELSE', 'SCB')).json()).toMatchObject({ message: 'INVALID_BANK' });
    expect(await requestsOf(member)).toEqual([]);
  });

  it('refuses any other change while one waits, a spelling too, and files again once it is decided', async () => {
    const member = await registerMember(t, { bankCode: 'KBANK', bankAccountName: 'SOMCHAI JAIDEE' });
    expect((await putName(member, 'SOMEONE ELSE')).json()).toEqual({ message: 'REVIEW' });
    for (const name of ['ANOTHER PERSON', 'SOMCHAI JAIDE']) {
      const refused = await putName(member, name);
      expect([refused.statusCode, refused.json()], name).toEqual([409, { message: 'BANK_NAME_UNDER_REVIEW' }]);
    }
    expect((await putName(member, 'SOMCHAI JAIDEE')).json()).toEqual({ message: 'OK' });
    const finance = await signedInOperator(t, 'finance');
    expect((await decide('reject', await pendingRequestOf(member), finance.headers)).statusCode).toBe(200);
    expect((await putName(member, 'ANOTHER PERSON')).json()).toEqual({ message: 'REVIEW' });
    expect((await requestsOf(member)).map((row) => [row.name_to, row.status])).toEqual([
      ['SOMEONE ELSE', 'rejected'],
      ['ANOTHER PERSON', 'pending'],
    ]);
  });

  it('files one request when the member sends two at once', async () => {
    const member = await registerMember(t, { bankCode: 'KBANK', bankAccountName: 'SOMCHAI JAIDEE' });
    const answers = await Promise.all(
      ['SOMEONE ELSE', 'ANOTHER PERSON', 'THIRD NAME'].map((name) => putName(member, name)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await requestsOf(member)).toHaveLength(1);
  });
});

async function queue(headers: Record<string, string>, status?: BankNameChangeStatus) {
  const answer = await t.api({
    method: 'GET',
    url: `${BACKOFFICE_API.bankNameChanges}${status ? `?status=${status}` : ''}`,
    headers,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return bankNameChangePage.parse(answer.json());
}

describe('an operator decides', () => {
  it('lists pending requests with the member and both names, to admin and finance only', async () => {
    const member = await registerMember(t, { bankCode: 'KBANK', bankAccountName: 'SOMCHAI JAIDEE' });
    await putName(member, 'LISTED PERSON');
    const admin = await signedInOperator(t, 'admin');
    const page = await queue(admin.headers, 'pending');
    expect(page.requests.find((row) => row.member.id === member.publicId)).toMatchObject({
      id: await pendingRequestOf(member),
      member: { phone: member.username, bankCode: 'KBANK', bankAccountNo: member.bankAccountNo },
      bankCode: 'KBANK',
      nameFrom: 'SOMCHAI JAIDEE',
      nameTo: 'LISTED PERSON',
      status: 'pending',
      decidedBy: null,
    });
    expect((await queue(admin.headers, 'approved')).requests.every((row) => row.status === 'approved')).toBe(true);
    const finance = await signedInOperator(t, 'finance');
    expect((await queue(finance.headers)).total).toBeGreaterThan(0);
    const support = await signedInOperator(t, 'support');
    const refused = await t.api({ method: 'GET', url: BACKOFFICE_API.bankNameChanges, headers: support.headers });
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: 'FORBIDDEN' }]);
  });

  it('applies an approved name, once, with its audit line', async () => {
    const member = await registerMember(t, { bankCode: 'KBANK', bankAccountName: 'SOMCHAI JAIDEE' });
    await putName(member, 'SOMEONE ELSE');
    const id = await pendingRequestOf(member);
    const admin = await signedInOperator(t, 'admin');
    const approved = await decide('approve', id, admin.headers, { note: 'Checked the bank book' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(bankNameChangeResponse.parse(approved.json())).toMatchObject({
      changed: true,
      request: { status: 'approved', decidedBy: admin.username, reason: 'Checked the bank book' },
    });
    expect(await storedName(member)).toBe('SOMEONE ELSE');
    expect((await decide('approve', id, admin.headers)).json()).toMatchObject({ changed: false });
    const opposite = await decide('reject', id, admin.headers);
    expect([opposite.statusCode, opposite.json()]).toEqual([409, { message: 'ALREADY_REVIEWED' }]);
    expect(await auditOf(member)).toEqual([
      {
        actor: admin.username,
        action: 'bank_name_change.approve',
        before: { request: id, status: 'pending', bankAccountName: 'SOMCHAI JAIDEE' },
        after: { request: id, status: 'approved', bankAccountName: 'SOMEONE ELSE', note: 'Checked the bank book' },
      },
    ]);
  });

  it('leaves the name as it was on a rejection, which needs a reason', async () => {
    const member = await registerMember(t, { bankCode: 'KBANK', bankAccountName: 'SOMCHAI JAIDEE' });
    await putName(member, 'SOMEONE ELSE');
    const id = await pendingRequestOf(member);
    const finance = await signedInOperator(t, 'finance');
    const bare = await decide('reject', id, finance.headers, { reason: 'no' });
    expect([bare.statusCode, bare.json()]).toMatchObject([400, { message: 'KEY_INVALID' }]);
    const rejected = await decide('reject', id, finance.headers);
    expect(rejected.json()).toMatchObject({
      changed: true,
      request: { status: 'rejected', reason: 'Not the same person' },
    });
    expect(await storedName(member)).toBe('SOMCHAI JAIDEE');
    const opposite = await decide('approve', id, finance.headers);
    expect([opposite.statusCode, opposite.json()]).toEqual([409, { message: 'ALREADY_REVIEWED' }]);
    expect(await auditOf(member)).toMatchObject([
      {
        action: 'bank_name_change.reject',
        after: { request: id, status: 'rejected', bankAccountName: 'SOMCHAI JAIDEE', reason: 'Not the same person' },
      },
    ]);
  });

  it('exports the requests of a filter as CSV', async () => {
    const member = await registerMember(t, { bankCode: 'KBANK', bankAccountName: 'SOMCHAI JAIDEE' });
    await putName(member, 'EXPORTED PERSON');
    const admin = await signedInOperator(t, 'admin');
    const answer = await t.api({
      method: 'GET',
      url: `${BACKOFFICE_API.bankNameChangesCsv}?status=pending`,
      headers: admin.headers,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/csv');
    const lines = answer.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'id,memberId,memberPhone,memberName,bankCode,bankAccountNo,nameFrom,nameTo,status,requestedAt,decidedBy,' +
        'decidedAt,reason',
    );
    const id = await pendingRequestOf(member);
    expect(lines.find((line) => line.startsWith(`${id},`))).toContain(
      `${member.publicId},${member.username},Somchai,KBANK,${member.bankAccountNo},SOMCHAI JAIDEE,EXPORTED PERSON,pending,`,
    );
  });

  it('answers NO_DATA for a request that does not exist', async () => {
    const admin = await signedInOperator(t, 'admin');
    for (const id of ['999999999', 'not-a-number']) {
      const answer = await decide('approve', id, admin.headers);
      expect([answer.statusCode, answer.json()], id).toEqual([404, { message: 'NO_DATA' }]);
    }
  });

  it('makes one decision when two operators decide at once', async () => {
    const admin = await signedInOperator(t, 'admin');
    const finance = await signedInOperator(t, 'finance');
    for (let round = 0; round < 4; round++) {
      const member = await registerMember(t, { bankCode: 'KBANK', bankAccountName: 'SOMCHAI JAIDEE' });
      await putName(member, `RACER NUMBER${'ABCD'[round]}`);
      const id = await pendingRequestOf(member);
      const answers = await Promise.all([
        decide('approve', id, admin.headers),
        decide('reject', id, finance.headers),
        decide('approve', id, finance.headers),
      ]);
      const decided = answers.filter((answer) => answer.statusCode === 200 && answer.json().changed === true);
      expect(decided, answers.map((answer) => answer.body).join('\n')).toHaveLength(1);
      const [row] = await requestsOf(member);
      const audit = await auditOf(member);
      expect(audit).toHaveLength(1);
      expect(audit[0]?.action).toBe(`bank_name_change.${row?.status === 'approved' ? 'approve' : 'reject'}`);
      expect(await storedName(member)).toBe(
        row?.status === 'approved' ? `RACER NUMBER${'ABCD'[round]}` : 'SOMCHAI JAIDEE',
      );
      // The others: the same decision again (changed: false), or the opposite one refused.
      for (const answer of answers.filter((each) => each !== decided[0])) {
        if (answer.statusCode === 200)
          expect(answer.json()).toMatchObject({ changed: false, request: { status: row?.status } });
        else expect([answer.statusCode, answer.json()]).toEqual([409, { message: 'ALREADY_REVIEWED' }]);
      }
    }
  });
});
