import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountBalanceMinor,
  nextAccountNo,
  registerAndLogin,
  startTestApp,
  type TestApp,
} from '../../../test/helpers.ts';
import { signedInOperator } from '../../../test/operators.ts';
import { uploadSlip } from '../../../test/slips.ts';
import { checkLedger, ledgerIsSound } from '../../core/ledger/ledger.reconcile.ts';
import { HOUR_MS, MINUTE_MS } from '../../lib/clock.ts';

/**
 * Slips refused with a verified amount, reviewed by operators (docs/backoffice/deposits.md, Slips to review): sandbox
 * transfers, their sandbox slip pictures uploaded as the client does, then credited once or dismissed.
 */
let t: TestApp;
let finance: Awaited<ReturnType<typeof signedInOperator>>;
beforeAll(async () => {
  t = await startTestApp();
  // Noon in Bangkok: far from the default closed window around midnight.
  const now = t.clock.now().getTime();
  const day = 24 * HOUR_MS;
  const noonUtc = Math.floor(now / day) * day + 5 * HOUR_MS;
  t.clock.advance((noonUtc > now ? noonUtc : noonUtc + day) - now);
  finance = await signedInOperator(t, 'finance');
});
afterAll(() => t.close());

interface Member {
  id: bigint;
  publicId: string;
  token: string;
  bankCode: string;
  accountNo: string;
}

async function newMember(): Promise<Member> {
  const registered = await registerAndLogin(t, { bankCode: 'KBANK' });
  const row = await t.app.db
    .selectFrom('members')
    .select('id')
    .where('public_id', '=', registered.publicId)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    publicId: registered.publicId,
    token: registered.token,
    bankCode: 'KBANK',
    accountNo: registered.bankAccountNo,
  };
}

async function transfer(from: { bankCode: string; accountNo: string }, amount: number, extra = {}) {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/sandbox/bank/transfers',
    payload: { fromBankCode: from.bankCode, fromAccountNo: from.accountNo, amount, ...extra },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json().reference as string;
}

/** The member uploads the sandbox slip of the reference; answers the slip's id and outcome. */
async function upload(member: Member, reference: string) {
  const picture = await t.app.inject({ method: 'GET', url: `/sandbox/bank/slips/${reference}.png` });
  const answer = await uploadSlip(t, member.token, [{ bytes: picture.rawPayload }]);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { message: string; slip: { id: string } };
}

/** A NOT_MATCH slip: the member uploads the slip of a transfer sent from someone else's account. */
async function notMatchSlip(member: Member, amount: number, extra = {}) {
  const reference = await transfer({ bankCode: 'KBANK', accountNo: nextAccountNo() }, amount, extra);
  const uploaded = await upload(member, reference);
  expect(uploaded.message).toBe('NOT_MATCH');
  return { id: uploaded.slip.id, reference };
}

function credit(id: string, note?: string) {
  return t.api({
    method: 'POST',
    url: backofficePath(BACKOFFICE_API.slipCredit, id),
    headers: finance.headers,
    payload: note ? { note } : {},
  });
}

function dismiss(id: string, reason = 'not our customer') {
  return t.api({
    method: 'POST',
    url: backofficePath(BACKOFFICE_API.slipDismiss, id),
    headers: finance.headers,
    payload: { reason },
  });
}

const walletMinor = (member: Member) => accountBalanceMinor(t, 'member_wallet', member.id);
const auditOf = (id: string) =>
  t.app.db.selectFrom('audit_log').selectAll().where('target', '=', `slip:${id}`).orderBy('id').execute();

async function sound() {
  expect(ledgerIsSound(await checkLedger(t.app.db))).toBe(true);
}

describe('slips to review: list', () => {
  it('lists refused slips with a verified amount, with the member and a picture link; filters and exports CSV', async () => {
    const member = await newMember();
    const notMatch = await notMatchSlip(member, 12);
    const transferredAt = new Date(t.clock.now().getTime() - HOUR_MS - MINUTE_MS).toISOString();
    const expired = await upload(member, await transfer(member, 13, { transferredAt }));
    expect(expired.message).toBe('EXPIRED_SLIP');
    // A slip refused for another reason is not the operator's to settle from here.
    const invalid = await upload(member, await transfer(member, 14, { toAccountNo: '1112223334' }));
    expect(invalid.message).toBe('DEST_ACC_INVALID');

    const page = await t.api({ method: 'GET', url: `${BACKOFFICE_API.slips}?review=needed`, headers: finance.headers });
    expect(page.statusCode, page.body).toBe(200);
    const ids = page.json().slips.map((slip: { id: string }) => slip.id);
    expect(ids.slice(0, 2)).toEqual([expired.slip.id, notMatch.id]);
    expect(ids).not.toContain(invalid.slip.id);
    const first = page.json().slips[1];
    expect(first).toMatchObject({
      reason: 'NOT_MATCH',
      amountMinor: '1200',
      currency: 'BAHT',
      reference: notMatch.reference,
      member: { id: member.publicId },
      review: null,
    });
    // The picture link opens the stored picture.
    const picture = await t.app.inject({ method: 'GET', url: first.pictureUrl });
    expect([picture.statusCode, picture.headers['content-type']]).toEqual([200, 'image/png']);

    const onlyExpired = await t.api({
      method: 'GET',
      url: `${BACKOFFICE_API.slips}?reason=EXPIRED_SLIP&limit=100`,
      headers: finance.headers,
    });
    expect(onlyExpired.json().slips.every((slip: { reason: string }) => slip.reason === 'EXPIRED_SLIP')).toBe(true);
    const bad = await t.api({
      method: 'GET',
      url: `${BACKOFFICE_API.slips}?reason=INVALID_SLIP`,
      headers: finance.headers,
    });
    expect(bad.statusCode).toBe(400);

    const csv = await t.api({
      method: 'GET',
      url: `${BACKOFFICE_API.slipsCsv}?review=needed`,
      headers: finance.headers,
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^id,createdAt,memberId/);
    expect(lines.some((line) => line.startsWith(`${notMatch.id},`) && line.includes('NOT_MATCH'))).toBe(true);
  });
});

describe('slips to review: credit', () => {
  it("credits the slip's transfer to its member once, recorded as the slip's, audited; the same transfer cannot be credited again", async () => {
    const member = await newMember();
    const slip = await notMatchSlip(member, 80.25);
    const answer = await credit(slip.id, 'sent from his wife’s account');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      changed: true,
      slip: {
        id: slip.id,
        review: 'credited',
        reviewedBy: finance.username,
        reviewNote: 'sent from his wife’s account',
      },
    });
    expect(await walletMinor(member)).toBe(8_025n);
    const recorded = await t.app.db
      .selectFrom('bank_transfers')
      .selectAll()
      .where('reference', '=', slip.reference)
      .executeTakeFirstOrThrow();
    expect(recorded).toMatchObject({ recorded_by: 'slip', status: 'matched', member_id: member.id });
    const entry = await t.app.db
      .selectFrom('journal_entries')
      .selectAll()
      .where('id', '=', recorded.entry_id as bigint)
      .executeTakeFirstOrThrow();
    expect(entry.idempotency_key).toBe(`bank:${recorded.operator_account_no}:${slip.reference}`);

    expect((await credit(slip.id)).json()).toMatchObject({ changed: false });
    expect((await dismiss(slip.id)).json()).toEqual({ message: 'ALREADY_REVIEWED' });
    // The member uploads it again: a duplicate now; and the feed reporting it records nothing.
    expect((await upload(member, slip.reference)).message).toBe('SLIP_REFNO_DUPLICATED');
    await t.app.bankFeedMatcher.runOnce();
    const rows = await t.app.db
      .selectFrom('bank_transfers')
      .select('id')
      .where('reference', '=', slip.reference)
      .execute();
    expect(rows).toHaveLength(1);
    expect(await walletMinor(member)).toBe(8_025n);
    expect((await auditOf(slip.id)).map((line) => line.action)).toEqual(['slip.credit']);
    await sound();
  });

  it('credits once when two operators credit at the same moment, and when two slips of one transfer are credited', async () => {
    const member = await newMember();
    const slip = await notMatchSlip(member, 9);
    const answers = await Promise.all([credit(slip.id), credit(slip.id), credit(slip.id)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => answer.json().changed)).toHaveLength(1);
    expect(await walletMinor(member)).toBe(900n);

    // Two members uploaded the slip of one transfer: only one of them can be credited.
    const other = await newMember();
    const shared = await notMatchSlip(member, 7);
    const second = await upload(other, shared.reference);
    expect(second.message).toBe('NOT_MATCH');
    expect((await credit(shared.id)).statusCode).toBe(200);
    const refused = await credit(second.slip.id);
    expect([refused.statusCode, refused.json()]).toEqual([409, { message: 'ALREADY_REVIEWED' }]);
    expect(await walletMinor(other)).toBe(0n);
    expect(await auditOf(second.slip.id)).toEqual([]);
    await sound();
  });

  it('refuses a slip whose transfer the bank feed recorded first (in suspense), moving nothing', async () => {
    const member = await newMember();
    const slip = await notMatchSlip(member, 6);
    const pass = await t.app.bankFeedMatcher.runOnce();
    expect(pass.outcomes.unmatched).toBeGreaterThanOrEqual(1);
    const suspense = await accountBalanceMinor(t, 'suspense');
    const answer = await credit(slip.id);
    expect([answer.statusCode, answer.json()]).toEqual([409, { message: 'ALREADY_REVIEWED' }]);
    expect(await walletMinor(member)).toBe(0n);
    expect(await accountBalanceMinor(t, 'suspense')).toBe(suspense);
    await sound();
  });

  it('refuses a locked member, and waits for the verifier when it is down, moving nothing', async () => {
    const member = await newMember();
    const slip = await notMatchSlip(member, 3);
    await t.app.db.updateTable('members').set({ status: 'inactive' }).where('id', '=', member.id).execute();
    const locked = await credit(slip.id);
    expect([locked.statusCode, locked.json()]).toEqual([403, { message: 'INACTIVE_USER' }]);
    await t.app.db.updateTable('members').set({ status: 'active' }).where('id', '=', member.id).execute();

    const fault = (value: string) =>
      t.app.inject({ method: 'PUT', url: '/sandbox/slip-verifier/settings', payload: { fault: value } });
    expect((await fault('unavailable')).statusCode).toBe(200);
    try {
      expect((await credit(slip.id)).statusCode).toBe(503);
    } finally {
      await fault('none');
    }
    expect(await walletMinor(member)).toBe(0n);
    expect(await auditOf(slip.id)).toEqual([]);
    expect((await credit(slip.id)).json()).toMatchObject({ changed: true });
    expect(await walletMinor(member)).toBe(300n);
    await sound();
  });

  it('refuses a slip whose transfer the verifier now gives with another amount: SLIP_NOT_CREDITABLE, moving nothing', async () => {
    const member = await newMember();
    const slip = await notMatchSlip(member, 4);
    // The bank's record says otherwise now (a correction): the slip names no transfer we can credit.
    await sql`update sandbox_bank_transfers set amount_minor = 500 where reference = ${slip.reference}`.execute(
      t.app.db,
    );
    const refused = await credit(slip.id);
    expect([refused.statusCode, refused.json()]).toEqual([409, { message: 'SLIP_NOT_CREDITABLE' }]);
    expect(await walletMinor(member)).toBe(0n);
    expect(await auditOf(slip.id)).toEqual([]);
    await sound();
  });

  it('answers 404 for an unknown slip, a credited one, or one refused for another reason', async () => {
    const member = await newMember();
    expect((await credit('0123456789abcdef0123456789abcdef')).statusCode).toBe(404);
    const ok = await upload(member, await transfer(member, 5));
    expect(ok.message).toBe('SUCCESS');
    expect((await credit(ok.slip.id)).statusCode).toBe(404);
    expect((await dismiss(ok.slip.id)).statusCode).toBe(404);
  });
});

describe('slips to review: dismiss', () => {
  it('marks the slip reviewed without money, with the reason, audited; again changes nothing; credit is refused', async () => {
    const member = await newMember();
    const slip = await notMatchSlip(member, 4);
    const toReview = async (): Promise<number> =>
      (await t.api({ method: 'GET', url: BACKOFFICE_API.dashboard, headers: finance.headers })).json().pending
        .slipsToReview;
    const waiting = await toReview();
    expect(waiting).toBeGreaterThan(0);
    const answer = await dismiss(slip.id);
    expect(await toReview()).toBe(waiting - 1);
    expect(answer.json()).toMatchObject({
      changed: true,
      slip: { review: 'dismissed', reviewNote: 'not our customer' },
    });
    expect((await dismiss(slip.id)).json()).toMatchObject({ changed: false });
    expect((await credit(slip.id)).statusCode).toBe(409);
    expect(await walletMinor(member)).toBe(0n);
    const short = await t.api({
      method: 'POST',
      url: backofficePath(BACKOFFICE_API.slipDismiss, slip.id),
      headers: finance.headers,
      payload: { reason: 'no' },
    });
    expect(short.statusCode).toBe(400);
    const audit = await auditOf(slip.id);
    expect(audit.map((line) => line.action)).toEqual(['slip.dismiss']);
    expect(audit[0]?.after).toMatchObject({ review: 'dismissed', note: 'not our customer' });
    const done = await t.api({
      method: 'GET',
      url: `${BACKOFFICE_API.slips}?review=done&limit=100`,
      headers: finance.headers,
    });
    expect(done.json().slips.map((row: { id: string }) => row.id)).toContain(slip.id);
    await sound();
  });
});
