import { encode, tag, withCrcTag } from 'promptparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noDrift } from '../../../test/games.ts';
import { bearer, registerAndLogin, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { qrPng, uploadSlip } from '../../../test/slips.ts';
import { HOUR_MS } from '../../lib/clock.ts';

/**
 * BCEL OneProof slips of a kip member (docs/parties/slip-verifier.md, BCEL OneProof): the sandbox bank draws the
 * BCEL One slip, the upload reads its OneProof QR, and the OneProof verifier (the sandbox's: BCEL publishes no
 * OneProof API) answers the transfer, while Thai slips still go to the Thai verifier.
 */

const BCEL_ACCOUNT = '0101000999';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ COUNTRY: 'LA', SLIP_RETRY_INTERVAL_MS: '0', MONEY_RATE_PER_MINUTE: '1000' });
  // 12:00 in Vientiane, far from the default closed window around midnight.
  const now = t.clock.now().getTime();
  const day = 24 * HOUR_MS;
  const noon = Math.floor(now / day) * day + 5 * HOUR_MS;
  t.clock.advance((noon > now ? noon : noon + day) - now);
});
afterAll(() => t.close());

async function kipMember() {
  return registerAndLogin(t, { bankCode: 'BCEL', currency: 'LAK' });
}

/** A transfer from `from` (BCEL) to the operator's BCEL account, as the sandbox bank records it. */
async function transfer(fromAccountNo: string, amount: number): Promise<string> {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/sandbox/bank/transfers',
    payload: { fromBankCode: 'BCEL', fromAccountNo, toAccountNo: BCEL_ACCOUNT, amount, currency: 'LAK' },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().reference;
}

async function slipPicture(reference: string): Promise<Buffer> {
  const picture = await t.app.inject({ method: 'GET', url: `/sandbox/bank/slips/${reference}.png` });
  expect(picture.statusCode).toBe(200);
  return picture.rawPayload;
}

async function wallet(token: string): Promise<number> {
  return (await t.api({ method: 'GET', url: '/api/wallet', headers: bearer(token) })).json().wallet.amount;
}

/** A OneProof QR as BCEL's layout has it, with a ticket and fccref of our choosing. */
function oneProof(ticket: string, fccref: string): string {
  const proof = encode([
    tag('00', 'BCEL'),
    tag('01', 'ONEPROOF'),
    tag('02', 'SANDBOX'),
    tag('03', ticket),
    tag('04', fccref),
  ]);
  return withCrcTag(encode([tag('00', '01'), tag('01', '11'), tag('33', proof)]), '63');
}

describe('a BCEL OneProof slip', () => {
  it('credits a kip member once: the sandbox verifies the OneProof, the reference is the ticket', async () => {
    const member = await kipMember();
    const reference = await transfer(member.bankAccountNo, 50_000);
    const picture = await slipPicture(reference);
    const first = await uploadSlip(t, member.token, [{ bytes: picture }]);
    expect(first.json()).toMatchObject({ message: 'SUCCESS', slip: { amount: 50_000, reference } });
    expect(await wallet(member.token)).toBe(50_000);
    const recorded = await t.app.db
      .selectFrom('bank_transfers')
      .select(['reference', 'operator_account_no', 'sender_bank_code', 'currency', 'recorded_by'])
      .where('reference', '=', reference)
      .execute();
    expect(recorded).toEqual([
      {
        reference,
        operator_account_no: BCEL_ACCOUNT,
        sender_bank_code: 'BCEL',
        currency: 'LAK',
        recorded_by: 'slip',
      },
    ]);
    const again = await uploadSlip(t, member.token, [{ bytes: picture }]);
    expect(again.json()).toMatchObject({ message: 'SLIP_REFNO_DUPLICATED' });
    expect(await wallet(member.token)).toBe(50_000);
    expect(await noDrift(t)).toBe(true);
  });

  it("is refused when BCEL does not know it: an unknown ticket, or a ticket with another transfer's fccref", async () => {
    const member = await kipMember();
    const reference = await transfer(member.bankAccountNo, 20_000);
    for (const qr of [oneProof('SBT0000000000000UNKNOWN', 'SBX000000000000'), oneProof(reference, 'SBX000000000000')]) {
      const answer = await uploadSlip(t, member.token, [{ bytes: qrPng([qr]) }]);
      expect(answer.json()).toMatchObject({ message: 'INVALID_SLIP' });
    }
    expect(await wallet(member.token)).toBe(0);
  });

  it("is not another member's to credit: NOT_MATCH for a kip member who did not send it", async () => {
    const sender = await kipMember();
    const other = await kipMember();
    const reference = await transfer(sender.bankAccountNo, 30_000);
    const answer = await uploadSlip(t, other.token, [{ bytes: await slipPicture(reference) }]);
    expect(answer.json()).toMatchObject({ message: 'NOT_MATCH' });
    expect(await wallet(other.token)).toBe(0);
  });
});
