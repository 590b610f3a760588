import { SLIP_REASON_CODES } from '@member-wallet/contract/error-codes';
import { generate } from 'promptparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noDrift } from '../../../test/games.ts';
import {
  accountBalanceMinor,
  bearer,
  nextAccountNo,
  registerAndLogin,
  startTestApp,
  type TestApp,
} from '../../../test/helpers.ts';
import { blankPng, bombPng, paddedPng, pngToJpeg, qrPng, uploadSlip } from '../../../test/slips.ts';
import { SANDBOX_SLIPOK_BRANCH_ID } from '../../adapters/slip-verifier/sandbox.ts';
import {
  type SlipVerification,
  type SlipVerifier,
  SlipVerifierUnavailableError,
} from '../../adapters/slip-verifier/slip-verifier.ts';
import { SlipOkVerifier } from '../../adapters/slip-verifier/slipok.ts';
import { ownBaseUrl } from '../../app.ts';
import { HOUR_MS, MINUTE_MS } from '../../lib/clock.ts';

/**
 * Slips end to end (docs/deposits/slips.md): sandbox transfers injected into the sandbox bank, their slip
 * pictures fetched from the sandbox, uploaded as the client does, verified over real HTTP by the sandbox SlipOK
 * through the SlipOK adapter (SLIP_VERIFIER=sandbox).
 */

let t: TestApp;
beforeAll(async () => {
  // Slips waiting IN_PROGRESS are asked again only by slip.masked.test.ts's passes, never on a timer here.
  t = await startTestApp({ SLIP_RETRY_INTERVAL_MS: '0' });
  await toBangkokNoon(t);
});
afterAll(() => t.close());

/** Moves the clock to the next 12:00 in Bangkok (UTC+7), far from the default closed window around midnight. */
async function toBangkokNoon(app: TestApp) {
  const now = app.clock.now().getTime();
  const day = 24 * HOUR_MS;
  const noonUtc = Math.floor(now / day) * day + 5 * HOUR_MS;
  app.clock.advance((noonUtc > now ? noonUtc : noonUtc + day) - now);
}

interface Member {
  id: bigint;
  token: string;
  bankCode: string;
  accountNo: string;
}

async function newMember(app: TestApp, bankCode = 'KBANK'): Promise<Member> {
  const registered = await registerAndLogin(app, { bankCode });
  const row = await app.app.db
    .selectFrom('members')
    .select('id')
    .where('public_id', '=', registered.publicId)
    .executeTakeFirstOrThrow();
  return { id: row.id, token: registered.token, bankCode, accountNo: registered.bankAccountNo };
}

/** A transfer from the member's account arrives at the sandbox bank; answers its reference. */
async function transfer(app: TestApp, from: { bankCode: string; accountNo: string }, amount: number, extra = {}) {
  const answer = await app.app.inject({
    method: 'POST',
    url: '/sandbox/bank/transfers',
    payload: { fromBankCode: from.bankCode, fromAccountNo: from.accountNo, amount, ...extra },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json().reference as string;
}

async function slipPicture(app: TestApp, reference: string): Promise<Buffer> {
  const answer = await app.app.inject({ method: 'GET', url: `/sandbox/bank/slips/${reference}.png` });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toBe('image/png');
  return answer.rawPayload;
}

/** Every reason the uploads of this file were answered, checked against the contract's list at the end. */
const reasonsSeen = new Set<string>();

async function upload(app: TestApp, member: Member, bytes: Buffer, filename = 'slip.png') {
  const answer = await uploadSlip(app, member.token, [{ bytes, filename }]);
  expect(answer.statusCode, answer.body).toBe(200);
  const body = answer.json();
  if (body.slip.note) reasonsSeen.add(body.slip.note);
  return body;
}

async function verifierSettings(app: TestApp, fault: string, latencyMs = 0) {
  const answer = await app.app.inject({
    method: 'PUT',
    url: '/sandbox/slip-verifier/settings',
    payload: { fault, latencyMs },
  });
  expect(answer.statusCode).toBe(200);
}

function walletMinor(member: Member) {
  return accountBalanceMinor(t, 'member_wallet', member.id);
}

async function slipCount(member: Member) {
  const row = await t.app.db
    .selectFrom('slips')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('member_id', '=', member.id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function listSlips(app: TestApp, member: Member, page = 1, limit = 10) {
  const answer = await app.api({
    method: 'POST',
    url: '/api/statement/slip',
    headers: bearer(member.token),
    payload: { page, limit },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

describe('slips: credited once', () => {
  it('credits a sandbox slip: SUCCESS, the wallet, a statement deposit from the bank, the transfer recorded', async () => {
    const member = await newMember(t);
    const reference = await transfer(t, member, 1250.5);
    const answer = await upload(t, member, await slipPicture(t, reference));
    expect(answer).toMatchObject({
      message: 'SUCCESS',
      wallet: { amount: 1250.5 },
      slip: { status: 'SUCCESS', note: null, amount: 1250.5, reference },
    });
    expect(answer.slip.link).toMatch(/^\/files\/slips\/[0-9a-f]{32}\?expires=\d+&signature=[0-9a-f]{64}$/);
    expect(await walletMinor(member)).toBe(125_050n);
    const [row] = await t.app.db.selectFrom('bank_transfers').selectAll().where('reference', '=', reference).execute();
    expect(row).toMatchObject({ status: 'matched', member_id: member.id, recorded_by: 'slip', amount_minor: 125_050n });
    const entry = await t.app.db
      .selectFrom('journal_entries')
      .selectAll()
      .where('id', '=', row?.entry_id ?? -1n)
      .executeTakeFirstOrThrow();
    expect(entry.idempotency_key).toBe(`bank:9990001234:${reference}`);
    expect(entry.reference).toEqual({ source: 'KBANK', slip: reference });
    const statement = await t.api({
      method: 'POST',
      url: '/api/statement',
      headers: bearer(member.token),
      payload: { page: 1, limit: 10 },
    });
    expect(statement.json().statements).toMatchObject([
      { statementType: 'deposit', status: 'SUCCESS', from: 'KBANK', to: 'wallet', amount: 1250.5 },
    ]);

    // The same slip again: recorded as a duplicate, nothing more credited.
    const again = await upload(t, member, await slipPicture(t, reference));
    expect(again).toMatchObject({ message: 'SLIP_REFNO_DUPLICATED', slip: { status: 'FAILED', amount: 1250.5 } });
    expect(await walletMinor(member)).toBe(125_050n);

    // The bank feed delivering the transfer afterwards finds it recorded: nothing more.
    const pass = await t.app.bankFeedMatcher.runOnce();
    expect(pass.outcomes.matched).toBe(0);
    expect(pass.outcomes.conflict).toBe(0);
    expect(pass.outcomes.duplicate).toBeGreaterThanOrEqual(1);
    expect(await walletMinor(member)).toBe(125_050n);
    expect(await noDrift(t)).toBe(true);
  });

  it('holds a slip past the member own deposit limit in suspense, never credited, and says what is left', async () => {
    const member = await newMember(t);
    const none = { day: null, week: null, month: null };
    const limits = await t.api({
      method: 'PUT',
      url: '/api/rg/limits',
      headers: bearer(member.token),
      payload: { deposit: { ...none, day: 1000 }, loss: none },
    });
    expect(limits.statusCode).toBe(200);
    const reference = await transfer(t, member, 1000.01);
    const answer = await uploadSlip(t, member.token, [
      { bytes: await slipPicture(t, reference), filename: 'slip.png' },
    ]);
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ message: 'DEPOSIT_LIMIT_REACHED', detail: '1000.00' });
    expect(await walletMinor(member)).toBe(0n);
    const [row] = await t.app.db.selectFrom('bank_transfers').selectAll().where('reference', '=', reference).execute();
    expect(row).toMatchObject({ status: 'unmatched', unmatched_reason: 'deposit_limit', member_id: member.id });
    const [slip] = (await listSlips(t, member)).slips;
    expect(slip).toMatchObject({ status: 'FAILED', note: 'DEPOSIT_HELD', reference });
    reasonsSeen.add(slip.note);
    // The feed delivering it later finds it recorded, held: nothing is credited.
    expect((await t.app.bankFeedMatcher.runOnce()).outcomes.matched).toBe(0);
    expect(await walletMinor(member)).toBe(0n);
    expect(await noDrift(t)).toBe(true);
  });

  it('takes JPEG pictures of slips, to the MANUAL account the feed does not report', async () => {
    const member = await newMember(t, 'SCB');
    const reference = await transfer(t, member, 40, { toAccountNo: '9990005678' });
    // The MANUAL account has no feed: the matcher never sees the transfer, only the slip proves it.
    await t.app.bankFeedMatcher.runOnce();
    expect(await walletMinor(member)).toBe(0n);
    const jpeg = pngToJpeg(await slipPicture(t, reference));
    // A page appended after the picture's end is not kept: the stored file is the picture that was read.
    const page = Buffer.from('<html><script>alert(1)</script></html>');
    const answer = await upload(t, member, Buffer.concat([jpeg, page]), 'slip.jpg');
    expect(answer).toMatchObject({ message: 'SUCCESS', wallet: { amount: 40 } });
    const stored = await t.app.db.selectFrom('slips').selectAll().where('reference', '=', reference).execute();
    expect(stored).toMatchObject([{ content_type: 'image/jpeg', status: 'SUCCESS', size_bytes: jpeg.length }]);
    expect(stored[0]?.file_name).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect((await t.app.slipStore.read(stored[0]?.file_name ?? ''))?.equals(jpeg)).toBe(true);
  });

  it('refuses a slip of a transfer the bank feed already matched, and one waiting in suspense', async () => {
    const member = await newMember(t);
    const reference = await transfer(t, member, 75);
    expect((await t.app.bankFeedMatcher.runOnce()).outcomes.matched).toBe(1);
    const answer = await upload(t, member, await slipPicture(t, reference));
    expect(answer).toMatchObject({ message: 'SLIP_REFNO_DUPLICATED', wallet: { amount: 75 } });

    // From an account nobody registered: the feed puts it in suspense; a slip does not take it out (issue 7).
    const stranger = { bankCode: 'KBANK', accountNo: nextAccountNo() };
    const suspended = await transfer(t, stranger, 33);
    expect((await t.app.bankFeedMatcher.runOnce()).outcomes.unmatched).toBe(1);
    const late = await upload(t, member, await slipPicture(t, suspended));
    expect(late).toMatchObject({ message: 'SLIP_REFNO_DUPLICATED', wallet: { amount: 75 } });
    expect(await noDrift(t)).toBe(true);
  });

  it('credits one slip uploaded at once by its member twice and by another member', async () => {
    const owner = await newMember(t);
    const other = await newMember(t);
    const reference = await transfer(t, owner, 500);
    const picture = await slipPicture(t, reference);
    const answers = await Promise.all([
      upload(t, owner, picture),
      upload(t, owner, picture),
      upload(t, other, picture),
    ]);
    const messages = answers.map((answer) => answer.message);
    expect(messages.filter((message) => message === 'SUCCESS')).toHaveLength(1);
    expect(messages[2]).toMatch(/^(NOT_MATCH|SLIP_REFNO_DUPLICATED)$/);
    expect(await walletMinor(owner)).toBe(50_000n);
    expect(await walletMinor(other)).toBe(0n);
    const recorded = await t.app.db
      .selectFrom('bank_transfers')
      .select('id')
      .where('reference', '=', reference)
      .execute();
    expect(recorded).toHaveLength(1);
    expect(await noDrift(t)).toBe(true);
  });

  it('credits once when ten uploads of one slip race', async () => {
    // Registered accounts are unique, so rightful claimants are one member on several devices. A node lets a
    // member have 2 uploads in flight (lib/in-flight.ts): ten at once is a member across nodes, so the service
    // is raced directly, as the nodes would.
    const member = await newMember(t);
    const reference = await transfer(t, member, 10);
    const picture = await slipPicture(t, reference);
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.app.slips.upload(member.id, picture)));
    expect(answers.filter((answer) => answer.message === 'SUCCESS')).toHaveLength(1);
    expect(answers.filter((answer) => answer.message === 'SLIP_REFNO_DUPLICATED')).toHaveLength(9);
    expect(await walletMinor(member)).toBe(1_000n);
    expect(await slipCount(member)).toBe(10);
  });
});

describe('slips: every reason', () => {
  it('DEST_ACC_INVALID: the money went to an account that is not the operator’s', async () => {
    const member = await newMember(t);
    const reference = await transfer(t, member, 20, { toAccountNo: '1112223334' });
    const answer = await upload(t, member, await slipPicture(t, reference));
    expect(answer).toMatchObject({ message: 'DEST_ACC_INVALID', slip: { status: 'FAILED', note: 'DEST_ACC_INVALID' } });
    expect(await walletMinor(member)).toBe(0n);
  });

  it('NOT_MATCH: the transfer was sent from another account than the member registered', async () => {
    const member = await newMember(t);
    const someoneElse = { bankCode: 'KBANK', accountNo: nextAccountNo() };
    const reference = await transfer(t, someoneElse, 20);
    expect(await upload(t, member, await slipPicture(t, reference))).toMatchObject({ message: 'NOT_MATCH' });
    // The same account number at another bank is another account.
    const otherBank = await transfer(t, { bankCode: 'SCB', accountNo: member.accountNo }, 20);
    expect(await upload(t, member, await slipPicture(t, otherBank))).toMatchObject({ message: 'NOT_MATCH' });
    expect(await walletMinor(member)).toBe(0n);
  });

  it('EXPIRED_SLIP: uploaded more than an hour after the transfer', async () => {
    const member = await newMember(t);
    const transferredAt = new Date(t.clock.now().getTime() - HOUR_MS - MINUTE_MS).toISOString();
    const reference = await transfer(t, member, 20, { transferredAt });
    expect(await upload(t, member, await slipPicture(t, reference))).toMatchObject({ message: 'EXPIRED_SLIP' });
    // Just inside the hour: credited.
    const inTime = new Date(t.clock.now().getTime() - HOUR_MS + MINUTE_MS).toISOString();
    const fresh = await transfer(t, member, 21, { transferredAt: inTime });
    expect(await upload(t, member, await slipPicture(t, fresh))).toMatchObject({ message: 'SUCCESS' });
    expect(await walletMinor(member)).toBe(2_100n);
  });

  it('INVALID_SLIP: a QR that is not a slip, a bad checksum, a transfer the bank does not know', async () => {
    const member = await newMember(t);
    const notSlip = await upload(t, member, qrPng(['https://example.com/promo']));
    expect(notSlip).toMatchObject({ message: 'INVALID_SLIP', slip: { reference: null, amount: 0 } });
    const good = generate.slipVerify({ sendingBank: '004', transRef: 'UNKNOWN0000000001' });
    expect(await upload(t, member, qrPng([`${good.slice(0, -4)}0000`]))).toMatchObject({ message: 'INVALID_SLIP' });
    const unknown = await upload(t, member, qrPng([good]));
    expect(unknown).toMatchObject({ message: 'INVALID_SLIP', slip: { reference: 'UNKNOWN0000000001' } });
    // A known reference under another sending bank is not that transfer.
    const reference = await transfer(t, member, 20);
    const wrongBank = generate.slipVerify({ sendingBank: '014', transRef: reference });
    expect(await upload(t, member, qrPng([wrongBank]))).toMatchObject({ message: 'INVALID_SLIP' });
    expect(await walletMinor(member)).toBe(0n);
  });

  it('UNSTABLE_REFNO_ON_SLIP: two different slips in one picture; a reference the bank reports two ways waits', async () => {
    const member = await newMember(t);
    const first = await transfer(t, member, 20);
    const second = await transfer(t, member, 30);
    const both = qrPng([
      generate.slipVerify({ sendingBank: '004', transRef: first }),
      generate.slipVerify({ sendingBank: '004', transRef: second }),
    ]);
    expect(await upload(t, member, both)).toMatchObject({ message: 'UNSTABLE_REFNO_ON_SLIP' });
    // SlipOK has no "unstable": the sandbox answers its "wait N minutes" (1010), so the slip waits to be asked again.
    const reference = await transfer(t, member, 40);
    await transfer(t, member, 41, { reference });
    expect(await upload(t, member, await slipPicture(t, reference))).toMatchObject({
      message: 'IN_PROGRESS',
      slip: { reference },
    });
    expect(await walletMinor(member)).toBe(0n);
  });

  it('UNKNOW_ERROR when the verifier does not answer, IN_PROGRESS when its bank is down; nothing credited', async () => {
    const member = await newMember(t);
    const reference = await transfer(t, member, 60);
    const picture = await slipPicture(t, reference);
    try {
      // The bank's service refusing under load: SlipOK's 1009, asked again later.
      await verifierSettings(t, 'captcha');
      expect(await upload(t, member, picture)).toMatchObject({ message: 'IN_PROGRESS' });
      await verifierSettings(t, 'unavailable');
      expect(await upload(t, member, picture)).toMatchObject({ message: 'UNKNOW_ERROR', slip: { reference } });
      await verifierSettings(t, 'garbage', 20);
      expect(await upload(t, member, picture)).toMatchObject({ message: 'UNKNOW_ERROR' });
    } finally {
      await verifierSettings(t, 'none');
    }
    expect(await walletMinor(member)).toBe(0n);
    // The transfer was not used up: the same slip, once the verifier is back, is credited.
    expect(await upload(t, member, picture)).toMatchObject({ message: 'SUCCESS', wallet: { amount: 60 } });
  });

  it('CROPPED_IMAGE_UNREADABLE and IMAGE_SIZE_UNPROCESSABLE: no QR in the picture, or a picture too small', async () => {
    const member = await newMember(t);
    expect(await upload(t, member, blankPng(400, 600))).toMatchObject({ message: 'CROPPED_IMAGE_UNREADABLE' });
    expect(await upload(t, member, blankPng(150, 300))).toMatchObject({
      message: 'IMAGE_SIZE_UNPROCESSABLE',
      slip: { status: 'FAILED', amount: 0, reference: null },
    });
    expect(await slipCount(member)).toBe(2);
  });

  it('FILE_MISSING: a picture that could not be kept is recorded without a file and not verified', async () => {
    // UPLOAD_DIR names a file, not a folder: every save fails, as on a full or broken disk.
    const broken = await startTestApp({ UPLOAD_DIR: '/dev/null/uploads' });
    try {
      await toBangkokNoon(broken);
      const member = await newMember(broken);
      const reference = await transfer(broken, member, 20);
      const answer = await upload(broken, member, await slipPicture(broken, reference));
      expect(answer).toMatchObject({ message: 'FILE_MISSING', slip: { status: 'FAILED', link: null } });
      expect(await accountBalanceMinor(broken, 'member_wallet', member.id)).toBe(0n);
      expect(broken.logs.join('')).toContain('slip picture could not be stored');
    } finally {
      await broken.close();
    }
  });
});

describe('slips: files refused', () => {
  it('answers 400 with a clear code, records nothing and credits nothing', async () => {
    const member = await newMember(t);
    const reference = await transfer(t, member, 20);
    const png = await slipPicture(t, reference);
    const oversize = 5 * 1024 * 1024 + 1;
    const refusals: [string, Awaited<ReturnType<typeof uploadSlip>>][] = [
      ['SLIP_NO_FILE', await uploadSlip(t, member.token, [], { note: 'hello' })],
      ['SLIP_NO_FILE', await uploadSlip(t, member.token, [{ field: 'picture', bytes: png }])],
      ['SLIP_NO_FILE', await uploadSlip(t, member.token, [{ bytes: Buffer.alloc(0) }])],
      ['SLIP_INVALID_FILE', await uploadSlip(t, member.token, [{ bytes: Buffer.from('not a picture at all') }])],
      // A valid picture of the slip, padded to one byte over the limit.
      ['SLIP_INVALID_FILE', await uploadSlip(t, member.token, [{ bytes: paddedPng(png, oversize - png.length - 12) }])],
      ['SLIP_INVALID_FILE', await uploadSlip(t, member.token, [{ bytes: png.subarray(0, png.length - 100) }])],
      ['SLIP_INVALID_FILE', await uploadSlip(t, member.token, [{ bytes: pngToJpeg(png).subarray(0, 3000) }])],
      ['SLIP_INVALID_FILE', await uploadSlip(t, member.token, [{ bytes: bombPng() }])],
      ['SLIP_INVALID_FILE', await uploadSlip(t, member.token, [{ bytes: png }, { bytes: png }])],
    ];
    for (const [code, answer] of refusals) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toEqual({ message: code });
    }
    const json = await t.api({
      method: 'POST',
      url: '/api/wallet/slip',
      headers: bearer(member.token),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ message: 'SLIP_NO_FILE' });
    expect(await slipCount(member)).toBe(0);
    expect(await walletMinor(member)).toBe(0n);
    // The slip itself is still good, padded to the limit exactly too.
    const atLimit = paddedPng(png, oversize - 1 - png.length - 12);
    expect(atLimit.length).toBe(5 * 1024 * 1024);
    expect(await upload(t, member, atLimit)).toMatchObject({ message: 'SUCCESS' });
  });

  it('needs a session', async () => {
    const answer = await uploadSlip(t, 'not-a-token', [{ bytes: blankPng(300, 300) }]);
    expect(answer.statusCode).toBe(401);
  });
});

describe('slips: the daily closed window', () => {
  it('tells the window and refuses uploads inside it with 403 SLIP_UPLOAD_FAIL, storing nothing', async () => {
    const member = await newMember(t);
    const lookup = await t.api({ method: 'GET', url: '/api/lookup/slip', headers: bearer(member.token) });
    expect(lookup.json()).toEqual({ closeFrom: '23:50', closeTo: '00:10', timeZone: 'Asia/Bangkok', closed: false });
    const reference = await transfer(t, member, 20);
    const picture = await slipPicture(t, reference);
    // 11:50 to 12:10 Bangkok time: it is 12:00 there now.
    await t.app.slipWindow.set({ closeFrom: '11:50', closeTo: '12:10' });
    try {
      const closed = await t.api({ method: 'GET', url: '/api/lookup/slip', headers: bearer(member.token) });
      expect(closed.json()).toMatchObject({ closeFrom: '11:50', closeTo: '12:10', closed: true });
      const answer = await uploadSlip(t, member.token, [{ bytes: picture }]);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ message: 'SLIP_UPLOAD_FAIL' });
      expect(await slipCount(member)).toBe(0);
      // A window spanning midnight, and an empty one.
      await t.app.slipWindow.set({ closeFrom: '23:00', closeTo: '12:01' });
      expect((await t.app.slipWindow.lookup()).closed).toBe(true);
      await t.app.slipWindow.set({ closeFrom: '12:00', closeTo: '12:00' });
      expect((await t.app.slipWindow.lookup()).closed).toBe(false);
    } finally {
      await t.app.slipWindow.set({ closeFrom: '23:50', closeTo: '00:10' });
    }
    expect(await upload(t, member, picture)).toMatchObject({ message: 'SUCCESS' });
  });

  it('lets the sandbox set the window, as end-to-end tests do so that no time of day closes it', async () => {
    const sandbox = (payload: object) => t.app.inject({ method: 'PUT', url: '/sandbox/settings/slipWindow', payload });
    try {
      expect((await sandbox({ closeFrom: '11:50', closeTo: '12:10' })).json()).toEqual({ message: 'OK' });
      expect(await t.app.slipWindow.lookup()).toMatchObject({ closeFrom: '11:50', closeTo: '12:10', closed: true });
      expect((await sandbox({ closeFrom: '00:00', closeTo: '00:00' })).statusCode).toBe(200);
      expect((await t.app.slipWindow.lookup()).closed).toBe(false);
      const bad = await sandbox({ closeFrom: '24:00', closeTo: '00:00' });
      expect([bad.statusCode, bad.json()]).toEqual([
        400,
        { message: 'KEY_INVALID', fields: { closeFrom: 'KEY_INVALID' } },
      ]);
    } finally {
      await t.app.slipWindow.set({ closeFrom: '23:50', closeTo: '00:10' });
    }
  });
});

describe('slips: the list, references and pictures', () => {
  it("pages the member's own slips, newest first", async () => {
    const member = await newMember(t);
    const other = await newMember(t);
    for (const width of [300, 301, 302]) await upload(t, member, blankPng(width, 400));
    const first = await listSlips(t, member, 1, 2);
    expect(first.total).toBe(3);
    expect(first.slips).toHaveLength(2);
    expect(first.slips[0]).toMatchObject({ status: 'FAILED', note: 'CROPPED_IMAGE_UNREADABLE', amount: 0 });
    const second = await listSlips(t, member, 2, 2);
    expect(second.slips).toHaveLength(1);
    const ids = [...first.slips, ...second.slips].map((slip: { id: string }) => slip.id);
    expect(new Set(ids).size).toBe(3);
    const rows = await t.app.db
      .selectFrom('slips')
      .select('public_id')
      .where('member_id', '=', member.id)
      .orderBy('id', 'desc')
      .execute();
    expect(ids).toEqual(rows.map((row) => row.public_id));
    expect(await listSlips(t, other)).toEqual({ total: 0, slips: [] });
    expect((await listSlips(t, member, 3, 2)).slips).toEqual([]);
  });

  it("answers the picture URL of the member's own slip by reference, served only with a valid signature", async () => {
    const member = await newMember(t);
    const other = await newMember(t);
    const reference = await transfer(t, member, 20);
    const picture = await slipPicture(t, reference);
    await upload(t, member, picture);
    const byReference = await t.api({
      method: 'GET',
      url: `/api/statement/slip/reference/${reference}`,
      headers: bearer(member.token),
    });
    expect(byReference.statusCode).toBe(200);
    const { url } = byReference.json() as { url: string };
    for (const asked of [reference, 'NO-SUCH-REFERENCE']) {
      const refused = await t.api({
        method: 'GET',
        url: `/api/statement/slip/reference/${asked}`,
        headers: bearer(other.token),
      });
      expect(refused.statusCode).toBe(404);
    }

    // No bearer token needed (a new window): the signed URL is the credential.
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-disposition']).toMatch(/^inline; filename="slip-[0-9a-f]{32}\.png"$/);
    expect(image.rawPayload.equals(picture)).toBe(true);

    const parsed = new URL(url, 'http://x');
    const signature = parsed.searchParams.get('signature') ?? '';
    const tampered = `${parsed.pathname}?expires=${parsed.searchParams.get('expires')}&signature=${signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}`;
    const later = `${parsed.pathname}?expires=${Number(parsed.searchParams.get('expires')) + 3600}&signature=${signature}`;
    const [otherSlip] = (await listSlips(t, other)).slips;
    expect(otherSlip).toBeUndefined();
    const foreign = await upload(t, other, blankPng(300, 300));
    const swapped = `/files/slips/${foreign.slip.id}${parsed.search}`;
    for (const bad of [
      tampered,
      later,
      swapped,
      `${parsed.pathname}`,
      '/files/slips/not-an-id?expires=1&signature=x',
    ]) {
      const refused = await t.app.inject({ method: 'GET', url: bad });
      expect(refused.statusCode, bad).toBe(403);
    }
    // Expired after its 15 minutes.
    t.clock.advance(16 * MINUTE_MS);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
  });

  it('answers 404 for a sandbox slip picture of an unknown transfer', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/sandbox/bank/slips/NO-SUCH-REFERENCE.png' });
    expect(answer.statusCode).toBe(404);
  });
});

describe('slips: the verifier party and limits', () => {
  it('the sandbox SlipOK refuses a wrong key, and an unreachable verifier is no answer', async () => {
    const query = { qr: 'X1', kind: 'thai', sendingBank: '004', transRef: 'X1', picture: null } as const;
    const nowhere = new SlipOkVerifier({ baseUrl: () => 'http://127.0.0.1:9', branchId: '1', apiKey: 'k' });
    await expect(nowhere.verify(query)).rejects.toThrow(SlipVerifierUnavailableError);
    const wrongKey = new SlipOkVerifier({
      baseUrl: () => `${ownBaseUrl(t.app)}/sandbox/slipok`,
      branchId: SANDBOX_SLIPOK_BRANCH_ID,
      apiKey: 'not-the-key',
    });
    await expect(wrongKey.verify(query)).rejects.toThrow(/refused our API key/);
  });

  it('what a verifier answers beyond the sandbox SlipOK: captcha, unstable, its own duplicate check', async () => {
    const answers: SlipVerification[] = [{ status: 'captcha_failed' }, { status: 'unstable' }, { status: 'duplicate' }];
    const scripted: SlipVerifier = { verify: async () => answers.shift() ?? { status: 'not_found' } };
    const app = await startTestApp({ SLIP_RETRY_INTERVAL_MS: '0' }, { slipVerifier: scripted });
    try {
      await toBangkokNoon(app);
      const member = await newMember(app);
      const picture = await slipPicture(app, await transfer(app, member, 70));
      for (const message of ['TRIPPLE_WRONG_CAPTCHA', 'UNSTABLE_REFNO_ON_SLIP', 'SLIP_REFNO_DUPLICATED']) {
        expect(await upload(app, member, picture)).toMatchObject({ message });
      }
      expect(await accountBalanceMinor(app, 'member_wallet', member.id)).toBe(0n);
    } finally {
      await app.close();
    }
  });

  it('counts uploads against MONEY_RATE_PER_MINUTE', async () => {
    const limited = await startTestApp({ MONEY_RATE_PER_MINUTE: '2' });
    try {
      await toBangkokNoon(limited);
      const member = await newMember(limited);
      for (let attempt = 0; attempt < 2; attempt++) {
        expect((await uploadSlip(limited, member.token, [{ bytes: blankPng(300, 300) }])).statusCode).toBe(200);
      }
      const third = await uploadSlip(limited, member.token, [{ bytes: blankPng(300, 300) }]);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ message: 'REQUEST_LIMIT_1MIN' });
    } finally {
      await limited.close();
    }
  });
});

describe('slips: the books', () => {
  it('every reason code of the contract was reached, and no drift is left', async () => {
    expect([...reasonsSeen].sort()).toEqual([...SLIP_REASON_CODES].sort());
    expect(await noDrift(t)).toBe(true);
  });
});
