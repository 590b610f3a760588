import { randomUUID } from 'node:crypto';
import { generate } from 'promptparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noDrift } from '../../../test/games.ts';
import { accountBalanceMinor, registerMember, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { qrPng, uploadSlip } from '../../../test/slips.ts';
import type {
  SlipAccount,
  SlipQuery,
  SlipVerification,
  SlipVerifier,
  VerifiedTransfer,
} from '../../adapters/slip-verifier/slip-verifier.ts';
import { HOUR_MS, MINUTE_MS } from '../../lib/clock.ts';

/**
 * Slips verified by a party that answers as the real ones do (docs/deposits/masked-accounts.md): the sender and
 * the receiver masked (`xxx-x-x0209-x`), the names in Thai and English with titles, and "come back later"
 * answers. The party is a scripted verifier given to the app; the uploads go through the member's API.
 */
class ScriptedVerifier implements SlipVerifier {
  readonly answers = new Map<string, (query: SlipQuery) => SlipVerification>();
  readonly asked: SlipQuery[] = [];

  async verify(query: SlipQuery): Promise<SlipVerification> {
    this.asked.push(query);
    const answer = this.answers.get(query.transRef);
    return answer ? answer(query) : { status: 'not_found' };
  }
}

const verifier = new ScriptedVerifier();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SLIP_RETRY_INTERVAL_MS: '0' }, { slipVerifier: verifier });
  // 12:00 in Bangkok, far from the default closed window around midnight.
  const now = t.clock.now().getTime();
  const day = 24 * HOUR_MS;
  const noon = Math.floor(now / day) * day + 5 * HOUR_MS;
  t.clock.advance((noon > now ? noon : noon + day) - now);
});
afterAll(() => t.close());

interface Member {
  id: bigint;
  token: string;
  accountNo: string;
}

async function newMember(overrides: Record<string, unknown> = {}): Promise<Member> {
  const registered = await registerMember(t, { bankCode: 'KBANK', ...overrides });
  return { id: registered.id, token: registered.token, accountNo: registered.bankAccountNo };
}

/** As SlipOK and the banks show a ten-digit account: the four digits before the last one. */
function masked(accountNo: string): string {
  return `xxx-x-x${accountNo.slice(5, 9)}-x`;
}

function side(accountNo: string | null, nameEn: string | null, bankCode: string | null = 'KBANK'): SlipAccount {
  return { bankCode, account: accountNo === null ? null : masked(accountNo), nameTh: 'นาย ส', nameEn };
}

/** A slip of a transfer the scripted party knows: answers its picture and what the party says. */
function slipOf(sender: SlipAccount, amountMinor: bigint, extra: Partial<VerifiedTransfer> = {}) {
  const transRef = `MSK${randomUUID().replaceAll('-', '').slice(0, 16).toUpperCase()}`;
  const transfer: VerifiedTransfer = {
    reference: transRef,
    amountMinor,
    currency: 'BAHT',
    sender,
    receiver: side('9990005678', 'MEMBER WALLET', 'SCB'),
    transferredAt: new Date(t.clock.now().getTime() - 5 * MINUTE_MS),
    ...extra,
  };
  verifier.answers.set(transRef, () => ({ status: 'found', transfer }));
  return { transRef, transfer, picture: qrPng([generate.slipVerify({ sendingBank: '004', transRef })]) };
}

async function upload(member: Member, picture: Buffer) {
  const answer = await uploadSlip(t, member.token, [{ bytes: picture }]);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as {
    message: string;
    slip: { id: string; status: string; note: string | null; amount: number };
  };
}

const wallet = (member: Member) => accountBalanceMinor(t, 'member_wallet', member.id);

describe('slips with masked accounts', () => {
  it('credits the uploader when the masked sender fits only them, and sends the party the QR text and the picture', async () => {
    const member = await newMember({ bankAccountName: 'somchai jaidee' });
    const { transRef, picture } = slipOf(side(member.accountNo, 'MR. SOMCHAI J'), 15_000n);
    expect(await upload(member, picture)).toMatchObject({
      message: 'SUCCESS',
      slip: { status: 'SUCCESS', amount: 150 },
    });
    expect(await wallet(member)).toBe(15_000n);
    const asked = verifier.asked.find((query) => query.transRef === transRef);
    expect(asked).toMatchObject({
      kind: 'thai',
      sendingBank: '004',
      qr: generate.slipVerify({ sendingBank: '004', transRef }),
    });
    expect(asked?.picture?.contentType).toBe('image/png');
    const recorded = await t.app.db
      .selectFrom('bank_transfers')
      .selectAll()
      .where('reference', '=', transRef)
      .executeTakeFirstOrThrow();
    expect(recorded).toMatchObject({ sender_account_no: masked(member.accountNo), operator_account_no: '9990005678' });
    expect(await noDrift(t)).toBe(true);
  });

  it('refuses NOT_MATCH when a visible digit, the bank or the English name says it was someone else', async () => {
    const member = await newMember({ bankAccountName: 'somchai jaidee' });
    const otherDigits = `${member.accountNo.slice(0, 5)}${String((Number(member.accountNo[5]) + 1) % 10)}${member.accountNo.slice(6)}`;
    for (const sender of [
      side(otherDigits, 'MR. SOMCHAI J'),
      side(member.accountNo, 'MR. SOMSAK J'),
      side(null, 'MR. SOMCHAI J'),
    ]) {
      expect(await upload(member, slipOf(sender, 1_000n).picture)).toMatchObject({
        slip: { status: 'FAILED', note: 'NOT_MATCH' },
      });
    }
    // Registered at another bank than the one the slip was sent from.
    const atScb = await newMember({ bankCode: 'SCB', bankAccountName: 'somchai jaidee' });
    expect(await upload(atScb, slipOf(side(atScb.accountNo, 'MR. SOMCHAI J'), 1_000n).picture)).toMatchObject({
      slip: { status: 'FAILED', note: 'NOT_MATCH' },
    });
    expect(await wallet(member)).toBe(0n);
    expect(await wallet(atScb)).toBe(0n);
  });

  it('credits neither of two members the masked sender fits, and leaves the slip for an operator', async () => {
    const first = await newMember({ bankAccountName: 'somchai jaidee', bankAccountNo: '1111199427' });
    await newMember({ bankAccountName: 'somchai jaidee', bankAccountNo: '2222299427' });
    const answer = await upload(first, slipOf(side(first.accountNo, 'MR. SOMCHAI J'), 2_000n).picture);
    expect(answer).toMatchObject({ slip: { status: 'FAILED', note: 'NOT_MATCH', amount: 20 } });
    expect(await wallet(first)).toBe(0n);
    // The operators' list of refused slips with a verified amount shows it, for a credit by hand.
    const review = await t.app.db
      .selectFrom('slips')
      .select(['amount_minor', 'review'])
      .where('member_id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(review).toEqual({ amount_minor: 2_000n, review: null });
  });

  it('refuses DEST_ACC_INVALID when the masked receiver is no operator account of the currency', async () => {
    const member = await newMember({ bankAccountName: 'somchai jaidee' });
    for (const receiver of [
      side('1234500001', null, 'SCB'),
      side('9990005678', null, 'BBL'),
      side(null, 'MEMBER WALLET'),
    ]) {
      const { picture } = slipOf(side(member.accountNo, 'MR. SOMCHAI J'), 1_000n, { receiver });
      expect(await upload(member, picture)).toMatchObject({ slip: { status: 'FAILED', note: 'DEST_ACC_INVALID' } });
    }
    const lak = slipOf(side(member.accountNo, 'MR. SOMCHAI J'), 1_000n, {
      receiver: side('0101000999', null, 'BCEL'),
      currency: 'LAK',
    });
    expect(await upload(member, lak.picture)).toMatchObject({ slip: { note: 'DEST_ACC_INVALID' } });
    expect(await wallet(member)).toBe(0n);
  });

  it('answers SLIP_REFNO_DUPLICATED when the party itself says it verified the slip before', async () => {
    const member = await newMember();
    const { transRef, picture } = slipOf(side(member.accountNo, null), 1_000n);
    verifier.answers.set(transRef, () => ({ status: 'duplicate' }));
    expect(await upload(member, picture)).toMatchObject({ slip: { status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED' } });
  });

  it('refuses as a duplicate the slip of a transfer a statement file recorded without the bank reference', async () => {
    const member = await newMember({ bankAccountName: 'somchai jaidee' });
    const { picture, transfer } = slipOf(side(member.accountNo, 'MR. SOMCHAI J'), 3_300n);
    // The K-BIZ line of the same transfer: its own reference, the minute only, the sender as `X` and four digits.
    const minute = new Date(Math.floor(transfer.transferredAt.getTime() / MINUTE_MS) * MINUTE_MS);
    const line = {
      reference: `kbiz-${randomUUID().replaceAll('-', '')}`,
      operatorAccountNo: '9990005678',
      senderBankCode: 'KBANK',
      senderAccountNo: `X${member.accountNo.slice(5, 9)}`,
      senderName: 'SOMCHAI JAI…',
      amountMinor: 3_300n,
      currency: 'BAHT',
      transferredAt: minute,
    };
    expect(await t.app.bankFeedMatcher.record(line)).toBe('matched');
    expect(await upload(member, picture)).toMatchObject({ slip: { status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED' } });
    expect(await wallet(member)).toBe(3_300n);
    // Another amount, or ten minutes away, is another transfer.
    const other = slipOf(side(member.accountNo, 'MR. SOMCHAI J'), 3_400n);
    expect(await upload(member, other.picture)).toMatchObject({ message: 'SUCCESS' });
    expect(await noDrift(t)).toBe(true);
  });

  it('credits once when one slip races through two parties that mask it differently', async () => {
    const member = await newMember({ bankAccountName: 'somchai jaidee' });
    const { transRef, picture, transfer: base } = slipOf(side(member.accountNo, 'MR. SOMCHAI J'), 7_700n);
    let calls = 0;
    verifier.answers.set(transRef, () => {
      calls += 1;
      // The second party shows the sender as EasySlip does: fewer digits, a different mask character.
      const sender =
        calls % 2 === 0 ? { ...base.sender, account: `XXXXXX${member.accountNo.slice(6, 10)}` } : base.sender;
      return { status: 'found', transfer: { ...base, sender } };
    });
    // Two uploads in flight per member and node (lib/in-flight.ts): six at once are nodes racing the service.
    const answers = await Promise.all(Array.from({ length: 6 }, () => t.app.slips.upload(member.id, picture)));
    expect(answers.filter((answer) => answer.message === 'SUCCESS')).toHaveLength(1);
    expect(answers.filter((answer) => answer.slip.note === 'SLIP_REFNO_DUPLICATED')).toHaveLength(5);
    expect(await wallet(member)).toBe(7_700n);
    expect(await noDrift(t)).toBe(true);
  });
});

describe('slips the party asks us to come back for', () => {
  async function due() {
    return t.app.slipRetries.runOnce();
  }

  it('waits IN_PROGRESS on a quota or a bank not yet ready, then credits once when the party answers', async () => {
    const member = await newMember({ bankAccountName: 'somchai jaidee' });
    const { transRef, picture } = slipOf(side(member.accountNo, 'MR. SOMCHAI J'), 4_200n);
    const found = verifier.answers.get(transRef);
    if (!found) throw new Error('scripted');
    verifier.answers.set(transRef, () => ({ status: 'retry_later', reason: 'quota' }));
    expect(await upload(member, picture)).toMatchObject({
      message: 'IN_PROGRESS',
      slip: { status: 'IN_PROGRESS', note: null },
    });
    expect(await wallet(member)).toBe(0n);
    // Not due yet: nothing is asked.
    const asked = verifier.asked.length;
    expect(await due()).toEqual({ checked: 0, settled: 0 });
    expect(verifier.asked.length).toBe(asked);
    // Still not ready at the first retry; the party answers at the second. Two nodes' passes race for it.
    t.clock.advance(MINUTE_MS);
    verifier.answers.set(transRef, () => ({ status: 'retry_later', reason: 'bank_not_ready' }));
    expect(await due()).toEqual({ checked: 1, settled: 0 });
    t.clock.advance(2 * MINUTE_MS);
    verifier.answers.set(transRef, found);
    const passes = await Promise.all([due(), due()]);
    expect(passes.reduce((sum, pass) => sum + pass.settled, 0)).toBe(1);
    expect(await wallet(member)).toBe(4_200n);
    const row = await t.app.db
      .selectFrom('slips')
      .selectAll()
      .where('reference', '=', transRef)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'SUCCESS', attempts: 3, next_check_at: null });
    // A picture refused before any asking counts none.
    const blank = await upload(member, qrPng([]));
    expect(blank.slip.note).toBe('CROPPED_IMAGE_UNREADABLE');
    const refused = await t.app.db
      .selectFrom('slips')
      .select('attempts')
      .where('public_id', '=', blank.slip.id)
      .executeTakeFirstOrThrow();
    expect(refused.attempts).toBe(0);
    expect(await noDrift(t)).toBe(true);
  });

  it('judges the slip’s age at its upload, not at the retry', async () => {
    const member = await newMember({ bankAccountName: 'somchai jaidee' });
    const { transRef, picture } = slipOf(side(member.accountNo, 'MR. SOMCHAI J'), 1_100n, {
      transferredAt: new Date(t.clock.now().getTime() - 50 * MINUTE_MS),
    });
    const found = verifier.answers.get(transRef);
    if (!found) throw new Error('scripted');
    verifier.answers.set(transRef, () => ({ status: 'retry_later', reason: 'bank_unavailable' }));
    await upload(member, picture);
    t.clock.advance(30 * MINUTE_MS);
    verifier.answers.set(transRef, found);
    await due();
    expect(await wallet(member)).toBe(1_100n);
  });

  it('gives up with UNKNOW_ERROR when the party keeps asking to wait past the retry window', async () => {
    const member = await newMember();
    const { transRef, picture } = slipOf(side(member.accountNo, null), 1_000n);
    verifier.answers.set(transRef, () => ({ status: 'retry_later', reason: 'quota' }));
    await upload(member, picture);
    for (let hour = 0; hour < 8; hour++) {
      t.clock.advance(HOUR_MS);
      await due();
    }
    const row = await t.app.db
      .selectFrom('slips')
      .selectAll()
      .where('reference', '=', transRef)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'FAILED', note: 'UNKNOW_ERROR', next_check_at: null });
    expect(await wallet(member)).toBe(0n);
  });
});
