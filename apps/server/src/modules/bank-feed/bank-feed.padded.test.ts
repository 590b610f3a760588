import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountBalanceMinor,
  nextAccountNo,
  nextPhone,
  registerMember,
  startTestApp,
  type TestApp,
} from '../../../test/helpers.ts';
import type { IncomingTransfer } from '../../adapters/bank-feed/bank-feed.ts';

/**
 * Issue 39, finding 3: a KBANK number stored with a 0 before it (or after it) fitted a victim's masked sender
 * (`xxx-x-x8818-x`): the victim's transfer went to suspense (`several_members`), and a transfer from someone who
 * is no member was credited to the padded number. A stored number that does not fit its bank's length is no
 * account of that bank: it takes nothing and hides nobody (docs/accounts.md, Bank account numbers).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ BANK_FEED_INTERVAL_MS: '0' });
});
afterAll(() => t.close());

/** A member stored before each bank's length was checked: the row as it is, no registration rule applied. */
async function storedBeforeTheRule(bankAccountNo: string): Promise<bigint> {
  const row = await t.app.db
    .insertInto('members')
    .values({
      public_id: randomBytes(6).toString('hex'),
      phone: nextPhone(),
      password_hash: 'not-a-hash',
      name: 'Stranger',
      bank_code: 'KBANK',
      bank_account_no: bankAccountNo,
      bank_account_name: 'SOMCHAI JAIDEE',
      currency: 'BAHT',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A KBANK transfer as the bank shows its sender: the four digits before the last one visible. */
function from(accountNo: string, amountMinor: bigint, shown?: string): IncomingTransfer {
  return {
    reference: `PAD${randomUUID().slice(0, 12)}`,
    operatorAccountNo: '9990001234',
    senderBankCode: 'KBANK',
    senderAccountNo: shown ?? `xxx-x-x${accountNo.slice(5, 9)}-x`,
    amountMinor,
    currency: 'BAHT',
    transferredAt: t.clock.now(),
  };
}

async function reasonOf(reference: string) {
  const row = await t.app.db
    .selectFrom('bank_transfers')
    .select(['status', 'unmatched_reason', 'member_id', 'sender_account_no'])
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
  return row;
}

describe('bank feed: numbers stored padded before the rule', () => {
  it("credits the victim's own transfer to the victim, not to suspense beside a padded stranger", async () => {
    const victim = await registerMember(t, { bankAccountName: 'somchai jaidee' });
    const strangers = [await storedBeforeTheRule(`0${victim.bankAccountNo}`)];
    strangers.push(await storedBeforeTheRule(`${victim.bankAccountNo}0`));
    const transfer = from(victim.bankAccountNo, 20_000n);
    expect(await t.app.bankFeedMatcher.record(transfer)).toBe('matched');
    expect(await reasonOf(transfer.reference)).toMatchObject({ status: 'matched', member_id: victim.id });
    for (const stranger of strangers) expect(await accountBalanceMinor(t, 'member_wallet', stranger)).toBe(0n);
  });

  it('finds the member however many padded numbers were stored before them', async () => {
    const accountNo = nextAccountNo();
    const strangers: bigint[] = [];
    for (let index = 0; index < 60; index += 1) {
      strangers.push(await storedBeforeTheRule(`${index + 10}${accountNo}`));
    }
    const victim = await registerMember(t, { bankAccountNo: accountNo, bankAccountName: 'somchai jaidee' });
    const transfer = from(accountNo, 30_000n);
    expect(await t.app.bankFeedMatcher.record(transfer)).toBe('matched');
    expect(await reasonOf(transfer.reference)).toMatchObject({ status: 'matched', member_id: victim.id });
    for (const stranger of strangers) expect(await accountBalanceMinor(t, 'member_wallet', stranger)).toBe(0n);
  });

  it('credits no padded number with a transfer from someone who is no member: it waits in suspense', async () => {
    const payer = nextAccountNo();
    const stranger = await storedBeforeTheRule(`0${payer}`);
    const transfer = from(payer, 70_000n);
    expect(await t.app.bankFeedMatcher.record(transfer)).toBe('unmatched');
    expect(await reasonOf(transfer.reference)).toMatchObject({ unmatched_reason: 'no_member', member_id: null });
    expect(await accountBalanceMinor(t, 'member_wallet', stranger)).toBe(0n);
  });

  it('records a sender shown in Thai digits as ASCII digits, and matches it', async () => {
    const member = await registerMember(t);
    const thai = [...member.bankAccountNo.slice(5, 9)].map((digit) => '๐๑๒๓๔๕๖๗๘๙'[Number(digit)]).join('');
    const transfer = from(member.bankAccountNo, 500n, `xxx-x-x${thai}-x`);
    expect(await t.app.bankFeedMatcher.record(transfer)).toBe('matched');
    expect(await reasonOf(transfer.reference)).toMatchObject({
      member_id: member.id,
      sender_account_no: `xxx-x-x${member.bankAccountNo.slice(5, 9)}-x`,
    });
  });
});
